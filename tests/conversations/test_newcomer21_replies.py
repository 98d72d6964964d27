"""Replies a newcomer can act on (the standard game by mail): each refusal says what is
true of the line he wrote, and what to write instead."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_a_convoy_path_for_a_fleet_says_there_is_no_army_to_convoy(talk: Conversation) -> None:
    # njudge's path `A Edi-Nth-Nwy` with England's fleet in Edinburgh: the reply read
    # "Edinburgh is not adjacent to Norway", as though the fleet had been asked to sail.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["ENGLAND"], "A Edi-Nth-Nwy")
    assert ("line 2: A Edi-Nth-Nwy\n    there is no army in Edinburgh to convoy: the unit "
            "there is F Edinburgh, which is never convoyed and moves only to a space next to "
            "it\n") in sent.body, sent.body
    army = send_orders(talk, seats["ENGLAND"], "A Lvp-Nth-Nwy")
    assert "A Liverpool cannot go to Norway by convoy: no fleets stand where they could " \
        "convoy it" in army.body, army.body


def test_a_coastal_fleet_s_convoy_says_who_convoys(talk: Conversation) -> None:
    # DATC 6.F.1. It read "F London cannot convoy from London (coast)" alone.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["ENGLAND"], "F Lon C A Lvp - Nwy")
    assert ("line 2: F Lon C A Lvp - Nwy\n    F London cannot convoy from London (coast): only "
            "fleets at sea convoy, each on a sea the army crosses\n") in sent.body, sent.body


def test_a_dislodged_unit_s_hold_in_the_retreats_says_what_it_may_do(
        talk: Conversation) -> None:
    # France's A Marseilles dislodged by Italy from Piedmont: 'A Mar H' in the retreat
    # phase (France sent nothing for the Fall) was told that the phase had moved on and
    # that the order came too late for the Fall's movement, but not what the army may do
    # now.
    seats = started(talk, "standard", players=7)
    france, germany, italy = seats["FRANCE"], seats["GERMANY"], seats["ITALY"]
    send_orders(talk, germany, "A Mun-Bur")
    send_orders(talk, italy, "A Ven-Pie")
    send_orders(talk, france, "A Par-Pic", "A Mar H")
    process_turn(talk, "Spring 1901 Movement")
    send_orders(talk, germany, "A Bur S A Pie-Mar")
    send_orders(talk, italy, "A Pie-Mar")
    process_turn(talk, "Fall 1901 Movement")
    sent = send_orders(talk, france, "A Mar H")
    assert ("line 2: A Mar H\n    'A Mar H' is a hold, but Fall 1901 Retreats takes only "
            "retreats and disbands; HELP ORDERS shows how to write orders, with examples. "
            "The phase has moved on") in sent.body, sent.body
    assert ("Order the units as they stand now (see the last report). A Marseilles was "
            "dislodged: order its retreat, to Gascony, Spain, or its disband (Disband A "
            "Marseilles)\n") in sent.body, sent.body
    # A retreat for a unit that was not dislodged names those that were.
    other = send_orders(talk, france, "A Bel-Hol")
    assert ("line 2: A Bel-Hol\n    there is no dislodged unit in Belgium. Your dislodged "
            "units: A Marseilles.\n") in other.body, other.body
