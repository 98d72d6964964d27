"""The outbox sender against a real SMTP server on 127.0.0.1 and a real Maildir.

Time moves only by ManualClock; every expected time and delay is worked out by hand from
the schedule: 1 minute after the first failure, then doubling, at most 6 hours.
"""

from __future__ import annotations

import logging
import mailbox
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.sender import LEASE, OutboxSender, transport_for
from judge.mail.outbound.smtp import SmtpTransport
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState
from tests.mail.smtp_sink import Sink
from tests.mailstack_process import free_port

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
JUDGE = "judge@example.test"
# A dot-led line (SMTP must stuff and unstuff it) and 8-bit UTF-8 text (BODY=8BITMIME).
RAW = ("From: judge@example.test\r\nTo: alice@example.test\r\nSubject: Spring 1901\r\n"
       "Message-ID: <1@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n"
       "Content-Transfer-Encoding: 8bit\r\n\r\nF Brest - Mid-Atlantic Ocean.\r\n"
       ".hidden dot\r\nGrüße aus München\r\n").encode()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


def relay(port: int) -> Settings:
    return Settings(smtp_host="127.0.0.1", smtp_port=port, smtp_timeout=10,
                    domain="example.test", judge_address=JUDGE)


def queue(db: Database, clock: ManualClock, raw: bytes = RAW,
          to: tuple[str, ...] = ("alice@example.test",)) -> int:
    with db.unit_of_work() as session:
        return repo_mail.enqueue_outbox(session, raw, sender=JUDGE, recipients=to,
                                        not_before=clock.now()).id


def row(db: Database, row_id: int) -> OutboxMessage:
    with db.unit_of_work() as session:
        found = session.get(OutboxMessage, row_id)
        assert found is not None
        return found


def test_due_messages_go_to_the_relay_byte_for_byte_over_one_connection(
        database: Database, clock: ManualClock, sink: Sink) -> None:
    first, second = queue(database, clock), queue(database, clock, RAW.replace(b"1@", b"2@"))
    sender = OutboxSender(database, clock, SmtpTransport(relay(sink.port)))

    assert sender.send_due() == 2
    assert [d.data for d in sink.received] == [RAW, RAW.replace(b"1@", b"2@")]
    assert [(d.mail_from, d.rcpt_tos) for d in sink.received] == \
        [(JUDGE, ["alice@example.test"])] * 2
    assert sink.received[0].connection == sink.received[1].connection
    for row_id in (first, second):
        sent = row(database, row_id)
        assert (sent.state, sent.attempts, sent.sent_at) == (OutboxState.SENT, 1, T0)
    assert sender.send_due() == 0
    assert len(sink.received) == 2


def test_a_5xx_answer_fails_the_message_at_once(
        database: Database, clock: ManualClock, sink: Sink) -> None:
    sink.handler.data_reply = "550 5.7.1 Rejected as spam"
    row_id = queue(database, clock)
    sender = OutboxSender(database, clock, SmtpTransport(relay(sink.port)))

    assert sender.send_due() == 0
    failed = row(database, row_id)
    assert (failed.state, failed.attempts, failed.sent_at) == (OutboxState.FAILED, 1, None)
    assert failed.last_error == f"127.0.0.1:{sink.port} answered 550 5.7.1 Rejected as spam"
    clock.advance(timedelta(days=3))
    assert sender.send_due() == 0
    assert sink.handler.data_attempts == 1


def test_a_4xx_answer_is_retried_with_backoff_until_the_relay_takes_it(
        database: Database, clock: ManualClock, sink: Sink) -> None:
    sink.handler.data_reply = "451 4.7.1 Greylisted, come back later"
    row_id = queue(database, clock)
    sender = OutboxSender(database, clock, SmtpTransport(relay(sink.port)))

    assert sender.send_due() == 0
    waiting = row(database, row_id)
    assert (waiting.state, waiting.attempts) == (OutboxState.PENDING, 1)
    assert waiting.next_try_at == T0 + timedelta(minutes=1)
    assert waiting.last_error is not None and "451 4.7.1 Greylisted" in waiting.last_error
    clock.advance(timedelta(seconds=59))
    assert sender.send_due() == 0
    assert sink.handler.data_attempts == 1  # not due yet: not tried
    clock.advance(timedelta(seconds=1))
    assert sender.send_due() == 0
    assert row(database, row_id).next_try_at == T0 + timedelta(minutes=1 + 2)
    sink.handler.data_reply = None
    clock.advance(timedelta(minutes=2))
    assert sender.send_due() == 1
    sent = row(database, row_id)
    assert (sent.state, sent.attempts, sent.sent_at) == \
        (OutboxState.SENT, 3, T0 + timedelta(minutes=3))
    assert [d.data for d in sink.received] == [RAW]


def test_a_relay_that_is_down_is_tried_again_later(
        database: Database, clock: ManualClock) -> None:
    port = free_port()  # nothing listens there: connection refused
    row_id = queue(database, clock)
    sender = OutboxSender(database, clock, SmtpTransport(relay(port)))

    assert sender.send_due() == 0
    waiting = row(database, row_id)
    assert (waiting.state, waiting.next_try_at) == \
        (OutboxState.PENDING, T0 + timedelta(minutes=1))
    assert waiting.last_error is not None
    assert waiting.last_error.startswith(f"cannot use the relay 127.0.0.1:{port}: ")
    clock.advance(timedelta(minutes=1))
    with Sink(port) as sink:
        assert sender.send_due() == 1
    assert [d.data for d in sink.received] == [RAW]


