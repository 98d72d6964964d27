"""Issue #12 item 4, by mail: where a player's rats stand after a turn, as his report gives
it (II.F, "Units At"), is what his stored knowledge record keeps. Only one rat is taken out
of his record of Spring 1901, the position untouched: what HISTORY tells him of that turn
changes with it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.db import Database
from judge.store.models import Knowledge, Turn
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import reply
from tests.variants.algernon.mailgame import play, started
from tests.variants.algernon.test_history_maze import turns


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def _forget_rat(talk: Conversation, phase: str, power: str) -> list[str]:
    """The first rat out of `power`'s record of `phase`, nothing else: the rats the record
    kept before."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "maze")
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        kept = list(row.record["units"])
        row.record = {**row.record, "units": kept[1:]}
    return kept


def _units_at(talk: Conversation, seat: tuple[str, str]) -> str:
    address, signon = seat
    lines = turns(reply(talk, address, f"{signon}\nHISTORY maze S1901M").body)
    [line] = [row for row in lines["Spring 1901 Movement"] if row.startswith("Units At:")]
    return line


def test_where_a_players_rats_stand_is_his_record(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    play(talk, seats, "F1901M")
    before = _units_at(talk, seats["ALPHA"])
    kept = _forget_rat(talk, "S1901M", "ALPHA")
    assert len(kept) > 1 and before == f"Units At: {', '.join(kept)}"

    assert _units_at(talk, seats["ALPHA"]) == f"Units At: {', '.join(kept[1:])}"
