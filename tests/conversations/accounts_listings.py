"""Set-up shared by the account and listing conversation tests.

Games are made with judge.game.lifecycle rather than by mail, and turns processed with
judge.game.readiness, so these tests do not wait on the CREATE / JOIN / master families.
`hide_other_sides` makes the listings read every game as a hidden-information variant.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest

from judge.commands import listing, turn_history
from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.visibility import Role, Viewer
from judge.game import knowledge
from judge.game.games import find_game
from judge.game.games import game_variant as real_game_variant
from judge.game.lifecycle import create_game, join_game, start_game
from judge.store import repo
from judge.store.models import Game, GameState
from judge.store.repo_games import current_turn
from judge.turns.process import process_and_report
from judge.variant import Variant
from tests.conversations.harness import Conversation, Mail

NAMES = ("Ann Archer", "Ben Baker", "Cid Cooper", "Dee Dyer", "Eve Eliot", "Fay Fisher",
         "Gus Glover")
MASTER_PASSWORD = "gmpw"
STRANGER = "someone@example.org"  # not registered: reads as an observer
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


@dataclass(frozen=True)
class Player:
    name: str
    address: str
    password: str


def standard_game(talk: Conversation, name: str = "alpha", *, players: int = 7,
                  start: bool = True, seed: int = 1) -> dict[str, Player]:
    """A standard game mastered by gm-<name>@example.org; its players by power (by
    'joined-<i>' while the game is forming, powers being given out at the start)."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Gina Master",
                                     address=f"gm-{name}@example.org")
        game = create_game(session, name=name, password=MASTER_PASSWORD, variant="standard",
                           master=master)
        joined: dict[int, Player] = {}
        for index in range(players):
            player = Player(NAMES[index], f"{name}-p{index}@example.org", f"pw{index}")
            person = repo.create_account(session, name=player.name, address=player.address)
            joined[join_game(session, game, person, player.password, []).id] = player
        if not start:
            return {f"joined-{i}": p for i, p in enumerate(joined.values())}
        start_game(session, game, talk.clock, random.Random(seed))
        return {seat.power: joined[seat.id] for seat in game.seats if seat.power}


def process(talk: Conversation, name: str,
            orders: Mapping[str, Sequence[str]] | None = None) -> TurnResult:
    """Store `orders` (power -> order lines) for the open turn, then process it."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, name)
        turn = current_turn(session, game)
        assert turn is not None
        for power, lines in (orders or {}).items():
            repo.submit_orders(session, turn, power, lines, submitted_at=talk.clock.now())
        result = process_and_report(session, game, talk.clock, talk.judge.postman)
        assert result is not None
        return result


def register(talk: Conversation, address: str, name: str, zone: str = "UTC") -> None:
    reply = talk.send(address, f"REGISTER\nname: {name}\nzone: {zone}\nEND\n")
    assert reply is not None and "Registered" in reply.body, reply


class OwnSideOnly:
    """A stub visibility: a player sees only their own orders, units and centres, an
    observer nobody's, the master everything."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role == Role.MASTER:
            return tuple(events)
        return tuple(e for e in events
                     if not isinstance(e, OrderResult) or e.power == viewer.power)

    def board(self, position: Position, viewer: Viewer) -> Position:
        if viewer.role == Role.MASTER:
            return position
        units = tuple(u for u in position.units if u.power == viewer.power)
        owners = {c: p for c, p in position.owners.items() if p == viewer.power}
        return position.with_board(units, position.dislodged, owners)


def hide_other_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game the listing commands read plays by OwnSideOnly, and so does what each
    seat's knowledge record learns of the turns processed from now on (the listings read
    a seat's board from its record: judge/game/seat_board.py)."""
    def variant_of(game: Game) -> Variant:
        base = real_game_variant(game)
        return dataclasses.replace(
            base, rules=dataclasses.replace(base.rules, visibility=OwnSideOnly()))
    monkeypatch.setattr(listing, "game_variant", variant_of)
    monkeypatch.setattr(turn_history, "game_variant", variant_of)
    monkeypatch.setattr(knowledge, "game_variant", variant_of)


def send(talk: Conversation, sender: str, body: str) -> Mail:
    reply = talk.send(sender, body)
    assert reply is not None
    return reply


def details(reply: Mail, line: str) -> list[str]:
    """The indented lines answering `line` in the reply, unindented."""
    lines = reply.body.split("\n")
    start = next(i for i, text in enumerate(lines) if text.endswith(f": {line}"))
    out = []
    for text in lines[start + 1:]:
        if text and not text.startswith("    "):
            break
        out.append(text[4:])
    while out and not out[-1]:
        out.pop()
    return out


def set_state(talk: Conversation, name: str, state: GameState,
              result: dict[str, object] | None = None) -> None:
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, name)
        game.state, game.result = state, result
