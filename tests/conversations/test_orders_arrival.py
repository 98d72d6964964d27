"""Orders checked as they arrive by mail (issue #11, items 11 and 18): builds and removals
refused on arrival with the reason, as movement orders are, and two orders for one unit
in one message settled by the game's duplicate_orders rule, the reply saying how.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from judge.store.models import Order
from tests.conversations.envoy.envoy_setup import placed, say
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board, entry, put_board, send, set_rule, unit
from tests.conversations.seating_helpers import MASTER, Player
from tests.conversations.seating_helpers import reply as mail_reply

# Winter 1901: France owns five centres and has three units, so it builds two; Paris and
# Brest are its vacant home centres (Marseilles is occupied, Spain is no home). Italy
# owns two centres and has three units: it removes one. Austria's army stands in Vienna.
WINTER_UNITS = ["FRANCE A bur", "FRANCE F mao", "FRANCE A mar",
                "ITALY A ven", "ITALY F ion", "ITALY A apu", "AUSTRIA A vie"]
WINTER_OWNERS = {"par": "FRANCE", "bre": "FRANCE", "mar": "FRANCE", "spa": "FRANCE",
                 "por": "FRANCE", "rom": "ITALY", "nap": "ITALY", "vie": "AUSTRIA"}


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def stored(talk: Conversation, power: str) -> list[str]:
    with talk.judge.db.unit_of_work() as session:
        return list(session.scalars(sa.select(Order.lines).where(Order.power == power)
                                    .order_by(Order.id.desc()).limit(1)).one())


def test_builds_that_cannot_be_made_are_refused_on_arrival(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", WINTER_UNITS, WINTER_OWNERS)
    reply = send(talk, players["FRANCE"], "build bre", "build A Spa", "build A Mar",
                 "build A Mun", "build A Par")
    assert reply.subject == "[errors] Re: commands"
    assert reply.body.startswith("2 done, 4 errors\n")
    # Brest takes an army or a fleet: the judge never picks one.
    assert entry(reply, 2, "build bre", "say which unit to build in Brest: army or fleet")
    assert entry(reply, 3, "build A Spa", "Spain is not a home centre of France. France may "
                 "build in Brest.")
    assert entry(reply, 4, "build A Mar", "Marseilles is not vacant. Your A Marseilles stands "
                                          "there.")
    assert entry(reply, 5, "build A Mun", "France does not own Munich. France may build in "
                 "Brest.")
    # One build of two is in: not complete, whatever the refused lines said.
    assert "  BUILD A Paris.\n\nStill without orders: 1 more build (or WAIVE)\n" in reply.body
    assert stored(talk, "FRANCE") == ["build A Par"]


def test_a_build_over_the_count_names_the_lines_that_take_the_builds(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", WINTER_UNITS, WINTER_OWNERS)
    send(talk, players["FRANCE"], "build A Par")
    reply = send(talk, players["FRANCE"], "build F Bre", "waive")
    assert entry(reply, 3, "waive",
                 "France may build 2 units in Winter 1901 Adjustments, and 'build A Par' "
                 "(sent earlier), 'build F Bre' (line 2) already take them; to change "
                 "them, send CLEAR and then the ones you want")
    assert "  BUILD A Paris.\n  BUILD F Brest.\n\nYour orders are complete.\n" in reply.body


def test_removals_of_units_not_ones_own_or_over_the_count_are_refused(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", WINTER_UNITS, WINTER_OWNERS)
    reply = send(talk, players["ITALY"], "remove A vie", "remove F ion", "remove A ven",
                 "build A Rom")
    assert reply.body.startswith("2 done, 3 errors\n")
    assert entry(reply, 2, "remove A vie", "Italy has no unit in Vienna")
    assert entry(reply, 4, "remove A ven",
                 "Italy may remove 1 unit in Winter 1901 Adjustments, and 'remove F ion' "
                 "(line 3) already takes it; to change them, send CLEAR and then the ones "
                 "you want")
    assert entry(reply, 5, "build A Rom", "Italy has no build to make in Winter 1901 "
                                          "Adjustments")
    assert "  F Ionian Sea REMOVE.\n\nYour orders are complete.\n" in reply.body


def test_envoy_builds_are_checked_on_arrival_by_the_variants_own_rules(
        talk: Conversation) -> None:
    players = placed(talk)
    mail_reply(talk, MASTER, "SIGNON Mbeta gmpw\nPROCESS S1914M")  # all hold
    # France holds its capital (two builds' worth of supply, Envoy 3) and Spain: five
    # supply for three armies and fleets, so two builds; its army left Paris.
    edit_board(talk, "W1914A", lambda position: position._replace(
        units=tuple(unit("FRANCE A bur") if (u.power, u.loc) == ("FRANCE", "par") else u
                    for u in position.units),
        owners={**position.owners, "spa": "FRANCE"}))
    reply = say(talk, players["FRANCE"], "Build D Spa\nBuild D Par\nBuild A Par\n"
                                          "Build F Nap\nBuild A Mar")
    # A diplomat is built in its own home country (Envoy 9): refused, not taken and thrown
    # out at the deadline as before.
    assert entry(reply, 2, "Build D Spa", "a diplomat is built at a home centre of "
                                           "France, or write 'Build D France' (Envoy 9)")
    # Italy, France's Major Ally, has three centres and three units: no build.
    assert entry(reply, 5, "Build F Nap", "Italy has no build to make in Winter 1914 "
                                           "Adjustments")
    assert entry(reply, 6, "Build A Mar",
                 "France may build 2 units in Winter 1914 Adjustments, and 'Build D Par' "
                 "(line 3), 'Build A Par' (line 4) already take them; to change them, "
                 "send CLEAR and then the ones you want")
    assert "  BUILD D Paris.\n  BUILD A Paris.\n\nYour orders are complete.\n" in reply.body


def test_two_orders_for_one_unit_in_one_message_leave_it_without_orders(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["FRANCE"], "A par-bur", "A mar-spa", "A par - pic",
                 "A Marseilles -> Spain")
    conflict = ("lines 2 and 4 give A Paris different orders in one message, so none of "
                "them stands and A Paris is without orders (this game's rule "
                "duplicate_orders=hold, DATC 4.D.3); send the one order you mean; without "
                "one it holds when the turn is processed")
    assert entry(reply, 2, "A par-bur", conflict)
    assert entry(reply, 4, "A par - pic", conflict)
    # The same order written twice is no conflict.
    assert "line 3: A mar-spa\nline 5: A Marseilles -> Spain\n" in reply.body
    assert "  A Marseilles -> Spain.\n\nStill without orders: A Paris, F Brest\n" in reply.body
    assert stored(talk, "FRANCE") == ["A Marseilles -> Spain"]
    # A later message still replaces the unit's order (DATC 4.D.1).
    again = send(talk, players["FRANCE"], "A par-bur")
    assert not again.subject.startswith("[errors]")
    assert "  A Marseilles -> Spain.\n  A Paris -> Burgundy.\n" in again.body


def test_with_duplicate_orders_last_the_last_stands_and_the_reply_says_so(
        talk: Conversation, players: dict[str, Player]) -> None:
    set_rule(talk, duplicate_orders="last")
    reply = send(talk, players["FRANCE"], "A par-bur", "A par-pic", "A par-gas")
    assert reply.subject == "Re: commands"
    assert entry(reply, 2, "A par-bur", "replaced by line 4: the last order for A Paris "
                                        "in a message stands")
    assert entry(reply, 3, "A par-pic", "replaced by line 4: the last order for A Paris "
                                        "in a message stands")
    assert entry(reply, 4, "A par-gas", "stands: it replaces lines 2 and 3 (the last order "
                                        "for A Paris in a message stands)")
    assert "  A Paris -> Gascony.\n" in reply.body


def test_in_a_retreat_or_adjustment_phase_the_last_order_in_a_message_stands(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", WINTER_UNITS, WINTER_OWNERS)
    reply = send(talk, players["FRANCE"], "build A Bre", "build F Bre")
    assert entry(reply, 2, "build A Bre", "replaced by line 3: the last order for Brest "
                                          "in a message stands")
    assert "  BUILD F Brest.\n\nStill without orders: 1 more build (or WAIVE)\n" in reply.body
