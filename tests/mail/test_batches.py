"""Messages are stored and processed in batches, one transaction each: a message that
fails is rolled back alone, and a redelivery in a batch is still recognised."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import sqlalchemy as sa

from judge import commands, faults
from judge.commands.context import JudgeContext
from judge.mail.inbound import answering, pipeline
from judge.mail.inbound.message import Inbound, read_message
from judge.store import repo_inbox
from judge.store.db import Database, upgrade
from judge.store.models import InboxMessage, InboxState, OutboxMessage
from tests.conversations.harness import Conversation, raw_message
from tests.statements import statements_on


def _states(talk: Conversation) -> list[tuple[InboxState, int]]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.query(InboxMessage).order_by(InboxMessage.id).all()
        return [(row.state, row.attempts) for row in rows]


def _outbox_recipients(talk: Conversation) -> list[str]:
    with talk.judge.db.unit_of_work() as session:
        return sorted(r for row in session.query(OutboxMessage) for r in row.recipients)


def test_receive_many_stores_each_once(database: Database) -> None:
    talk = Conversation(database)
    raws = [raw_message(f"{who}@example.org", "HELP") for who in ("alice", "bob")]
    first = pipeline.receive_many(talk.judge, raws)
    assert [new for _, new in first] == [True, True]
    again = pipeline.receive_many(talk.judge, [raws[1], raws[0]])
    assert again == [(first[1][0], False), (first[0][0], False)]
    assert _states(talk) == [(InboxState.NEW, 0)] * 2


def test_storing_reads_back_only_a_copy_s_first_id(database: Database) -> None:
    """Issue #18: a new message's id is the one its INSERT returned; its row (with its
    bytes) is not read back. A redelivery's id is looked up, one column."""
    talk = Conversation(database)
    raws = [raw_message(f"{who}@example.org", "HELP") for who in ("alice", "bob", "carol")]
    statements: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(statement.split()[0])

    sa.event.listen(database.engine, "before_cursor_execute", count)
    try:
        first = pipeline.receive_many(talk.judge, raws)
        again = pipeline.receive_many(talk.judge, raws[:1])
    finally:
        sa.event.remove(database.engine, "before_cursor_execute", count)
    assert [new for _, new in first] == [True, True, True] and again == [(first[0][0], False)]
    assert statements.count("INSERT") == 4
    assert statements.count("SELECT") == 1  # the redelivery's first id


