"""Crash tests: `judge serve` SIGKILLs itself at a crash point (judge/faults.py), then
starts again without the fault on the same database and workdir.

At every point: nothing lost, nothing processed twice, no reply sent twice or never.
Each test checks the state the kill left (database rows, judge's IMAP folders, players'
mailboxes), restarts, and checks the end state once nothing can be in flight any more
(crash_helpers.finish: the judge stopped cleanly, Postfix's queue empty).
"""

from __future__ import annotations

import signal
import smtplib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.integration.crash_helpers import (
    REGISTER,
    Snapshot,
    answers,
    finish,
    folders,
    message,
    send,
    snapshot,
    wait_filed,
)
from tests.integration.judge_process import JudgeProcess
from tests.mailstack import MailStack
from tests.mailstack_process import free_port

KILLED = -signal.SIGKILL
ALICE, BOB, CAROL = "alice@example.test", "bob@example.test", "carol@example.test"
NOTHING = Snapshot(inbox=[], outbox=[], accounts=0)
# A message stored, not yet processed: its attempts untouched, a kill is no failure.
STORED = Snapshot(inbox=[("new", 0)], outbox=[], accounts=0)
# The short lease lets a claim the kill left behind run out within the test.
SHORT_LEASE = {"JUDGE_SEND_LEASE_SECONDS": "2"}


@pytest.fixture
def judges(mail: MailStack, tmp_path: Path) -> Iterator[Callable[..., JudgeProcess]]:
    """JudgeProcess(mail, tmp_path, **extra), not started; whatever still runs is killed."""
    made: list[JudgeProcess] = []

    def make(**extra: str) -> JudgeProcess:
        made.append(JudgeProcess(mail, tmp_path, **extra))
        return made[-1]

    yield make
    for judge in made:
        judge.kill()


def test_a_kill_before_the_inbox_commit_leaves_the_message_unflagged_in_imap(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    judge = judges(JUDGE_FAULT="inbox-before-commit").start()
    send(mail, "alice", "HELP", subject="help please")
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url) == NOTHING
    assert folders(mail) == ([()], 0)  # in INBOX, no \Seen, not filed

    judge.restart(JUDGE_FAULT=None)
    wait_filed(mail, 1)
    received = finish(judge, mail, {"alice": 1})
    assert answers(received, "alice") == ["Re: help please"]
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 1, ALICE)], accounts=0)


def test_a_kill_after_the_inbox_commit_refetches_and_recognises_the_message(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    judge = judges(JUDGE_FAULT="inbox-after-commit").start()
    send(mail, "alice", REGISTER.format(name="Alice"), subject="register")
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url) == STORED
    assert folders(mail) == ([()], 0)  # stored, but neither flagged nor moved

    judge.restart(JUDGE_FAULT=None)
    wait_filed(mail, 1)  # fetched again, stored (a redelivery), filed
    received = finish(judge, mail, {"alice": 1})
    assert answers(received, "alice") == ["Re: register"]
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 1, ALICE)], accounts=1)


def _submit(port: int, raw: bytes) -> dict[str, tuple[int, bytes]]:
    """One SMTP transaction with the embedded receiver: the recipients it refused."""
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        return smtp.sendmail(ALICE, ["judge@example.test"], raw)


def test_a_kill_after_the_receivers_commit_drops_the_connection_without_250(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    port = free_port()
    judge = judges(JUDGE_FAULT="inbox-after-commit", JUDGE_LISTEN=f"127.0.0.1:{port}",
                   JUDGE_IMAP_HOST="").start()
    raw = message(mail, "alice", "HELP", "help please").as_bytes()
    # No 250: the client's MTA keeps the message and tries again later.
    with pytest.raises((smtplib.SMTPServerDisconnected, ConnectionResetError)):
        _submit(port, raw)
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url) == STORED

    judge.restart(JUDGE_FAULT=None)
    assert _submit(port, raw) == {}  # the retry: 250 this time, every recipient taken
    received = finish(judge, mail, {"alice": 1})
    assert answers(received, "alice") == ["Re: help please"]
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 1, ALICE)], accounts=0)


def test_a_kill_before_the_processing_commit_leaves_no_trace_of_it(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    judge = judges(JUDGE_FAULT="process-before-commit").start()
    send(mail, "alice", REGISTER.format(name="Alice"), subject="register")
    assert judge.wait_killed() == KILLED
    # The account REGISTER made and the queued reply went with the transaction.
    assert snapshot(judge.url) == STORED

    judge.restart(JUDGE_FAULT=None)
    wait_filed(mail, 1)
    received = finish(judge, mail, {"alice": 1})
    assert answers(received, "alice") == ["Re: register"]
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 1, ALICE)], accounts=1)


