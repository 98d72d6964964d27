"""adv2 #6, by mail: PRESS TO takes the lists people write ("England and Germany",
"all"), and says when the writer named himself and was left out."""

from __future__ import annotations

import pytest

from judge.game.settings import PressMode
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import POWERS, address_of
from tests.conversations.test_press import game, press_to, say, stored


@pytest.mark.parametrize("names", ["England and Germany", "England, and Germany",
                                   "England & Germany", "england,germany"])
def test_press_to_powers_joined_by_and_or_commas(talk: Conversation, names: str) -> None:
    players = game(talk, PressMode.PARTIAL)
    body = say(talk, players["FRANCE"], f"PRESS TO {names}\nA deal?\nENDPRESS")
    assert "Press sent to England and Germany." in body
    got = press_to(talk)
    for power in ("ENGLAND", "GERMANY"):
        [mail] = got[address_of(power)]
        assert mail.body == "From: France\nTo: England and Germany\n\nA deal?\n"
    assert got[address_of("ITALY")] == []


@pytest.mark.parametrize("word", ["all", "Everyone"])
def test_press_to_all_is_a_broadcast(talk: Conversation, word: str) -> None:
    players = game(talk, PressMode.PARTIAL)
    body = say(talk, players["FRANCE"], f"PRESS TO {word}\nPeace.\nENDPRESS")
    assert "Press sent to everyone." in body
    got = press_to(talk)
    for power in POWERS:
        if power != "FRANCE":
            [mail] = got[address_of(power)]
            assert mail.body == "From: France\nTo: everyone\n\nPeace.\n"
    assert stored(talk)[-1][0][:len(POWERS)] == list(POWERS)


def test_the_writer_naming_himself_is_told_he_was_left_out(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    body = say(talk, players["FRANCE"], "PRESS TO France and Germany\nHello.\nENDPRESS")
    assert ("Press sent to Germany.\n    The master sees a copy, as of all press.\n"
            "    France is you, so it was left out.\n") in body
    assert press_to(talk)[address_of("FRANCE")] == []


def test_press_to_nothing_but_and_says_how_to_write_it(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    body = say(talk, players["FRANCE"], "PRESS TO and\nHello.\nENDPRESS")
    assert "write PRESS TO <powers>, e.g. PRESS TO Austria and England, PRESS TO all, or " \
           "PRESS TO master" in body
