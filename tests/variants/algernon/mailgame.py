"""Algernon games by mail: a game created with a generated maze, N players joined."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.game.games import find_game, position_of
from judge.game.knowledge import knowledge_of
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import started as folder_game


def started(talk: Conversation, players: int, seed: int, name: str = "maze",
            maze: Mapping[str, Any] | None = None, **options: object
            ) -> dict[str, tuple[str, str]]:
    """Each power -> its player's address and SIGNON line; the start's mail is read.
    `maze`: the game's map in place of the one made for it (the master's own)."""
    return folder_game(talk, "algernon", seed, name, players,
                       {"players": players, **options}, maze)


def world(talk: Conversation, name: str = "maze") -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        found = find_game(session, name).variant_map
    assert found is not None
    return dict(found)


def seat_knowledge(talk: Conversation, power: str, name: str = "maze") -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        return knowledge_of(session, find_game(session, name), power)


def phase_of(talk: Conversation, name: str = "maze") -> str:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, name))
        assert turn is not None
        return str(position_of(turn).phase)


def orders_from(known: Mapping[str, Any], turn: int) -> list[str]:
    """A player's orders computed from his knowledge record alone: each rat tries a
    portal that changes with the turn, holds every third turn; the lists every time."""
    lines = []
    for i, space in enumerate(known["units"]):
        count = known["spaces"][space]["portals"]
        if (turn + i) % 3 == 2:
            lines.append(f"{space} h")
        else:
            lines.append(f"{space} to {(turn + i) % count + 1}")
        lines.append(f"{space}({','.join(str(p) for p in range(count, 0, -1))})")
    homes = known["homes"]
    return [*lines, f"Build {', '.join(homes)}"] if homes else lines


def play(talk: Conversation, seats: Mapping[str, tuple[str, str]], until: str,
         name: str = "maze", meddle: Callable[[str], None] | None = None
         ) -> dict[str, list[Mail]]:
    """Every seat orders by `orders_from` until the game reaches phase `until`; each
    power -> the mail its player got. `meddle`, given each phase before its orders: what
    the master does meanwhile."""
    mail: dict[str, list[Mail]] = {p: [] for p in seats}
    for turn in range(40):
        phase = phase_of(talk, name)
        if phase == until:
            return mail
        if meddle is not None:
            meddle(phase)
        for power, (address, signon) in sorted(seats.items()):
            lines = orders_from(seat_knowledge(talk, power, name), turn)
            talk.send(address, "\n".join([signon, *lines]) + "\n")
        for power, (address, _) in seats.items():
            mail[power] += talk.mails_to(address)
    raise AssertionError(f"the game did not reach {until}")
