"""adv10: an auto-reply or a bounce to the seat code's mail (judge/game/seat_requests.py
mail_seat_code, whose reply address holds the code) must never take the seat, nor be
answered: a plain reply confirms, and an out-of-office quoting the mail is plain enough
(RFC 3834: its Auto-Submitted field, or its subject, says it is automatic)."""

from __future__ import annotations

import pytest

from tests.conversations.account_guard import reply_address
from tests.conversations.harness import Conversation, raw_message
from tests.conversations.seat_confirm import seat_mail
from tests.conversations.seating_helpers import account, reply, seats

GAME = "beta"
SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
ALICE = "alice@example.org"


@pytest.mark.parametrize(("subject", "headers"), [
    ("Re: Confirm your seat in beta", {"Auto-Submitted": "auto-replied"}),
    ("Automatic reply: Confirm your seat in beta", {}),
    ("Undelivered Mail Returned to Sender", {"Return-Path": "<>"}),
])
def test_an_automatic_answer_to_the_code_mail_takes_no_seat(
        talk: Conversation, subject: str, headers: dict[str, str]) -> None:
    account(talk, "gm@example.org", "Game Master")
    reply(talk, "gm@example.org", f"CREATE {GAME} gmpw {SURVIVAL}")
    account(talk, ALICE, "Alice")
    reply(talk, ALICE, f"OBSERVE {GAME} alice-pw")
    mail = seat_mail(talk, ALICE)
    assert mail is not None
    quoted = "\n".join(f"> {line}" for line in mail.body.splitlines())
    raw = raw_message(ALICE, f"I am away.\n\n{quoted}", subject, headers)
    raw = raw.replace(b"To: ", f"To: {reply_address(mail)}\nX-Old-To: ".encode(), 1)
    assert talk.deliver(raw) is None  # not answered: no loop
    assert [s for s in seats(talk, GAME) if s[0] == ALICE] == []
