"""Senders over the IMAP path, delivered by the real Postfix and Dovecot: the envelope
sender Dovecot writes as Return-Path, From fields the judge cannot answer (stored, then
dropped saying why: IMAP cannot refuse), and a full database (issue #11 items 4, 5, 10)."""

from __future__ import annotations

import logging
import re

import pytest

from judge.app import Judge
from judge.store import repo_inbox, repo_mail
from tests.integration.poller_helpers import outcomes, poller_for, raw_message
from tests.mail.store_trouble import disk_full
from tests.mailstack import MailStack

JUDGE = "judge@example.test"
TOKEN = "judge+s1-abcdefghijklmnop@example.test"
BOUNCE = (f"From: Mail System <notices@mx.example.test>\r\nTo: {TOKEN}\r\n"
          "Subject: Undelivered: Spring 1901\r\nMessage-ID: <bounce-2@mx.example.test>\r\n\r\n"
          f"Delivery failed: mailbox full.\r\n\r\nReply-To: {TOKEN}\r\n\r\nHELP\r\n").encode()


def poll(judge: Judge, mail: MailStack, count: int = 1) -> None:
    mail.wait_for("judge", count)
    poller = poller_for(judge)
    try:
        assert poller.poll_once() == count
    finally:
        poller.close()


def first_raw(judge: Judge) -> bytes:
    with judge.db.unit_of_work() as session:
        row = repo_inbox.inbox_message(session, 1)
        assert row is not None
        return row.raw


def test_a_bounce_through_postfix_keeps_its_null_sender_and_is_never_answered(
        judge: Judge, mail: MailStack) -> None:
    with mail.smtp() as client:
        assert client.sendmail("<>", [TOKEN], BOUNCE) == {}
    poll(judge, mail)
    assert first_raw(judge).startswith(b"Return-Path: <>\r\n")  # Dovecot's LMTP wrote it
    assert outcomes(judge) == [("dropped", "automatic message: null Return-Path", 0)]


def test_a_utf8_from_through_postfix_is_answered(judge: Judge, mail: MailStack) -> None:
    # An ASCII envelope sender: Dovecot 2.3's LMTP offers no SMTPUTF8, so Postfix would
    # bounce a UTF-8 one; the From field in UTF-8 passes (RFC 6532 text in an 8-bit body).
    raw = raw_message("orders", sender="Jörg <jörg@example.test>")
    with mail.smtp() as client:
        client.sendmail("alice@example.test", [JUDGE], raw)
    poll(judge, mail)
    assert b"\r\nFrom: J\xc3\xb6rg <j\xc3\xb6rg@example.test>\r\n" in first_raw(judge)
    assert outcomes(judge) == [("done", None, 1)]
    with judge.db.unit_of_work() as session:
        [reply] = repo_mail.outbox_after(session, 0)
        assert reply.recipients == ["jörg@example.test"]


def test_a_from_in_latin1_is_stored_once_and_dropped_saying_why(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    raw = raw_message("orders").replace(b"From: alice@example.test",
                                        b"From: J\xf6rg <j\xf6rg@example.test>")
    mail.deliver_lmtp("judge", raw)
    poll(judge, mail)
    assert mail.messages("judge") == []  # filed away: not fetched again and again
    assert [r for r in caplog.records if r.exc_info] == []
    assert outcomes(judge) == [(
        "dropped", "no From address to answer: the address has 8-bit characters that are not "
                   'UTF-8 (RFC 6532): "J\\xf6rg <j\\xf6rg@example.test>"', 0)]


def test_a_full_database_is_one_line_per_message_and_the_message_stays(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    def full(raw: bytes) -> object:
        raise disk_full()

    mail.deliver_lmtp("judge", raw_message("orders"))
    mail.wait_for("judge", 1)
    poller = poller_for(judge, full)
    try:
        assert poller.poll_once() == 0
    finally:
        poller.close()
    [record] = [r for r in caplog.records if r.name == "judge.mail.inbound.poller"
                and r.levelno >= logging.WARNING]
    assert (record.levelname, record.exc_info) == ("ERROR", None)
    assert re.fullmatch(
        r"imap: could not store message UID \d+ of INBOX; it stays there for the next poll: "
        r"the database or its disk is full \(OperationalError: database or disk is full\)",
        record.getMessage())
    assert len(mail.messages("judge")) == 1
