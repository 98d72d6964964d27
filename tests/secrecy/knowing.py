"""What a seat knows: the board the judge keeps for it (judge/game/seat_board.py).

After the turn that differs the two games' true boards differ, so the harness's players
write their later orders from what each has been told, never from the true board: the
board his seat is shown (his knowledge record folded onto the visibility's board, which
BOARD, LIST, MAP and his turn reports read). Read from game A and sent to both; if it is
not the same in game B, that is itself a leak (`differing`), which the viewer's BOARD
would show too.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.visibility import Role, Viewer
from judge.game.games import find_game, game_variant, position_of
from judge.game.seat_board import board_known, record_now
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation


def viewer_of(power: str) -> Viewer:
    """A player's viewer, or an observer's for '' (docs: an observer's seat)."""
    return Viewer(Role.PLAYER, power) if power else Viewer.observer()


def known(talk: Conversation, game: str, power: str) -> Position | None:
    """The board of the open turn as `power`'s seat knows it (None once the game is over)."""
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, game)
        turn = current_turn(session, found)
        if turn is None:
            return None
        viewer = viewer_of(power)
        return board_known(game_variant(found).rules, position_of(turn), viewer,
                           record_now(session, found, viewer))


def differing(a: Conversation, b: Conversation, game: str, powers: Iterable[str]) -> list[str]:
    """The seats (powers, '' for an observer) whose known board is not the same in both."""
    return [p for p in powers if known(a, game, p) != known(b, game, p)]


def ordered_in_one(rules: Rules, a: Position | None, b: Position | None,
                   power: str) -> frozenset[str]:
    """The other powers whose units `power` may order on one of his two boards only."""
    def orders(board: Position | None) -> set[str]:
        return set() if board is None else {
            u.power for u in board.units if u.power != power and rules.may_order(board, power, u)}
    return frozenset(orders(a) ^ orders(b))
