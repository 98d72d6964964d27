"""Adversaries' findings on replies to press (fix round f5): a press-reply address proves
only "may answer that press" (it travels with forwarded and quoted press), and a reply
that carries a password or orders is refused whole, never sent on to a rival."""

from __future__ import annotations

import pytest

from judge.game.settings import PressMode
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, address_of, reply
from tests.conversations.test_press import game, press_to, stored
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



@pytest.mark.parametrize(("text", "excerpt", "reason"), [
    ("Fine.\nSIGNON Galpha pw-germany", "line 2: SIGNON …",
     "line 2 is a SIGNON, which would give your password away"),
    ("signo Galpha pw-germany", "line 1: SIGNON …", "line 1 is a SIGNON"),
    ("SET PASSWORD newsecret99", "line 1: SET PASSWORD …", "line 1 is a SET PASSWORD"),
    ("JOIN alpha pw-germany", "line 1: JOIN …", "line 1 is a JOIN"),
    ("OBSERVE alpha pw-germany", "line 1: OBSERVE …", "line 1 is an OBSERVE"),
    ("resign alpha pw-germany", "line 1: RESIGN …", "line 1 is a RESIGN"),
    ("CONFIRM c12-abcdefghijklmnop", "line 1: CONFIRM …",
     "line 1 is a CONFIRM, which would give your code away"),
    ("UNDO u3-abcdefghijklmnop", "line 1: UNDO …", "line 1 is an UNDO"),
    ("EMGSTART\n5\nalpha pw-germany\nA ber - kie\nEMGEND", "line 1: EMG block …",
     "line 1 is an EMG block"),
])
def test_a_reply_carrying_a_password_or_code_is_refused_whole(
        talk: Conversation, text: str, excerpt: str, reason: str) -> None:
    players = game(talk, PressMode.WHITE)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), text)
    assert got.subject.startswith("[errors] ")
    assert f"{excerpt}\n    {reason}" in got.body
    assert "nothing was sent" in got.body
    assert "pw-germany" not in got.body and "newsecret99" not in got.body
    assert "abcdefghijklmnop" not in got.body
    assert all(m == [] for m in press_to(talk).values())


def test_an_emg_subject_on_a_press_reply_is_refused(talk: Conversation) -> None:
    players = game(talk, PressMode.WHITE)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), "Yes.",
                 subject="EMGTURN")
    assert "an EMG request carries your password: nothing was sent" in got.body
    assert all(m == [] for m in press_to(talk).values())


@pytest.mark.parametrize("text", ["Ok.\nA mun - bur\nF kie - hol", "A Munich to Burgundy",
                                  "f kie h"])
def test_a_reply_with_the_repliers_orders_is_refused(talk: Conversation, text: str) -> None:
    players = game(talk, PressMode.WHITE)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), text)
    assert got.subject.startswith("[errors] ")
    line = next(n for n, t in enumerate(text.split("\n"), 1) if t != "Ok.")
    first = text.split("\n")[line - 1]
    assert (f"line {line}: {first}\n    line {line} reads as an order for your units: "
            "nothing was sent, so your orders did not reach the writer of that press. To "
            "give orders, reply to a report, or send them to the judge's own address after "
            "SIGNON; to write press that mentions orders, say it in prose or use PRESS TO "
            "<power> … ENDPRESS\n") in got.body
    assert all(m == [] for m in press_to(talk).values())


@pytest.mark.parametrize("text", [
    "Join me against Turkey, please.",    # JOIN, but no game named
    "Confirm you will stay out.",         # CONFIRM without a code
    "A par - bur\nF bre - mao",           # France's units, not the replier's
    "I shall move to Burgundy.",
])
def test_prose_and_a_rivals_orders_still_go_as_press(talk: Conversation, text: str) -> None:
    players = game(talk, PressMode.WHITE)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), text)
    assert "Your reply went to France." in got.body
    [back] = press_to(talk)[address_of("FRANCE")]
    assert back.body == f"From: Germany\nTo: France\n\n{text}\n"


@pytest.mark.parametrize("vacant", [False, True])
def test_a_reply_to_grey_press_reads_the_same_whether_its_writers_seat_is_held(
        talk: Conversation, vacant: bool) -> None:
    """adv1 t2: "the writer of that press has no player" named a grey writer whose seat
    LIST shows vacant."""
    players = game(talk, PressMode.PARTIAL)
    mail = _proposal(talk, players, grey=True)
    if vacant:
        reply(talk, address_of("FRANCE"), f"{players['FRANCE'].signon()}\nRESIGN")
        talk.mails_to(MASTER)
    got = answer(talk, address_of("GERMANY"), mail, ANSWER)
    assert got.body == ("1 done\n\nDone\n----\nline 1: Agreed, I will stay out of the "
                        "Channel.\n    Your reply went to the writer of that press.\n"
                        "    The master sees a copy, as of all press.\n")
    mails = press_to(talk)
    [copy] = [m for m in mails[MASTER] if "press from Germany" in m.subject]
    assert copy.body == f"From: Germany\nTo: France\n\n{ANSWER}\n"
    assert len(mails[address_of("FRANCE")]) == (0 if vacant else 1)
    assert stored(talk)[-1] == (["FRANCE"], False, ANSWER)
