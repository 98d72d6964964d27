"""The embedded SMTP receiver, driven by swaks and smtplib, storing into a real judge database.

The judge's clock is frozen at T0, so the trace header each test expects is written out
in full by hand.
"""

from __future__ import annotations

import os
import shutil
import smtplib
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from judge.app import Judge, build_judge
from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.inbound.pipeline import receive
from judge.mail.inbound.receiver import SmtpReceiver
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport
from judge.store import repo_inbox
from judge.store.db import Database
from tests.integration.poller_helpers import outcomes
from tests.mail.smtp_sink import Sink
from tests.mail.store_trouble import full_judge
from tests.mailstack_process import free_port

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)  # a Friday
JUDGE = "judge@example.test"
LIMIT = 2000
MESSAGE = (b"From: alice@example.test\r\nTo: judge@example.test\r\nSubject: orders\r\n"
           b"Message-ID: <orders-1@example.test>\r\n\r\nBUILD F Brest\r\n")


def trace(helo: str, recipient: str, protocol: str = "ESMTP",
          sender: str = "alice@example.test") -> bytes:
    return (f"Return-Path: <{sender}>\r\n"
            f"Received: from {helo} ([127.0.0.1])\r\n"
            f"\tby judge.example.test with {protocol} for <{recipient}>;\r\n"
            "\tFri, 01 Mar 2024 12:00:00 +0000\r\n").encode()


@pytest.fixture
def judge_on_db(database: Database) -> Judge:
    settings = Settings(judge_address=JUDGE, domain="judge.example.test",
                        listen=f"127.0.0.1:{free_port()}", max_message_bytes=LIMIT)
    return build_judge(settings, clock=ManualClock(T0), db=database)


@pytest.fixture
def stored_calls() -> list[None]:
    return []


def run(judge: Judge, store: Callable[[bytes], object], calls: list[None]) -> SmtpReceiver:
    receiver = SmtpReceiver(judge.settings, store, lambda: calls.append(None),
                            clock=judge.clock)
    receiver.start()
    return receiver


@pytest.fixture
def receiver(judge_on_db: Judge, stored_calls: list[None]) -> Iterator[SmtpReceiver]:
    running = run(judge_on_db, lambda raw: receive(judge_on_db, raw), stored_calls)
    yield running
    running.stop()


def inbox(judge: Judge) -> list[bytes]:
    with judge.db.unit_of_work() as session:
        return [row.raw for row in repo_inbox.new_inbox_messages(session)]


def swaks(receiver: SmtpReceiver, *args: str) -> subprocess.CompletedProcess[str]:
    program = shutil.which("swaks")
    if program is None:
        if os.environ.get("CI"):
            pytest.fail("swaks not installed; CI must install it (.ci/run)", pytrace=False)
        pytest.skip("swaks not installed (apt-get install swaks)")
    return subprocess.run([program, "--server", "127.0.0.1", "--port", str(receiver.port),
                           "--from", "alice@example.test", "--helo", "player.example.test",
                           *args], capture_output=True, text=True, timeout=60)


def smtp(receiver: SmtpReceiver) -> smtplib.SMTP:
    return smtplib.SMTP("127.0.0.1", receiver.port, local_hostname="player.example.test",
                        timeout=30)


def test_swaks_mail_for_the_judge_is_stored_with_a_trace_header(
        receiver: SmtpReceiver, judge_on_db: Judge, stored_calls: list[None]) -> None:
    done = swaks(receiver, "--to", JUDGE, "--header", "Subject: orders",
                 "--body", "BUILD F Brest")
    assert done.returncode == 0, done.stdout + done.stderr
    [raw] = inbox(judge_on_db)
    assert raw.startswith(trace("player.example.test", JUDGE))
    assert b"\r\nSubject: orders\r\n" in raw and b"\r\n\r\nBUILD F Brest\r\n" in raw
    assert len(stored_calls) == 1


def test_swaks_mail_for_anyone_else_is_refused_at_rcpt(
        receiver: SmtpReceiver, judge_on_db: Judge, stored_calls: list[None]) -> None:
    done = swaks(receiver, "--to", "master@example.test")
    assert done.returncode == 24, done.stdout  # swaks: no recipient accepted
    assert "550 5.1.1 <master@example.test>: no such user here" in done.stdout
    assert inbox(judge_on_db) == []
    assert stored_calls == []


@pytest.mark.parametrize("address", ["someone@example.test", "judge@elsewhere.test",
                                     "judgement@example.test", "judge@example.test.evil"])
def test_smtplib_mail_for_another_address_is_refused(
        receiver: SmtpReceiver, judge_on_db: Judge, address: str) -> None:
    with smtp(receiver) as client, pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        client.sendmail("alice@example.test", [address], MESSAGE)
    assert refused.value.recipients == {
        address: (550, f"5.1.1 <{address}>: no such user here".encode())}
    assert inbox(judge_on_db) == []


