"""What a command sent to a finished game answers: that it is over, how it ended and what
the writer can still do. Newcomer 23: votes said only "this works only while it is being
played", JOIN offered a REPLACE no finished game takes, SET ABSENCE told a signed-on player
to sign on, and PHASE took orders for a phase that will never open.
"""

from __future__ import annotations

from judge.game.errors import GameError
from judge.game.votes import any_turn_played
from judge.store.models import Game, GameState, Seat, SeatRole
from judge.variant import power_name

# How a game without draws ends (rn45 F4's prize game: Variant.draws False), for SET DRAW,
# SET DIAS and SETTINGS alike.
PRIZE_GAME = "rules play on until one power wins (a prize game); SET CONCEDE still ends it"


def result_text(game: Game) -> str:
    """'draw between France and Germany, ended in S1910M'."""
    result = game.result or {}
    names = [power_name(p) for p in result.get("winners", ())]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    kind = result.get("kind", "ended")
    if kind == "abandoned":
        what = "abandoned without a result"
    elif kind == "draw":
        what = f"draw between {listed}"
    elif kind == "concession":
        what = f"won by {listed} by concession"
    else:  # "solo", or "win" when the engine names several winners
        what = f"won by {listed}" if listed else kind
    return f"{what}, ended in {result['phase']}" if result.get("phase") else what


def _started(game: Game) -> bool:
    """Whether the game ended after its start (an abandoned forming game has no turn to
    reopen); one ended in its first phase has no HISTORY (votes.any_turn_played)."""
    return bool((game.result or {}).get("phase"))


def read_on(game: Game) -> str:
    """Where a finished game is read: 'SUMMARY alpha tells how it went, HISTORY ...'."""
    history = f", HISTORY {game.name} its last turns" if any_turn_played(game) else ""
    return f"SUMMARY {game.name} tells how it went{history}"


def over_text(game: Game, seat: Seat | None) -> str:
    """'game alpha is over (draw between ..., ended in F1901M); SUMMARY alpha tells ...'; to
    its master, how to play on (ROLLBACK: docs/master.md), when there is anything to reopen."""
    text = f"game {game.name} is over ({result_text(game)}); {read_on(game)}"
    if _started(game) and seat is not None and seat.game_id == game.id \
            and seat.role == SeatRole.MASTER:
        text += "; ROLLBACK reopens it to play on"
    return text


def refuse_if_over(game: Game, seat: Seat | None) -> None:
    """A command that needs a game being played, in a finished one."""
    if game.state == GameState.FINISHED:
        raise GameError(over_text(game, seat))
