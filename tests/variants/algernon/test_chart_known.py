"""Issue #12 item 4, by mail: the map a player's report charts ("Your map so far") is the
one his stored knowledge record keeps. A change to the record alone, the position and its
state untouched, changes what HISTORY shows him of that turn."""

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


def _forget_link(talk: Conversation, phase: str, power: str) -> tuple[str, str]:
    """Drop one link from `power`'s record of `phase`, nothing else: (its space and
    portal, where it led)."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "maze")
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        record = dict(row.record)
        links = dict(record["links"])
        start, end = sorted(links.items())[0]
        del links[start]
        row.record = {**record, "links": links}
    return start, end


def _chart(body: str, phase: str) -> list[str]:
    lines = turns(body)[phase]
    at = lines.index("Your map so far (each space: where its portals lead, SPACE/PORTAL; "
                     "? not yet known):")
    return lines[at + 1:lines.index("", at)]


def test_the_chart_a_player_reads_is_his_stored_record(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    play(talk, seats, "F1901M")
    address, signon = seats["ALPHA"]
    ask = f"{signon}\nHISTORY maze S1901M"
    before = _chart(reply(talk, address, ask).body, "Spring 1901 Movement")
    start, end = _forget_link(talk, "S1901M", "ALPHA")
    space, portal = start.split("/")
    [line] = [row for row in before if row.startswith(f"{space} (")]
    assert f"{portal} {end}" in line, line

    after = _chart(reply(talk, address, ask).body, "Spring 1901 Movement")
    [changed] = [row for row in after if row.startswith(f"{space} (")]
    assert f"{portal} ?" in changed and f"{portal} {end}" not in changed, changed
    # Only that line changed: the rest of the record is still charted.
    assert [row for row in after if row != changed] == [row for row in before if row != line]
