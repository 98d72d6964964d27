"""Issue #12 item 4, by mail: the Major Ally's units a Stab Envoy report names (rule 12c)
are those the reader's stored knowledge record keeps. Only France's record is changed,
the position untouched: what HISTORY tells France of that turn changes with it, and what
it tells Germany does not."""

from __future__ import annotations

import sqlalchemy as sa

from judge.engine.codec import unit_to_json
from judge.engine.types import Unit
from judge.game.games import find_game
from judge.store.models import Knowledge, Turn
from tests.conversations.envoy.envoy_setup import GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, reply

BUDAPEST = Unit("AUSTRIA", "A", "bud")
SEEN = "Major Ally of Germany: Austria: A Budapest, A Vienna, F Trieste."
AS_KEPT = "Major Ally of Germany: Austria: A Vienna, F Trieste."


def _forget(talk: Conversation, phase: str, power: str, unit: Unit) -> None:
    """`power`'s record stored with the turn of `phase`, without `unit`; nothing else."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        units = row.record["units"]
        assert unit_to_json(unit) in units
        row.record = {**row.record, "units": [u for u in units if u != unit_to_json(unit)]}


def test_the_major_ally_a_report_names_is_the_readers_record(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    france, germany = players["FRANCE"], players["GERMANY"]
    assert SEEN in say(talk, france, f"HISTORY {GAME} S1914M").body

    _forget(talk, "S1914M", "FRANCE", BUDAPEST)
    told = say(talk, france, f"HISTORY {GAME} S1914M").body
    assert AS_KEPT in told and SEEN not in told, told
    # Germany's own record is untouched; its ally's units are as the turn left them.
    assert "Major Ally of Germany: Austria: A Budapest, A Vienna, F Trieste." \
        in say(talk, germany, f"HISTORY {GAME} S1914M").body
