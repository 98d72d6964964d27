"""Adversaries' findings on replies to press (fix round f5): a press-reply address proves
only "may answer that press" (it travels with forwarded and quoted press), and a reply
that carries a password or orders is refused whole, never sent on to a rival."""

from __future__ import annotations

from judge.game.settings import PressMode
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import address_of
from tests.conversations.test_press import game
from tests.conversations.test_press_reply import ANSWER, _proposal, answer


def test_a_press_address_never_hands_out_the_seats_reply_address(
        talk: Conversation) -> None:
    """adv1 t9: Italy holds Germany's press address (a forwarded press mail); his answer
    goes as Germany's press, but its receipt must not carry Germany's seat token, or his
    next mail would give orders and a new password for Germany."""
    players = game(talk, PressMode.WHITE)
    mail = _proposal(talk, players)
    italy = address_of("ITALY")
    got = answer(talk, italy, mail, ANSWER)
    assert "Your reply went to France." in got.body
    assert got.message["Reply-To"] is None
    assert "judge+s" not in got.message.as_string()
    # Germany's own answer earns no seat token either: the press address is not a signon.
    talk.mails_to(address_of("GERMANY"))  # the notice that another address answered
    again = answer(talk, address_of("GERMANY"), _proposal(talk, players), ANSWER)
    assert again.message["Reply-To"] is None

