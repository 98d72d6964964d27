"""Each seat's knowledge record (issue #12 item 4), with the tests-only `fog` variant: a
player sees his units and their neighbours, and remembers foreign units after they have
gone out of sight. Records are stored with each processed turn and undone by ROLLBACK."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from judge.engine.knowledge import last_seen
from judge.engine.visibility import Viewer
from judge.game.games import find_game
from judge.game.knowledge import everyones_knowledge, knowledge_of, writer_of
from judge.store.db import Database
from judge.store.models import Knowledge, Turn
from judge.variant_loader import load_variant
from tests.conversations.harness import Conversation
from tests.variants.folder_games import FOLDERS, MASTER, MASTER_SIGNON, started


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield Conversation(database)


def _play(talk: Conversation, seats: dict[str, tuple[str, str]], north: str,
          south: str) -> None:
    for power, lines in (("NORTH", north), ("SOUTH", south)):
        address, signon = seats[power]
        reply = talk.send(address, f"{signon}\n{lines}\n")
        assert reply is not None
        assert "line" not in reply.body.split("\n\n")[0], reply.body


def _known(talk: Conversation, power: str) -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        return knowledge_of(session, find_game(session, "alpha"), power)


def _rows(talk: Conversation) -> list[tuple[str, str]]:
    with talk.judge.db.unit_of_work() as session:
        return [(phase, power) for phase, power in session.execute(
            sa.select(Turn.phase, Knowledge.power).join(Turn, Turn.id == Knowledge.turn_id)
            .order_by(Knowledge.id))]


SIX_IN_SPRING = {"six": {"power": "SOUTH", "kind": "A", "phase": "S1901M"}}


def test_a_seat_remembers_what_it_saw_after_it_is_out_of_sight(talk: Conversation) -> None:
    seats = started(talk, "fog")
    assert _known(talk, "NORTH") == {"sightings": {}}  # nothing foreign in sight at first
    _play(talk, seats, "A one H\nA two H", "A five - six\nA four H")
    assert _known(talk, "NORTH") == {"sightings": SIX_IN_SPRING}
    assert _rows(talk) == [("S1901M", "NORTH"), ("S1901M", "SOUTH")]
    _play(talk, seats, "A two - three\nA one - two", "A six H\nA four H")
    # Six is out of North's sight now: what he saw there stays, as seen in the spring.
    assert _known(talk, "NORTH") == {"sightings": {
        "four": {"power": "SOUTH", "kind": "A", "phase": "F1901M"}, **SIX_IN_SPRING}}
    [report] = [m for m in talk.mails_to(seats["NORTH"][0]) if "Fall 1901" in m.subject]
    assert "South:    A" not in report.body  # told only his own orders' results


def test_rollback_forgets_what_the_undone_turn_taught(talk: Conversation) -> None:
    seats = started(talk, "fog")
    _play(talk, seats, "A one H\nA two H", "A five - six\nA four H")
    _play(talk, seats, "A two - three\nA one - two", "A six H\nA four H")
    reply = talk.send(MASTER, f"{MASTER_SIGNON}\nROLLBACK F1901M\n")
    assert reply is not None and "ROLLBACK" in reply.body
    assert _rows(talk) == [("S1901M", "NORTH"), ("S1901M", "SOUTH")]
    assert _known(talk, "NORTH") == {"sightings": SIX_IN_SPRING}


def test_the_default_record_is_the_board_as_last_seen() -> None:
    standard = load_variant("standard")
    record = last_seen({}, Viewer.player("FRANCE"), standard.start.phase, (), standard.start)
    assert record["phase"] == "S1901M" and len(record["units"]) == 22
    assert {"power": "FRANCE", "type": "A", "loc": "par"} in record["units"]
    assert record["owners"]["par"] == "FRANCE"


def test_the_order_reader_is_told_what_the_writer_knows(talk: Conversation) -> None:
    seats = started(talk, "fog")
    _play(talk, seats, "A one H\nA two H", "A five - six\nA four H")
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        writer = writer_of(session, game, "NORTH")
        assert writer.power == "NORTH"
        assert dict(writer.knowledge) == {"sightings": SIX_IN_SPRING}


def _everyones(talk: Conversation) -> dict[str, Any]:
    with talk.judge.db.unit_of_work() as session:
        return everyones_knowledge(session, find_game(session, "alpha"))


def test_every_seat_read_at_once_is_each_seat_read_alone(talk: Conversation) -> None:
    # The fold reads every seat's record in one query (issue #18): the latest of each.
    seats = started(talk, "fog")
    assert _everyones(talk) == {p: _known(talk, p) for p in ("NORTH", "SOUTH")}
    _play(talk, seats, "A one H\nA two H", "A five - six\nA four H")
    _play(talk, seats, "A two - three\nA one - two", "A six H\nA four H")
    assert _everyones(talk)["NORTH"] == {"sightings": {
        "four": {"power": "SOUTH", "kind": "A", "phase": "F1901M"}, **SIX_IN_SPRING}}
    assert _everyones(talk) == {p: _known(talk, p) for p in ("NORTH", "SOUTH")}
