"""Adversary advsec8 on the press paths of Stab Envoy: Germany writes press to France to
draw her orders out. A plain reply to press goes to its writer, so the judge refuses a
reply that reads as orders for the replier's units (judge/commands/press_guard.py: adv1
t6, adv2 #2) rather than hand them to a rival. France orders her Major Ally's units too
(Envoy rule 6: Italy's armies and fleet here); a reply holding orders for them must be
refused as one for her own army is, or her orders reach Germany."""

from __future__ import annotations

from email.message import EmailMessage

import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation
from tests.secrecy.test_envoy_items import FRANCE_PLACES, Script


def _press_reply_address(talk: Conversation, address: str) -> str:
    """The Reply-To of the last press mailed to `address`."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)).all()
        found = [line.split(": ", 1)[1] for row in rows if address in row.recipients
                 for line in row.message.decode("utf-8").splitlines()
                 if line.startswith("Reply-To: judge+p")]
    return found[-1]


def _reply(talk: Conversation, sender: str, to: str, body: str) -> str:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, to, "Re: press"
    msg["Message-ID"] = f"<reply-{len(body)}@players.example>"
    msg.set_content(body)
    answer = talk.deliver(msg.as_bytes())
    assert answer is not None
    return answer.body


def _asked(databases: tuple[Database, Database]) -> tuple[Script, str]:
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.twin.send(script.germany.address,
                     f"{script.germany.signon}\nPRESS TO France\nWhat will you do?\nENDPRESS")
    return script, _press_reply_address(script.twin.a, script.france.address)


def test_a_reply_with_orders_for_her_own_army_is_refused(
        databases: tuple[Database, Database]) -> None:
    script, address = _asked(databases)
    answer = _reply(script.twin.a, script.france.address, address, "A par H")
    assert "reads as an order for your units: nothing was sent" in answer, answer


def test_a_reply_with_orders_for_her_major_allys_units_is_refused(
        databases: tuple[Database, Database]) -> None:
    script, address = _asked(databases)
    answer = _reply(script.twin.a, script.france.address, address, "A ven H\nA rom-tus")
    assert "reads as an order for your units: nothing was sent" in answer, answer
