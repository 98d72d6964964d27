"""Issue #13, by mail: in Secret and Stab Envoy a report names no other player as late, or
as having sent no orders.

Whether a player's orders were complete at the deadline depends on what he had to order:
his armies and fleets and his Major Allies' and Controlled Neutrals' (rule 6), which the
game hides from the others (11: who controls which neutral; 12: his units too). Told only
where the reader saw every unit of the late power, the line also told whether the power
had a diplomat on the board; "No orders received" likewise. Each player is still told of
his own, and the master of everyone's.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from judge.engine.position import Position
from judge.turns.deadlines import sweep_all
from tests.conversations.deadlines import DEADLINE, GRACE_END
from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.conversations.seating_helpers import MASTER, reply

FRANCE = "F bre h\nA par h\nA mar h\nA ven h\nA rom h\nF nap h"  # all France orders
LATE = "Missed the deadline: Germany.\n"


def as_placed(position: Position) -> Position:
    return position


def no_german_diplomats(position: Position) -> Position:
    return position._replace(units=tuple(u for u in position.units
                                         if u.kind != "D" or u.power != "GERMANY"))


@pytest.mark.parametrize("mode", ["secret", "stab"])
@pytest.mark.parametrize("edit", [as_placed, no_german_diplomats])
def test_another_players_lateness_is_not_told(
        talk: Conversation, mode: str, edit: Callable[[Position], Position]) -> None:
    players = placed(talk, hidden=mode)
    edit_board(talk, "S1914M", edit)
    assert "[errors]" not in say(talk, players["FRANCE"], FRANCE).subject
    # Germany sends nothing: late at the deadline, and the turn is processed at the end of
    # grace (a hiding game waits for every player's answer, issue #13 item 7).
    for when in (DEADLINE, GRACE_END):
        talk.clock.set(when)
        assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    subject = f"{GAME}: Spring 1914 Movement results"
    reports = {who: [m.body for m in talk.mails_to(who) if m.subject == subject]
               for who in (ANN, BOB, MASTER)}
    assert LATE not in reports[ANN][0]
    assert LATE in reports[BOB][0] and LATE in reports[MASTER][0]


@pytest.mark.parametrize("edit", [as_placed, no_german_diplomats])
def test_another_players_silence_is_not_told(
        talk: Conversation, edit: Callable[[Position], Position]) -> None:
    """Secret Envoy: Germany sends nothing. France sees Germany's armies and fleets hold
    unordered (11: their actions are public), not that Germany sent no orders at all."""
    players = placed(talk, hidden="secret")
    edit_board(talk, "S1914M", edit)
    assert "[errors]" not in say(talk, players["FRANCE"], FRANCE).subject
    assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    subject = f"{GAME}: Spring 1914 Movement results"
    reports = {who: [m.body for m in talk.mails_to(who) if m.subject == subject]
               for who in (ANN, BOB, MASTER)}
    silent = "Germany:  No orders received.\n"
    assert silent not in reports[ANN][0]
    assert "Germany:  A Berlin HOLD (no order).\n" in reports[ANN][0]
    assert silent in reports[BOB][0] and silent in reports[MASTER][0]
