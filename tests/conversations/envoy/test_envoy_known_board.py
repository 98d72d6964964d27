"""Order lines are checked on the board the writer's stored knowledge record keeps, not
on one recomputed for each message (issue #12 item 4: "the order reader and every reply
read it").

Under Stab Envoy France sees none of Germany's armies and fleets (12d), so a support of
Germany's fleet in Kiel is taken as written, to be judged at the deadline. France's record
is then changed in the store to hold that fleet, as if he had been shown it: the same line
is now refused in the words of a unit he knows, which only the record can have told.
"""

from __future__ import annotations

import sqlalchemy as sa

from judge.engine.codec import unit_to_json
from judge.engine.types import Unit
from judge.game.games import find_game
from judge.store.models import Knowledge, Turn
from tests.conversations.envoy.envoy_setup import GAME, say
from tests.conversations.envoy.test_envoy_hidden_orders import FRANCE, after_spring
from tests.conversations.harness import Conversation

KIEL_FLEET = Unit("GERMANY", "F", "kie")


def _show_france(talk: Conversation, unit: Unit) -> None:
    """France's latest stored record, with `unit` added to the units it keeps."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        row = session.scalars(
            sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
            .where(Turn.game_id == game.id, Knowledge.power == FRANCE)
            .order_by(Turn.id.desc()).limit(1)).one()
        assert unit_to_json(unit) not in row.record["units"]  # hidden from him (12d)
        row.record = {**row.record, "units": [*row.record["units"], unit_to_json(unit)]}


def test_the_order_check_reads_the_writers_stored_record(talk: Conversation) -> None:
    players = after_spring(talk, "stab")
    france = players[FRANCE]
    taken = say(talk, france, "A bur S A kie-ruh").body
    assert "Errors" not in taken and "A Burgundy SUPPORT A Kiel -> Ruhr." in taken
    _show_france(talk, KIEL_FLEET)
    refused = say(talk, france, "A bur S F kie-ruh").body
    assert "F Kiel cannot reach Ruhr" in refused, refused