def test_a_sub_address_is_the_judge_s_in_any_case(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    with smtp(receiver) as client:
        assert client.sendmail("alice@example.test", ["Judge+Tk7Q2@Example.TEST"], MESSAGE) \
            == {}
    assert inbox(judge_on_db) == [trace("player.example.test", "Judge+Tk7Q2@Example.TEST")
                                  + MESSAGE]


def test_utf8_addresses_and_8bit_text_are_taken_as_sent(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    message = MESSAGE.replace(b"BUILD", "Grüße, BUILD".encode())
    with smtp(receiver) as client:
        client.sendmail("jörg@example.test", [JUDGE], message,
                        mail_options=["SMTPUTF8", "BODY=8BITMIME"])
    assert inbox(judge_on_db) == [trace("player.example.test", JUDGE, "UTF8SMTP",
                                        "jörg@example.test") + message]


def test_an_oversized_message_is_refused_with_552_naming_the_limit(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    big = MESSAGE + (b"x" * 70 + b"\r\n") * 40  # 40 lines of 72 octets: over 2000
    too_big = f"5.3.4 Message too big: the judge accepts messages of at most {LIMIT} bytes"
    with smtp(receiver) as client:
        # smtplib declares SIZE= in MAIL FROM, so the refusal comes before any data...
        with pytest.raises(smtplib.SMTPSenderRefused) as at_mail:
            client.sendmail("alice@example.test", [JUDGE], big)
        assert (at_mail.value.smtp_code, at_mail.value.smtp_error) == (552, too_big.encode())
        # ...a client that does not is refused once its data passes the limit.
        client.mail("alice@example.test")
        client.rcpt(JUDGE)
        assert client.data(big) == (552, too_big.encode())
    assert inbox(judge_on_db) == []


def test_when_storing_fails_the_client_is_told_451_and_its_retry_is_stored_once(
        judge_on_db: Judge, stored_calls: list[None]) -> None:
    def broken_store(raw: bytes) -> None:
        with judge_on_db.db.unit_of_work() as session:
            repo_inbox.store_inbox(session, raw, message_id="orders-1@example.test")
            raise OSError("disk full")  # after the insert: the transaction rolls back

    failing = run(judge_on_db, broken_store, stored_calls)
    try:
        with smtp(failing) as client, pytest.raises(smtplib.SMTPDataError) as refused:
            client.sendmail("alice@example.test", [JUDGE], MESSAGE)
    finally:
        failing.stop()
    assert (refused.value.smtp_code, refused.value.smtp_error) == \
        (451, b"4.3.0 The judge could not store your message; try again later")
    assert (inbox(judge_on_db), stored_calls) == ([], [])


def test_the_same_message_delivered_twice_is_stored_once(
        receiver: SmtpReceiver, judge_on_db: Judge, stored_calls: list[None]) -> None:
    for _ in range(2):
        with smtp(receiver) as client:
            client.sendmail("alice@example.test", [JUDGE], MESSAGE)
    assert inbox(judge_on_db) == [trace("player.example.test", JUDGE) + MESSAGE]
    assert len(stored_calls) == 2  # a redelivery is acknowledged like the first


def test_a_redelivery_minutes_later_is_stored_once(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    for _ in range(2):
        with smtp(receiver) as client:
            client.sendmail("alice@example.test", [JUDGE], MESSAGE)
        assert isinstance(judge_on_db.clock, ManualClock)
        judge_on_db.clock.advance(timedelta(minutes=5))
    assert len(inbox(judge_on_db)) == 1


def test_a_receiver_needs_an_address() -> None:
    with pytest.raises(ValueError, match="`listen` setting is empty"):
        SmtpReceiver(Settings(listen=""), lambda raw: None)


# --- senders the judge must not answer, or cannot (issue #11 items 4, 5, 8) ---------------

TOKEN = "judge+s1-abcdefghijklmnop@example.test"
# A relay's delivery failure as plain text: only the null envelope sender says it is one.
BOUNCE = (f"From: Mail System <notices@mx.example.test>\r\nTo: {TOKEN}\r\n"
          "Subject: Undelivered: Spring 1901\r\nMessage-ID: <bounce-1@mx.example.test>\r\n\r\n"
          f"Delivery failed: mailbox full.\r\n\r\nReply-To: {TOKEN}\r\n\r\nHELP\r\n"
          "A PAR - BUR\r\n").encode()


def test_a_bounce_keeps_its_null_sender_and_is_never_answered(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    with smtp(receiver) as client:
        assert client.sendmail("<>", [TOKEN], BOUNCE) == {}
    [raw] = inbox(judge_on_db)
    assert raw.startswith(b"Return-Path: <>\r\nReceived: from player.example.test ")
    assert outcomes(judge_on_db) == [("dropped", "automatic message: null Return-Path", 0)]


def test_a_person_s_message_is_answered_with_its_sender_kept(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    with smtp(receiver) as client:
        client.sendmail("alice@example.test", [JUDGE], MESSAGE)
    assert outcomes(judge_on_db) == [("done", None, 1)]


ENCODED_WORD = "an encoded word (RFC 2047) stands where the address belongs"
NOT_UTF8 = "the address has 8-bit characters that are not UTF-8 (RFC 6532)"
WRITE = "Write From as Name <you@example.org>, the address itself in ASCII or UTF-8"


@pytest.mark.parametrize(("from_line", "reply"), [
    (b"From: =?utf-8?b?am9obkBleGFtcGxlLnRlc3Q=?=",  # base64 of john@example.test
     f'5.1.7 The judge cannot answer this message\'s From: {ENCODED_WORD}: '
     f'"=?utf-8?b?am9obkBleGFtcGxlLnRlc3Q=?=". {WRITE}'),
    (b"From: J\xf6rg <j\xf6rg@example.test>",
     f'5.1.7 The judge cannot answer this message\'s From: {NOT_UTF8}: '
     f'"J\\xf6rg <j\\xf6rg@example.test>". {WRITE}'),
    (b"From: player",
     f'5.1.7 The judge cannot answer this message\'s From: the address has no domain: '
     f'"player". {WRITE}'),
])
def test_a_from_the_judge_could_never_answer_is_refused_for_good_saying_why(
        receiver: SmtpReceiver, judge_on_db: Judge, from_line: bytes, reply: str) -> None:
    message = MESSAGE.replace(b"From: alice@example.test", from_line)
    with smtp(receiver) as client, pytest.raises(smtplib.SMTPDataError) as refused:
        client.sendmail("alice@example.test", [JUDGE], message)
    assert (refused.value.smtp_code, refused.value.smtp_error) == (550, reply.encode())
    assert inbox(judge_on_db) == []


def test_a_bounce_or_a_machine_s_reply_with_such_a_from_is_taken_and_dropped(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    unanswerable = BOUNCE.replace(b"Mail System <notices@mx.example.test>",
                                  b"=?utf-8?q?x=40y.example?=")
    with smtp(receiver) as client:
        client.sendmail("<>", [JUDGE], unanswerable)
        client.sendmail("responder@example.test", [JUDGE],
                        b"Auto-Submitted: auto-replied\r\n" + unanswerable)
    assert outcomes(judge_on_db) == [
        ("dropped", "automatic message: null Return-Path", 0),
        ("dropped", "automatic message: Auto-Submitted: auto-replied", 0)]


def test_a_utf8_from_is_answered_and_the_reply_sent_with_smtputf8(
        receiver: SmtpReceiver, judge_on_db: Judge) -> None:
    message = MESSAGE.replace(b"alice@example.test", "Jörg <jörg@bücher.example>".encode())
    with smtp(receiver) as client:
        client.sendmail("jörg@bücher.example", [JUDGE], message, mail_options=["SMTPUTF8"])
    assert outcomes(judge_on_db) == [("done", None, 1)]
    with Sink() as relay:
        settings = replace(judge_on_db.settings, smtp_host="127.0.0.1", smtp_port=relay.port)
        transport = SmtpTransport(settings)
        assert OutboxSender(judge_on_db.db, judge_on_db.clock, transport).send_due() == 1
        transport.close()
    assert [(d.rcpt_tos, d.smtp_utf8) for d in relay.received] == \
        [(["jörg@bücher.example"], True)]


def test_a_full_store_is_told_as_full_not_busy(
        judge_on_db: Judge, stored_calls: list[None], caplog: pytest.LogCaptureFixture) -> None:
    full = full_judge(judge_on_db)
    failing = run(full, lambda raw: receive(full, raw), stored_calls)
    big = MESSAGE + (b"x" * 70 + b"\r\n") * 500  # 36 kB: pages more than the file has
    try:
        with smtp(failing) as client, pytest.raises(smtplib.SMTPDataError) as refused:
            client.sendmail("alice@example.test", [JUDGE], big)
    finally:
        failing.stop()
        full.db.dispose()
    assert (refused.value.smtp_code, refused.value.smtp_error) == \
        (452, b"4.3.1 The judge's mail store is full; try again later")
    [record] = [r for r in caplog.records if r.name == "judge.mail.inbound.receiver"
                and "could not store" in r.message]
    assert (record.levelname, record.exc_info) == ("ERROR", None)
    assert record.message == (
        "could not store a message from alice@example.test (127.0.0.1): the database or its "
        "disk is full (OperationalError: database or disk is full); told it to retry")
    assert inbox(judge_on_db) == []
