"""What the pipeline says when the database is full rather than busy, and that it says a
message is done only once the commit that did it stood (issue #11 item 10)."""

from __future__ import annotations

import logging

import pytest
import sqlalchemy as sa

from judge import faults
from judge.mail.inbound import pipeline
from judge.store import repo_inbox, repo_mail
from judge.store.db import Database
from judge.store.models import InboxState
from tests.conversations.harness import Conversation, raw_message
from tests.mail.store_trouble import disk_full, full_judge

ALICE = "alice@example.org"
FULL = ("messages {} not processed: the database or its disk is full (OperationalError: "
        "database or disk is full); they stay stored and will be tried again")


def lines(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str]]:
    return [(r.levelname, r.getMessage()) for r in caplog.records
            if r.name == "judge.mail.inbound.pipeline"]


def state(talk: Conversation, inbox_id: int) -> tuple[InboxState, int, int]:
    """The message's state and attempts, and how many mails the outbox holds."""
    with talk.judge.db.unit_of_work() as session:
        row = repo_inbox.inbox_message(session, inbox_id)
        assert row is not None
        return row.state, row.attempts, repo_mail.last_outbox_id(session)


def fail_at_commit(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    """The batch's commit raises `error`; every other crash point does what it did."""
    real_point = faults.point

    def failing(name: str) -> None:
        if name == "process-before-commit":
            raise error
        real_point(name)

    monkeypatch.setattr(faults, "point", failing)


def test_a_commit_that_fails_on_a_full_disk_logs_no_message_as_done(
        database: Database, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    talk = Conversation(database)
    inbox_id, _ = pipeline.receive(talk.judge, raw_message(ALICE, "HELP"))
    real_point = faults.point
    fail_at_commit(monkeypatch, disk_full())
    with pytest.raises(sa.exc.OperationalError):
        pipeline.process_pending(talk.judge)
    assert lines(caplog) == [("ERROR", FULL.format(inbox_id))]
    assert state(talk, inbox_id) == (InboxState.NEW, 0, 0)  # not a failure of the message

    caplog.clear()
    monkeypatch.setattr(faults, "point", real_point)
    pipeline.process_pending(talk.judge)
    [(level, line)] = lines(caplog)
    assert (level, line.partition(":")[0]) == ("INFO", f"message {inbox_id} from {ALICE}")
    assert state(talk, inbox_id)[:2] == (InboxState.DONE, 0)


def test_a_database_that_cannot_grow_is_full_not_busy(
        database: Database, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    talk = Conversation(database)
    # The reply to HELP is a few kB, more than the pages the database has free.
    inbox_id, _ = pipeline.receive(talk.judge, raw_message(ALICE, "HELP\n" * 30))
    full = full_judge(talk.judge)
    try:
        with pytest.raises(sa.exc.OperationalError):
            pipeline.process_pending(full)
    finally:
        full.db.dispose()
    assert lines(caplog) == [("ERROR", FULL.format(inbox_id))]
    assert state(talk, inbox_id) == (InboxState.NEW, 0, 0)


def test_a_busy_database_is_still_called_busy(
        database: Database, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    talk = Conversation(database)
    inbox_id, _ = pipeline.receive(talk.judge, raw_message(ALICE, "HELP"))
    fail_at_commit(monkeypatch,
                   sa.exc.OperationalError("COMMIT", {}, TimeoutError("database is locked")))
    with pytest.raises(sa.exc.OperationalError):
        pipeline.process_pending(talk.judge)
    assert lines(caplog) == [(
        "WARNING", f"messages {inbox_id} not processed: the database is busy or unreachable "
                   "(TimeoutError: database is locked); they stay stored and will be tried "
                   "again")]