def test_a_failure_mid_batch_undoes_only_that_message(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database)
    real = commands.run_message

    def half_done(body: str, ctx: JudgeContext, *args: object) -> object:
        if "BOOM" in body:
            # Work done before the failure (a mail queued) must go with the message.
            ctx.postman.send(ctx.session, to=["alice@example.org"], subject="half",
                             body="half done")
            raise RuntimeError("a bug in a command")
        return real(body, ctx, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(answering, "run_message", half_done)
    for who, text in (("bob", "HELP"), ("alice", "BOOM"), ("carol", "HELP")):
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", text))
    assert len(pipeline.process_pending(talk.judge)) == 3
    assert _states(talk) == [(InboxState.DONE, 0), (InboxState.NEW, 1), (InboxState.DONE, 0)]
    assert _outbox_recipients(talk) == ["bob@example.org", "carol@example.org"]


def test_a_failure_after_the_message_is_marked_done_undoes_the_mark(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #18: a message's state is set by a plain UPDATE at once (repo_inbox.set_state),
    not by the savepoint's flush; a failure after it must still leave the message new, its
    failure counted, and the batch's other messages answered."""
    talk = Conversation(database)
    real = repo_inbox.set_state

    def then_fail(session: Any, row: InboxMessage, state: InboxState) -> None:
        real(session, row, state)
        if row.sender == "alice@example.org":
            raise RuntimeError("a failure after the message was marked done")

    monkeypatch.setattr(repo_inbox, "set_state", then_fail)
    for who in ("bob", "alice", "carol"):
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    assert len(pipeline.process_pending(talk.judge)) == 3
    assert _states(talk) == [(InboxState.DONE, 0), (InboxState.NEW, 1), (InboxState.DONE, 0)]
    assert _outbox_recipients(talk) == ["bob@example.org", "carol@example.org"]


def test_a_failed_commit_is_retried_message_by_message(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database)
    calls: list[str] = []
    real_point = faults.point

    def fail_first_commit(name: str) -> None:
        calls.append(name)
        if name == "process-before-commit" and calls.count(name) == 1:
            raise RuntimeError("the commit of the batch failed")
        real_point(name)

    for who in ("alice", "bob"):
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    monkeypatch.setattr(faults, "point", fail_first_commit)
    pipeline.process_pending(talk.judge)
    # The batch, then each message alone: both answered once, neither counted as failing.
    assert calls.count("process-before-commit") == 3
    assert _states(talk) == [(InboxState.DONE, 0)] * 2
    assert _outbox_recipients(talk) == ["alice@example.org", "bob@example.org"]


def test_messages_are_read_before_the_batch_holds_the_write_lock(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #11: a body that takes long to read must not hold SQLite's one write lock,
    which every receiver, the sender and the scheduler wait for. While the worker reads
    a message, another thread stores one: it must not have to wait."""
    upgrade(sqlite_url)
    database = Database(sqlite_url)
    talk = Conversation(database)
    waited: list[bool] = []

    def read_while_another_stores(raw: bytes) -> Inbound:
        other = threading.Thread(target=pipeline.receive,
                                 args=(talk.judge, raw_message("bob@example.org", "HELP")))
        other.start()
        other.join(timeout=5)
        waited.append(other.is_alive())
        other.join()
        return read_message(raw)

    try:
        pipeline.receive(talk.judge, raw_message("alice@example.org", "HELP"))
        monkeypatch.setattr(pipeline, "read_message", read_while_another_stores)
        pipeline.process_pending(talk.judge)
        assert waited == [False]
        assert _states(talk)[0] == (InboxState.DONE, 0)
        assert _outbox_recipients(talk) == ["alice@example.org"]
    finally:
        database.dispose()


def test_a_batch_reads_the_inbox_a_fixed_number_of_times_whatever_its_size(
        database: Database) -> None:
    """Issue #18: the new ids, their stored bytes and their claim, one query each; the
    rows each message needs come with the claim (each message's own SELECT ... FOR UPDATE,
    and a SELECT for its bytes, were two statements of about ten per order message). The
    hourly count (SELECT count(*)) is not a read of the rows."""
    talk = Conversation(database)
    for who in ("alice", "bob", "carol", "dave", "erin"):
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    with statements_on(database.engine, lambda s: s.startswith("SELECT inbox.")) as reads:
        assert len(pipeline.process_pending(talk.judge)) == 5
    assert _states(talk) == [(InboxState.DONE, 0)] * 5
    # PostgreSQL's claim asks once more: which claimed messages wait for an older one of
    # their sender that another worker holds (repo_inbox._after_others).
    postgres = database.engine.dialect.name == "postgresql"
    assert len(reads) == (4 if postgres else 3), reads


def test_the_worker_s_commit_does_not_wait_for_the_disk(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #18: on SQLite the batch commits with synchronous=NORMAL (in WAL mode as safe
    as FULL against a crash of the process); what is stored keeps FULL, since the poller
    files a message away once it is stored."""
    upgrade(sqlite_url)
    database = Database(sqlite_url)
    talk = Conversation(database)
    seen: dict[str, int] = {}
    real_answer = answering.answer
    real_store = repo_inbox.store_inbox_id
    synchronous = sa.text("PRAGMA synchronous")

    def answer(judge: object, session: sa.orm.Session, *args: object) -> object:
        seen["worker"] = session.scalar(synchronous)
        return real_answer(judge, session, *args)  # type: ignore[arg-type]

    def store(session: sa.orm.Session, *args: Any, **kwargs: Any) -> object:
        seen["store"] = session.scalar(synchronous)
        return real_store(session, *args, **kwargs)

    monkeypatch.setattr(pipeline, "answer", answer)
    monkeypatch.setattr(repo_inbox, "store_inbox_id", store)
    try:
        pipeline.receive(talk.judge, raw_message("alice@example.org", "HELP"))
        pipeline.process_pending(talk.judge)
        assert seen == {"store": 2, "worker": 1}  # FULL, NORMAL
        assert _states(talk) == [(InboxState.DONE, 0)]
    finally:
        database.dispose()
