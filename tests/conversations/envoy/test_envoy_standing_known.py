"""Issue #12 item 4, by mail: the Major Ally's units a Stab Envoy report names (rule 12c),
and who plays and orders which country (12a, c), are those the reader's stored knowledge
record keeps. Only France's record is changed, the position untouched: what HISTORY tells
France of that turn changes with it, and what it tells Germany does not."""

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


def _retell(talk: Conversation, phase: str, power: str, **told: object) -> None:
    """`power`'s record stored with the turn of `phase`, with `told` in place of what it
    keeps of who plays and orders what; nothing else."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        kept = row.record["standing told"]
        assert kept["phase"] == phase and ["AUSTRIA", "GERMANY"] in kept["allies"]
        row.record = {**row.record, "standing told": {**kept, **told}}


def test_who_orders_which_country_a_report_names_is_the_readers_record(
        talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    france, germany = players["FRANCE"], players["GERMANY"]
    assert SEEN in say(talk, france, f"HISTORY {GAME} S1914M").body

    _retell(talk, "S1914M", "FRANCE", allies=[["ITALY", "FRANCE"]],
            controlled=[["AUSTRIA", "GERMANY"]])
    told = say(talk, france, f"HISTORY {GAME} S1914M").body
    assert "Controlled Neutral of Germany: Austria." in told, told
    assert "Major Ally of Germany" not in told
    assert "Major Ally of France: Italy: F Naples, A Rome, A Venice." in told
    # Germany's own record is untouched.
    other = say(talk, germany, f"HISTORY {GAME} S1914M").body
    assert SEEN in other and "Controlled Neutral" not in other
