"""adv2 #6, by mail: the game-start notice says that replying to it acts for the seat,
and a reply to it with orders and no SIGNON does."""

from __future__ import annotations

from email.message import EmailMessage

from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import address_of, create, fill


def test_a_reply_to_the_start_notice_gives_orders_without_signon(
        talk: Conversation) -> None:
    create(talk)
    fill(talk)
    [notice] = [m for m in talk.mails_to(address_of("FRANCE"))
                if m.subject == "alpha: the game has started"]
    assert ("Reply to this mail (or to any report) to act for your seat: a reply needs no "
            "SIGNON, only your orders, one per line.\nIn a new message, sign on first.\n"
            "Sign on with: SIGNON Falpha <your password>\n") in notice.body
    msg = EmailMessage()
    msg["From"] = address_of("FRANCE")
    msg["To"] = str(notice.message["Reply-To"])
    msg["Subject"] = f"Re: {notice.subject}"
    msg.set_content("A par - bur\n")
    got = talk.deliver(msg.as_bytes())
    assert got is not None and not got.subject.startswith("[errors]"), got
    assert "line 1: A par - bur" in got.body
    assert "Orders for France, Spring 1901 Movement" in got.body
