"""Replies a newcomer can act on (the standard game by mail): each refusal says what is
true of the line he wrote, and what to write instead."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started


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