def test_a_message_some_recipients_refused_counts_as_sent(
        database: Database, clock: ManualClock, sink: Sink,
        caplog: pytest.LogCaptureFixture) -> None:
    sink.handler.refuse["gone@example.test"] = "550 5.1.1 No such user"
    row_id = queue(database, clock, to=("alice@example.test", "gone@example.test"))
    sender = OutboxSender(database, clock, SmtpTransport(relay(sink.port)))

    with caplog.at_level(logging.WARNING, logger="judge.mail.outbound.smtp"):
        assert sender.send_due() == 1
    assert [d.rcpt_tos for d in sink.received] == [["alice@example.test"]]
    assert row(database, row_id).state == OutboxState.SENT
    assert f"outbox message {row_id}: 127.0.0.1:{sink.port} refused some recipients, sent " \
           "to the rest: gone@example.test: 550 5.1.1 No such user" in caplog.messages


@pytest.mark.parametrize(("answers", "state"), [
    (("550 5.1.1 No such user", "550 5.1.1 No such user"), OutboxState.FAILED),
    (("550 5.1.1 No such user", "450 4.2.1 Mailbox busy"), OutboxState.PENDING),
])
def test_when_every_recipient_is_refused_one_4xx_keeps_it_queued(
        database: Database, clock: ManualClock, sink: Sink, answers: tuple[str, str],
        state: OutboxState) -> None:
    to = ("gone@example.test", "busy@example.test")
    sink.handler.refuse.update(zip(to, answers, strict=True))
    row_id = queue(database, clock, to=to)

    assert OutboxSender(database, clock, SmtpTransport(relay(sink.port))).send_due() == 0
    refused = row(database, row_id)
    assert refused.state == state
    assert refused.last_error == ("every recipient was refused: gone@example.test: "
                                  f"{answers[0]}; busy@example.test: {answers[1]}")
    assert sink.received == []


def test_it_gives_up_after_17_attempts_about_two_days_on(
        database: Database, clock: ManualClock, sink: Sink) -> None:
    sink.handler.data_reply = "421 4.3.2 System not accepting network messages"
    row_id = queue(database, clock)
    sender = OutboxSender(database, clock, SmtpTransport(relay(sink.port)))
    sender.send_due()
    while (current := row(database, row_id)).state == OutboxState.PENDING:
        clock.set(current.next_try_at)
        sender.send_due()

    assert (current.state, current.attempts) == (OutboxState.FAILED, 17)
    # Delays 1+2+4+...+256 = 511 minutes, then seven of 6 hours before attempt 17.
    assert clock.now() - T0 == timedelta(minutes=511 + 7 * 360)
    assert sink.handler.data_attempts == 17


def test_without_a_relay_messages_go_into_the_maildir(
        database: Database, clock: ManualClock, tmp_path: Path) -> None:
    settings = Settings(maildir=str(tmp_path / "outbox"))
    row_id = queue(database, clock)
    transport = transport_for(settings)
    assert isinstance(transport, MaildirTransport)

    assert OutboxSender(database, clock, transport).send_due() == 1
    box = mailbox.Maildir(tmp_path / "outbox", create=False)
    [(key, message)] = box.items()
    assert key.startswith(f"judge-{row_id}-")
    assert message.as_bytes() == RAW.replace(b"\r\n", b"\n")
    assert message["Subject"] == "Spring 1901"
    assert row(database, row_id).state == OutboxState.SENT
    assert isinstance(transport_for(relay(25)), SmtpTransport)


def test_a_send_cut_short_after_the_maildir_write_is_delivered_exactly_once(
        database: Database, clock: ManualClock, tmp_path: Path) -> None:
    row_id = queue(database, clock)
    transport = MaildirTransport(tmp_path / "outbox")
    with database.unit_of_work() as session:  # the claim a sender committed...
        [claimed] = repo_mail.claim_due(session, clock.now(), LEASE, 50)
    transport.deliver(claimed.id, claimed.sender, claimed.recipients, claimed.message)
    # ...which then died before recording the delivery.
    sender = OutboxSender(database, clock, transport)

    assert sender.send_due() == 0  # still leased to the dead sender
    assert row(database, row_id).state == OutboxState.SENDING
    clock.advance(LEASE)
    assert sender.send_due() == 1
    done = row(database, row_id)
    assert (done.state, done.attempts) == (OutboxState.SENT, 2)
    assert len(mailbox.Maildir(tmp_path / "outbox", create=False)) == 1


def test_a_message_a_reader_already_moved_to_cur_is_not_written_again(
        tmp_path: Path) -> None:
    transport = MaildirTransport(tmp_path / "box")
    transport.deliver(7, JUDGE, ["alice@example.test"], RAW)
    box = mailbox.Maildir(tmp_path / "box", create=False)
    [key] = box.keys()
    message = box[key]
    message.set_subdir("cur")
    message.add_flag("S")
    box[key] = message  # renamed into cur/ with ":2,S", as a mail reader does
    transport.deliver(7, JUDGE, ["alice@example.test"], RAW)
    transport.deliver(8, JUDGE, ["alice@example.test"], RAW)
    assert len(box) == 2
    assert len(list((tmp_path / "box" / "new").iterdir())) == 1
    assert list((tmp_path / "box" / "tmp").iterdir()) == []
