"""1885-III by mail: njudge's convoy path written for a fleet (England starts with fleets
only, l.9-15). `A Edi-Nth-Osl` for the fleet in Edinburgh was answered "Edinburgh is not
adjacent to Oslo", which says nothing of the path he wrote."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import choose, orders, started


def test_a_convoy_path_for_a_fleet_says_there_is_no_army_to_convoy(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    sent = orders(talk, "ENGLAND", "A Edi-Nth-Osl")
    assert ("line 2: A Edi-Nth-Osl\n    there is no army in Edinburgh to convoy: the unit "
            "there is F Edinburgh, which is never convoyed and moves only to a space next to "
            "it\n") in sent.body, sent.body


def test_a_convoy_path_for_an_army_is_worded_as_in_the_standard_game(
        talk: Conversation) -> None:
    started(talk)
    choose(talk)
    sent = orders(talk, "SWEDEN", "A Sto-Bal-Kie")
    assert ("line 2: A Sto-Bal-Kie\n    A Stockholm cannot go to Kiel by convoy: no fleets "
            "stand where they could convoy it\n") in sent.body, sent.body
