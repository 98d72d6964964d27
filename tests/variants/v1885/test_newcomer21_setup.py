"""1885-III's December 1884 set-up turn (l.9-15) by mail, as a newcomer meets it: England's
first move in it was refused "England has no set-up choice (l.9-15: Italy, Russia and Sweden
have)", with no word of when the move may be sent; Sweden's reply named what she still owed
as "Build A or F osl", an id where every other line names the place."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import orders, started


def test_a_move_in_the_set_up_turn_says_when_moves_are_sent(talk: Conversation) -> None:
    started(talk)
    sent = orders(talk, "ENGLAND", "F Lon-Eng")
    assert ("line 2: F Lon-Eng\n    England has no set-up choice (l.9-15: only Italy, Russia "
            "and Sweden choose units in this turn): you have nothing to order in it. Moves are "
            "for January 1885 Movement: send them when it opens, or now after a line PHASE "
            "January 1885 Movement\n") in sent.body, sent.body
    # What it says to do is taken: the move, after the PHASE line.
    ahead = orders(talk, "ENGLAND", "PHASE January 1885 Movement", "F Lon-Eng")
    assert "error" not in ahead.body.lower(), ahead.body


def test_the_choice_still_owed_is_named_by_its_place(talk: Conversation) -> None:
    started(talk)
    sent = orders(talk, "SWEDEN", "WAIVE")
    assert "Still without orders: a set-up choice: Build A or F Oslo\n" in sent.body, sent.body
    russia = orders(talk, "RUSSIA", "ORDERS")
    assert "Still without orders: a set-up choice: Build A or F St Petersburg or " \
        "Sevastopol\n" in russia.body, russia.body


def test_a_choice_written_as_a_unit_says_how_the_choice_is_written(talk: Conversation) -> None:
    # Sweden's `F Osl` was answered "is missing an order for the unit: H to hold, ...".
    started(talk)
    sent = orders(talk, "SWEDEN", "F Osl")
    assert ("line 2: F Osl\n    in December 1884 Set-up your choice is written Build F Osl "
            "or Build A Osl (l.9-15).") in sent.body, sent.body
    russia = orders(talk, "RUSSIA", "A StP")
    assert "your choice is written Build F StP or Build A StP or Build F Sev or Build A " \
        "Sev (l.9-15)." in russia.body, russia.body
    chose = orders(talk, "SWEDEN", "Build F Osl")
    assert "error" not in chose.body.lower(), chose.body
