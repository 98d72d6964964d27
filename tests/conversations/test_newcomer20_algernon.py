"""Algernon by mail as a player of other judges writes (newcomer20): M for a move, and a
support written as in every other game (docs/variants/algernon.md)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import seat_knowledge, started
from tests.variants.folder_games import send_orders


def test_m_for_a_move_is_read_as_in_the_other_games(talk: Conversation) -> None:
    # 'SW M 1' (M for a move, as the common grammar now reads it) was "not an order".
    seats = started(talk, players=2, seed=1)
    first, second, *_ = seat_knowledge(talk, "ALPHA")["units"]
    sent = send_orders(talk, seats["ALPHA"], f"{first.upper()} M 1", f"R {second} m 2")
    assert "error" not in sent.body.lower(), sent.body
    assert f"  {first.upper()} to 1.\n  {second.upper()} to 2.\n" in sent.body, sent.body


def test_a_support_without_its_own_portal_says_to_name_it(talk: Conversation) -> None:
    # 'PL S KG-1' was answered with the list of every order form ("not an order: write VT
    # to 3, VT h, ..."), not with what the line lacked.
    seats = started(talk, players=2, seed=1)
    first, second, *_ = (u.upper() for u in seat_knowledge(talk, "ALPHA")["units"])
    sent = send_orders(talk, seats["ALPHA"], f"{second} S {first}-1")
    assert (f"line 2: {second} S {first}-1\n    not an order: a rat supports out of one "
            f"of its own portals (I.A.4), so name that portal first: {second} s <portal> "
            f"({first} to 1)") in sent.body, sent.body
