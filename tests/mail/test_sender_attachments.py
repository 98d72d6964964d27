"""Files queued with a message reach the relay and the Maildir as multipart/mixed, stored
in the same transaction as the message, and are parsed back by `email`."""

from __future__ import annotations

import email
import mailbox
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest

from judge.attachment import Attachment
from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.outbox_postman import OutboxPostman
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport
from judge.store.db import Database
from judge.store.models import AttachmentBlob, OutboxAttachment, OutboxMessage, OutboxState
from tests.mail.smtp_sink import Sink

T0 = datetime(2026, 11, 26, 18, 0, tzinfo=UTC)
JUDGE = "judge@example.test"
PICTURE = Attachment("alpha-spring-1901.png", "image/png", b"\x89PNG\r\n\x1a\n\x00\xff" * 50)
NOTE = Attachment("orders.txt", "text/plain", "Grüße\n".encode())


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


def settings(port: int = 0) -> Settings:
    return Settings(smtp_host="127.0.0.1" if port else "", smtp_port=port or 25,
                    smtp_timeout=10, domain="example.test", judge_address=JUDGE)


def post(database: Database, clock: ManualClock, *files: Attachment) -> int:
    with database.unit_of_work() as session:
        OutboxPostman(settings(), clock).send(session, to=["alice@example.test"],
                                              subject="alpha: Spring 1901 results",
                                              body="Game alpha\n\nReport.\n",
                                              attachments=files)
    with database.unit_of_work() as session:
        [row] = session.query(OutboxMessage).all()
        return row.id


def parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=default)
    assert isinstance(message, EmailMessage)
    return message


def assert_report_with_files(message: EmailMessage) -> None:
    assert message.get_content_type() == "multipart/mixed"
    assert message["Subject"] == "alpha: Spring 1901 results"
    text, picture, note = message.iter_parts()
    # CRLF over SMTP, LF in a Maildir file: the same lines either way.
    assert text.get_content().replace("\r\n", "\n") == "Game alpha\n\nReport.\n"
    assert [(p.get_filename(), p.get_content_type(), p.get_payload(decode=True))
            for p in (picture, note)] == [tuple(PICTURE)[:3], tuple(NOTE)[:3]]


def test_files_reach_the_relay_after_the_text(database: Database, clock: ManualClock,
                                              sink: Sink) -> None:
    row_id = post(database, clock, PICTURE, NOTE)
    assert OutboxSender(database, clock, SmtpTransport(settings(sink.port))).send_due() == 1
    [delivery] = sink.received
    assert delivery.rcpt_tos == ["alice@example.test"]
    assert_report_with_files(parsed(delivery.data))
    with database.unit_of_work() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None and row.state == OutboxState.SENT


def test_files_reach_the_maildir_after_the_text(database: Database, clock: ManualClock,
                                                tmp_path: Path) -> None:
    post(database, clock, PICTURE, NOTE)
    transport = MaildirTransport(tmp_path / "outbox")
    assert OutboxSender(database, clock, transport).send_due() == 1
    [stored] = mailbox.Maildir(tmp_path / "outbox", create=False)
    assert_report_with_files(parsed(stored.as_bytes()))


def test_without_files_the_relay_gets_one_text_part(database: Database, clock: ManualClock,
                                                     sink: Sink) -> None:
    row_id = post(database, clock)
    with database.unit_of_work() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None
        stored = row.message
    OutboxSender(database, clock, SmtpTransport(settings(sink.port))).send_due()
    [delivery] = sink.received
    assert delivery.data == stored
    assert parsed(delivery.data).get_content_type() == "text/plain"


def test_the_files_are_stored_in_the_message_s_transaction(database: Database,
                                                           clock: ManualClock) -> None:
    with pytest.raises(RuntimeError), database.unit_of_work() as session:
        OutboxPostman(settings(), clock).send(session, to=["alice@example.test"],
                                              subject="s", body="b", attachments=[PICTURE])
        assert session.query(OutboxAttachment).count() == 1
        assert session.query(AttachmentBlob).count() == 1
        raise RuntimeError("the turn failed after queueing its report")
    with database.unit_of_work() as session:
        assert session.query(OutboxMessage).count() == 0
        assert session.query(OutboxAttachment).count() == 0
        assert session.query(AttachmentBlob).count() == 0  # the bytes went with the turn


def test_a_file_no_message_can_carry_fails_at_once(database: Database, clock: ManualClock,
                                                   sink: Sink) -> None:
    row_id = post(database, clock, Attachment("map.png", "not a type", b""))
    assert OutboxSender(database, clock, SmtpTransport(settings(sink.port))).send_due() == 0
    assert sink.received == []
    with database.unit_of_work() as session:
        row = session.get(OutboxMessage, row_id)
        assert row is not None
        assert (row.state, row.attempts) == (OutboxState.FAILED, 1)
        assert "not a media type" in (row.last_error or "")


def test_the_same_file_queued_again_later_refers_to_the_bytes_stored_before(
        database: Database, clock: ManualClock, sink: Sink) -> None:
    for _ in range(2):  # two transactions: the second's INSERT finds the bytes there
        with database.unit_of_work() as session:
            OutboxPostman(settings(), clock).send(session, to=["alice@example.test"],
                                                  subject="alpha: Spring 1901 results",
                                                  body="Game alpha\n\nReport.\n",
                                                  attachments=[PICTURE, NOTE])
    with database.unit_of_work() as session:
        assert session.query(OutboxAttachment).count() == 4
        assert session.query(AttachmentBlob).count() == 2
    assert OutboxSender(database, clock, SmtpTransport(settings(sink.port))).send_due() == 2
    for delivery in sink.received:
        assert_report_with_files(parsed(delivery.data))
