"""Issue #11, item 15, by mail: replying to a press mail sends the reply's text back as
press to whoever wrote it, under the game's press rules and its anonymity, instead of
reading it as orders ("'Agreed, I will stay out of the' is not a province")."""

from __future__ import annotations

import email.utils
from dataclasses import replace
from email.message import EmailMessage

import pytest

from judge.game.settings import PressMode
from tests.conversations.harness import START, Conversation, Mail
from tests.conversations.seating_helpers import MASTER, Player, address_of, configure, reply
from tests.conversations.test_press import WATCHER, game, press_to, say, stored

PROPOSAL = "Shall we split the Channel?"
ANSWER = "Agreed, I will stay out of the Channel.\nAnd you keep out of Belgium."


def answer(talk: Conversation, sender: str, mail: Mail, text: str,
           subject: str | None = None) -> Mail:
    """`text` sent by `sender` as a mail client replies to `mail`: to its Reply-To, with
    the press quoted below and a signature."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = str(mail.message["Reply-To"])
    msg["Subject"] = subject or f"Re: {mail.subject}"
    msg["Message-ID"] = email.utils.make_msgid(domain="players.example")
    msg["Date"] = email.utils.format_datetime(START)
    quoted = "\n".join(f"> {line}" for line in mail.body.split("\n"))
    msg.set_content(f"{text}\n\nOn Mon, 2 Nov 2026, the judge wrote:\n{quoted}\n"
                    "-- \nSent from my phone\n")
    got = talk.deliver(msg.as_bytes())
    assert got is not None
    return got


def _proposal(talk: Conversation, players: dict[str, Player], grey: bool = False) -> Mail:
    """France writes to Germany; the press mail Germany gets."""
    say(talk, players["FRANCE"], f"PRESS {'GREY ' if grey else ''}TO Germany\n{PROPOSAL}\n"
                                 "ENDPRESS")
    [mail] = press_to(talk)[address_of("GERMANY")]
    return mail


def test_a_reply_to_press_goes_back_to_its_writer_as_press(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    mail = _proposal(talk, players)
    assert str(mail.message["Reply-To"]).startswith("judge+p")
    got = answer(talk, address_of("GERMANY"), mail, ANSWER)
    assert got.subject == "Re: alpha: press from France"
    assert got.body == ("1 done\n\nDone\n----\nline 1: Agreed, I will stay out of the "
                        "Channel.\n    Your reply went to France.\n"
                        "    The master sees a copy, as of all press.\n")
    mails = press_to(talk)
    [back] = mails[address_of("FRANCE")]
    # Only the reply's own lines: the quoted press and the signature stay behind.
    assert (back.subject, back.body) == ("alpha: press from Germany",
                                         f"From: Germany\nTo: France\n\n{ANSWER}\n")
    [copy] = mails[MASTER]
    assert copy.subject == "alpha: press from Germany (your copy)"
    assert stored(talk)[-1] == (["FRANCE"], False, ANSWER)
    # The answer is press too: France's reply to it reaches Germany.
    got = answer(talk, address_of("FRANCE"), back, "Then it is settled.")
    assert "Your reply went to Germany." in got.body
    [again] = press_to(talk)[address_of("GERMANY")]
    assert again.body == "From: France\nTo: Germany\n\nThen it is settled.\n"


def test_a_reply_to_grey_press_never_learns_its_writer(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    mail = _proposal(talk, players, grey=True)
    got = answer(talk, address_of("GERMANY"), mail, ANSWER)
    assert "Your reply went to the writer of that press.\n" in got.body
    assert "france" not in got.message.as_string().lower()
    [back] = press_to(talk)[address_of("FRANCE")]
    assert back.body == f"From: Germany\nTo: France\n\n{ANSWER}\n"  # Germany signs it


def test_in_a_grey_game_the_reply_is_grey_too(talk: Conversation) -> None:
    players = game(talk, PressMode.GREY)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), ANSWER)
    assert "Your reply went to the writer of that press without your name (grey).\n" \
        in got.body
    mails = press_to(talk)
    [back] = mails[address_of("FRANCE")]
    assert back.body == f"From: an anonymous power\nTo: you\n\n{ANSWER}\n"
    assert "germany" not in back.message.as_string().lower()
    assert "From: Germany\nTo: France\n" in mails[MASTER][0].body


def test_a_game_without_press_refuses_the_reply_in_words(talk: Conversation) -> None:
    players = game(talk, PressMode.WHITE)
    mail = _proposal(talk, players)
    configure(talk, "alpha", lambda s: replace(s, press=replace(s.press, mode=PressMode.NONE)))
    got = answer(talk, address_of("GERMANY"), mail, ANSWER)
    assert got.subject.startswith("[errors] ")
    assert ("line 1: Agreed, I will stay out of the Channel.\n"
            "    alpha is a no-press game: players cannot write to each other\n") in got.body
    assert all(mails == [] for mails in press_to(talk).values())


def test_the_masters_press_may_be_answered_in_a_no_press_game(talk: Conversation) -> None:
    game(talk, PressMode.NONE)
    reply(talk, MASTER, "SIGNON Malpha gmpass\nPRESS TO France\nYour orders?\nENDPRESS")
    [mail] = press_to(talk)[address_of("FRANCE")]
    got = answer(talk, address_of("FRANCE"), mail, "Coming tonight.")
    assert "Your reply went to the master.\n" in got.body
    [back] = press_to(talk)[MASTER]
    assert back.body == "From: France\nTo: the master\n\nComing tonight.\n"


def test_press_written_after_become_is_answered_to_the_power(talk: Conversation) -> None:
    game(talk, PressMode.WHITE)
    reply(talk, MASTER, f"SIGNON Malpha gmpass\nBECOME France\nPRESS TO Germany\n{PROPOSAL}\n"
                        "ENDPRESS")
    [mail] = press_to(talk)[address_of("GERMANY")]
    assert "Your reply went to France." in answer(talk, address_of("GERMANY"), mail,
                                                  ANSWER).body
    assert press_to(talk)[address_of("FRANCE")][0].body.endswith(f"\n\n{ANSWER}\n")


@pytest.mark.parametrize(("text", "reason"), [
    ("SIGNON Galpha pw-germany\nA mun-ruh", "line 1 is a SIGNON, which would give your "
                                            "password away: nothing was sent."),
    ("", "there is no text to send: write your reply above the quoted press"),
])
def test_a_reply_that_cannot_be_press_is_refused(talk: Conversation, text: str,
                                                 reason: str) -> None:
    players = game(talk, PressMode.PARTIAL)
    got = answer(talk, address_of("GERMANY"), _proposal(talk, players), text)
    assert reason in got.body
    assert all(mails == [] for mails in press_to(talk).values())


def test_a_stale_or_forged_press_address_sends_nothing(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    mail = _proposal(talk, players)
    say(talk, players["GERMANY"], "SET PASSWORD n3w-secret")  # renews the seat's secret
    got = answer(talk, address_of("GERMANY"), mail, ANSWER)
    assert "Not processed\n-------------\nThe address you replied to answers a piece of " \
           "press for a seat whose password has changed since" in got.body
    forged = replace(mail, message=_with_reply_to(mail, "judge+p1-1-aaaaaaaaaaaaaaaa"))
    assert "nothing was sent" in answer(talk, address_of("GERMANY"), forged, ANSWER).body
    assert all(mails == [] for mails in press_to(talk).values())


def _with_reply_to(mail: Mail, local: str) -> EmailMessage:
    message = EmailMessage()
    message["Reply-To"] = f"{local}@example.org"
    return message


def test_an_observer_may_not_answer_a_broadcast_to_a_player(talk: Conversation) -> None:
    players = game(talk, PressMode.WHITE)
    say(talk, players["FRANCE"], "BROADCAST\nPeace.\nENDPRESS")
    [mail] = press_to(talk)[WATCHER]
    got = answer(talk, WATCHER, mail, "Nice words.")
    assert "observers may write to the master only: PRESS TO master" in got.body
    assert press_to(talk)[address_of("FRANCE")] == []


def test_a_reply_from_another_address_tells_the_seats_owner(talk: Conversation) -> None:
    players = game(talk, PressMode.PARTIAL)
    got = answer(talk, "germany.phone@example.net", _proposal(talk, players), ANSWER)
    assert "Your reply went to France." in got.body
    told = [m for m in talk.mails_to(address_of("GERMANY"))
            if m.subject == "alpha: another address acted for you"]
    assert len(told) == 1 and "germany.phone@example.net" in told[0].body


def test_the_master_cannot_answer_an_observer_by_press(talk: Conversation) -> None:
    game(talk, PressMode.WHITE)
    reply(talk, WATCHER, "SIGNON Oalpha watchpw\nPRESS TO gm\nNice game.\nENDPRESS")
    [mail] = press_to(talk)[MASTER]
    got = answer(talk, MASTER, mail, "Thank you.")
    assert "an observer's press cannot be answered by press, which goes to powers and the " \
           "master; ANNOUNCE … ENDANNOUNCE reaches every seat, observers included" in got.body
    assert press_to(talk)[WATCHER] == []