def test_a_message_claimed_when_the_sender_died_is_sent_once_its_lease_runs_out(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    judge = judges(JUDGE_FAULT="outbox-claimed", **SHORT_LEASE).start()
    send(mail, "alice", "HELP", subject="help please")
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sending", 1, ALICE)], accounts=0)

    judge.restart(JUDGE_FAULT=None)
    received = finish(judge, mail, {"alice": 1})
    assert answers(received, "alice") == ["Re: help please"]
    # Attempt 2: the claim of the killed run ran out and was taken again.
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 2, ALICE)], accounts=0)


def test_a_message_claimed_when_the_sender_died_is_sent_at_once_by_the_next_start(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    # The default lease (10 minutes): only the claims journal can make it due sooner.
    judge = judges(JUDGE_FAULT="outbox-claimed").start()
    send(mail, "alice", "HELP", subject="help please")
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url).outbox == [("sending", 1, ALICE)]

    judge.restart(JUDGE_FAULT=None)
    received = finish(judge, mail, {"alice": 1})  # within a minute, not ten
    assert answers(received, "alice") == ["Re: help please"]
    assert snapshot(judge.url) == Snapshot(inbox=[("done", 0)],
                                           outbox=[("sent", 2, ALICE)], accounts=0)
    assert "outbox: 1 message(s) this judge was sending when it stopped are due again now" \
        in judge.log_text()


def test_a_kill_after_the_first_of_a_batch_sends_each_of_the_rest_once(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    judge = judges(JUDGE_FAULT="outbox-after-first", **SHORT_LEASE)
    for user in ("alice", "bob", "carol"):
        mail.deliver_lmtp("judge", message(mail, user, "HELP", f"help {user}").as_bytes())
    # The replies queued before `serve` starts: its sender's first round claims all three.
    polled = judge.cli("mail", "poll-once")
    assert "stored 3 new message(s); processed 3" in polled.stdout, polled.stderr
    assert [state for state, _, _ in snapshot(judge.url).outbox] == ["pending"] * 3

    judge.start()
    assert judge.wait_killed() == KILLED
    # Alice's delivery is in the claims journal's sends file; its record was to come with
    # the claim's end (judge/mail/outbound/sender.py, issue #18).
    assert snapshot(judge.url).outbox == [("sending", 1, ALICE), ("sending", 1, BOB),
                                          ("sending", 1, CAROL)]

    judge.restart(JUDGE_FAULT=None)
    received = finish(judge, mail, {"alice": 1, "bob": 1, "carol": 1})
    for user in ("alice", "bob", "carol"):
        assert answers(received, user) == [f"Re: help {user}"]
    assert snapshot(judge.url) == Snapshot(
        inbox=[("done", 0)] * 3,
        outbox=[("sent", 1, ALICE), ("sent", 2, BOB), ("sent", 2, CAROL)], accounts=0)
    assert "outbox: 1 message(s) the relay took before this judge stopped are recorded as " \
        "sent" in judge.log_text()


def test_a_kill_between_the_relays_answer_and_its_journal_line_sends_that_one_twice(
        mail: MailStack, judges: Callable[..., JudgeProcess]) -> None:
    # SMTP is at least once (RFC 5321 6.1): the relay's answer and our record cannot be one
    # step. This is the one window left, one message wide; the journal closes the rest.
    judge = judges(JUDGE_FAULT="outbox-relayed")
    for user in ("alice", "bob"):
        mail.deliver_lmtp("judge", message(mail, user, "HELP", f"help {user}").as_bytes())
    polled = judge.cli("mail", "poll-once")
    assert "stored 2 new message(s); processed 2" in polled.stdout, polled.stderr

    judge.start()
    assert judge.wait_killed() == KILLED
    assert snapshot(judge.url).outbox == [("sending", 1, ALICE), ("sending", 1, BOB)]

    judge.restart(JUDGE_FAULT=None)
    received = finish(judge, mail, {"alice": 2, "bob": 1})
    assert answers(received, "alice") == ["Re: help alice"] * 2
    assert answers(received, "bob") == ["Re: help bob"]
    assert snapshot(judge.url).outbox == [("sent", 2, ALICE), ("sent", 2, BOB)]
