"""Newcomer 19, items b and c, by mail: an order line that ends a message is never taken
for a signature, and the spellings njudge and DPjudge players type are read: a coast as
a compass word (`F Spa/south`), `sup` for support, a `;` ending the line.

Standard Diplomacy: France holds A Par, A Mar and F Mao (put on the board).
"""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import entry, put_board, send
from tests.conversations.seating_helpers import Player
from tests.variants.algernon.mailgame import seat_knowledge, started
from tests.variants.folder_games import send_orders

SIGNATURE = ("not read: this is neither an order nor a command, so the judge took it for "
             "your signature. End your orders with SIGNOFF, or put a line '-- ' above your "
             "signature, to say where they end.")
HELP_HINT = "HELP ORDERS shows how to write orders, with examples."


@pytest.fixture
def france(talk: Conversation) -> Player:
    players = started_game(talk)
    put_board(talk, "S1901M", ["FRANCE A par", "FRANCE A mar", "FRANCE F mao",
                               "ENGLAND F lon"], {})
    return players["FRANCE"]


def test_the_spellings_players_type_are_read(talk: Conversation, france: Player) -> None:
    reply = send(talk, france, "F mao - spa/south;", "A par sup A mar - bur", "A mar - bur ;")
    assert reply.subject == "Re: commands", reply.body
    assert ("  F Mid-Atlantic Ocean -> Spain (sc).\n"
            "  A Paris SUPPORT A Marseilles -> Burgundy.\n"
            "  A Marseilles -> Burgundy.\n") in reply.body, reply.body
    again = send(talk, france, "F Mao - Spa(North)", "A par supp A mar - bur", "A mar h")
    assert "  F Mid-Atlantic Ocean -> Spain (nc).\n" in again.body, again.body


def test_two_orders_on_one_line_are_refused_saying_how_to_write_them(
        talk: Conversation, france: Player) -> None:
    reply = send(talk, france, "A mar - bur; A par - pic")
    assert entry(reply, 2, "A mar - bur; A par - pic",
                 "I don't understand ';' in \"A mar - bur; A par - pic\": write one order a "
                 f"line, so put what follows ';' on a line of its own. {HELP_HINT}"), reply.body


def test_an_order_with_misspelt_places_ending_the_message_is_answered(
        talk: Conversation, france: Player) -> None:
    reply = send(talk, france, "A par - bur", "CG s LO")
    assert reply.subject.startswith("[errors]"), reply.body
    assert entry(reply, 3, "CG s LO", "'CG' is not a province on this map; write the "
                 f"province's full name or its abbreviation. {HELP_HINT}"), reply.body
    assert "Ignored" not in reply.body


@pytest.mark.parametrize("signature", [
    ("Cheers, Bob",), ("Bob",), ("Thanks - Bob",), ("Bob - sent from my phone",),
    ("Talk to you soon", "Bob"), ("John D. Smith",),
])
def test_real_signatures_are_still_passed_over(talk: Conversation, france: Player,
                                               signature: tuple[str, ...]) -> None:
    reply = send(talk, france, "A par - bur", *signature)
    assert reply.subject == "Re: commands", reply.body
    assert entry(reply, 3, signature[0], SIGNATURE if len(signature) == 1 else
                 SIGNATURE.replace("not read:", "not read, and neither is anything after "
                                                "it (to line 4):")), reply.body


def test_an_algernon_order_with_a_space_for_its_portal_ending_the_message_is_answered(
        talk: Conversation) -> None:
    seats = started(talk, players=2, seed=1)
    first, second, *_ = seat_knowledge(talk, "ALPHA")["units"]
    line = f"{first.upper()} s {second.upper()}"
    sent = send_orders(talk, seats["ALPHA"], f"{first} h", line)
    assert f"line 3: {line}\n    not an order: a rat supports the rat at the far end of " \
        "one of its own portals" in sent.body, sent.body
    assert "Ignored" not in sent.body
    signed = send_orders(talk, seats["ALPHA"], f"{first} h", "Cheers, Bob")
    assert f"line 3: Cheers, Bob\n    {SIGNATURE}" in signed.body, signed.body


def test_a_retreat_led_by_its_word_is_read_as_a_build_is(talk: Conversation) -> None:
    # 'Build A Par' and 'Remove A Bur' were read, 'Retreat A Bur to Pic' refused with
    # "expected the unit being ordered".
    players = started_game(talk)
    france, germany = players["FRANCE"], players["GERMANY"]
    put_board(talk, "F1901M", ["FRANCE A bur", "FRANCE A par", "GERMANY A mun",
                               "GERMANY A ruh"], {"par": "FRANCE", "mun": "GERMANY"})
    send(talk, germany, "A ruh - bur", "A mun s A ruh - bur")
    send(talk, france, "A bur h", "A par h")  # every order is in: Fall 1901 is processed
    reply = send(talk, france, "Retreat A Bur to Pic")
    assert reply.subject == "Re: commands", reply.body
    assert "Orders for France, Fall 1901 Retreats\n" in reply.body, reply.body
    assert "  A Burgundy -> Picardy.\n" in reply.body, reply.body
