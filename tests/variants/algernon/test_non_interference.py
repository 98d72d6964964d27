"""Issue #17, the bar: two games (of two players, of four) whose mazes differ only beyond
what one player has discovered give that player identical mail, for three years (the
hidden-information harness of issue #13, by mail).

The second maze renames spaces the other players found and ALPHA never did (appending a
digit keeps their order among the names, so every player orders alike in both games).
The others are mailed the new names; ALPHA must not be able to tell the games apart, in
the text or in the pictures (on here: issue #17 item 2): the SVGs are compared, and the
PNG is drawn from the SVG alone, the same SVG giving the same bytes (docs/pictures.md)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation, Mail
from tests.variants.algernon.mailgame import play, seat_knowledge, started, world
from variants.algernon.maze import Maze, Portal, maze_from_json, world_of

UNTIL = "S1904M"


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def renamed(maze: Maze, names: set[str]) -> Maze:
    new = {n: n + "9" if n in names else n for n in maze.spaces}
    return Maze({new[n]: replace(s, name=new[n], portals=tuple(
        Portal(new[p.to], p.arrives) for p in s.portals)) for n, s in maze.spaces.items()})


def seen(mails: Sequence[Mail], game: str) -> list[tuple[str, str]]:
    return [(m.subject.replace(game, "GAME"), m.body.replace(game, "GAME")) for m in mails]


def known(talk: Conversation, powers: Sequence[str], game: str) -> set[str]:
    return {s for p in powers for s in seat_knowledge(talk, p, game)["spaces"]}


def pictures(talk: Conversation, address: str, game: str) -> list[tuple[str, str]]:
    """The pictures `address` was mailed in `game`, in order, the game's name taken out:
    each SVG's text, and each PNG's name beside it."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)).all()
        return [(a.filename.replace(game, "GAME"),
                 a.data.decode().replace(game, "GAME") if a.filename.endswith(".svg") else "")
                for r in rows if address in r.recipients for a in r.attachments
                if a.filename.startswith(f"{game}-")]


def reads(talk: Conversation, seat: tuple[str, str], game: str) -> str:
    """What a player reads of the game now, signed on (issue #12 item 4: from his stored
    knowledge record): LIST, HISTORY, SUMMARY, BOARD and MAP (whose picture is among
    `pictures`), the game's name taken out."""
    address, signon = seat
    asked = [f"LIST {game}", f"HISTORY {game}", f"SUMMARY {game}", f"BOARD {game}",
             f"MAP {game}"]
    reply = talk.send(address, "\n".join([signon, *asked]) + "\n")
    assert reply is not None
    return reply.body.replace(game, "GAME")


@pytest.mark.parametrize("players", [2, 4])
def test_alpha_cannot_tell_two_mazes_apart(talk: Conversation, players: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_PICTURES", "on")
    first = started(talk, players, seed=11, name="gamea")
    maze = maze_from_json(world(talk, "gamea")["maze"])
    mail_a = play(talk, first, UNTIL, "gamea")
    read_a = {p: reads(talk, seat, "gamea") for p, seat in first.items()}
    others = [p for p in first if p != "ALPHA"]
    hidden = (known(talk, others, "gamea") - known(talk, ["ALPHA"], "gamea")) - {
        s.name for s in maze.spaces.values() if s.home}
    assert hidden, "the others found no space ALPHA did not: nothing to hide"
    second: Mapping[str, Any] = world_of(renamed(maze, hidden))
    seats = started(talk, players, seed=11, name="gameb", maze=second)
    assert seats == {p: (a, s.replace("gamea", "gameb")) for p, (a, s) in first.items()}
    mail_b = play(talk, seats, UNTIL, "gameb")
    read_b = {p: reads(talk, seat, "gameb") for p, seat in seats.items()}
    assert seen(mail_a["ALPHA"], "gamea") == seen(mail_b["ALPHA"], "gameb")
    assert read_a["ALPHA"] == read_b["ALPHA"]
    assert "Supply centres:" in read_a["ALPHA"] and "MAP GAME" in read_a["ALPHA"]
    alpha = first["ALPHA"][0]
    drawn = pictures(talk, alpha, "gamea")
    assert len(drawn) >= 2 * 9 and drawn == pictures(talk, alpha, "gameb")
    # The test can fail: the renamed spaces reach the mail of those who found them.
    assert any(seen(mail_a[p], "gamea") != seen(mail_b[p], "gameb") for p in others)
    assert any(read_a[p] != read_b[p] for p in others)
    assert any(f"{n}9" in m.body for p in others for m in mail_b[p] for n in hidden)
    assert any(pictures(talk, first[p][0], "gamea") != pictures(talk, first[p][0], "gameb")
               for p in others)
