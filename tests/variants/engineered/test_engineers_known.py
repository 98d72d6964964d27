"""Issue #12 item 4, by mail: where the engineers and prisons stand, as an Engineered
report lists them ("Now: ..."), is what the reader's stored knowledge record keeps. Only
England's record of Spring 1901 is changed, the position untouched: what HISTORY tells
England of that turn changes with it, what it tells France does not."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from judge.engine.codec import unit_to_json
from judge.engine.types import Unit
from judge.game.games import find_game
from judge.store.db import Database
from judge.store.models import Knowledge, Turn
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_by_mail import SPRING, Seats, orders, send
from tests.variants.folder_games import started

GALICIA = Unit("AUSTRIA", "E", "gal")
# Each power placed an engineer with its unit (C1 1a) and moved it along (test_by_mail.py).
STANDING = ("Austrian E Galicia, English E Yorkshire, French E Burgundy, German E Kiel, "
            "Italian E Apulia, Russian E Ukraine, Turkish E Bulgaria")
WITHOUT_GALICIA = STANDING.replace("Austrian E Galicia, ", "")


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def _forget(talk: Conversation, phase: str, power: str, unit: Unit) -> None:
    """`power`'s record stored with the turn of `phase`, without `unit`; nothing else."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        units = row.record["units"]
        assert unit_to_json(unit) in units
        row.record = {**row.record, "units": [u for u in units if u != unit_to_json(unit)]}


def _now(talk: Conversation, seats: Seats, power: str) -> str:
    body = send(talk, seats, power, "HISTORY alpha S1901M").body
    [line] = [line.strip() for line in body.split("\n") if line.strip().startswith("Now: ")]
    return line


def test_where_the_engineers_stand_is_the_readers_record(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    orders(talk, seats, SPRING)  # the seventh set of orders processes the turn
    assert _now(talk, seats, "ENGLAND") == f"Now: {STANDING}."

    _forget(talk, "S1901M", "ENGLAND", GALICIA)
    assert _now(talk, seats, "ENGLAND") == f"Now: {WITHOUT_GALICIA}."
    # France's record is untouched: the engineers as the turn left them.
    assert _now(talk, seats, "FRANCE") == f"Now: {STANDING}."
