"""A batch is answered first without a savepoint for each message (issue #18: two of an
order message's seven statements); only when one of its messages raises is the batch undone
and answered again message by message, each in its savepoint, so that the failure still
undoes that message alone and is counted once."""

from __future__ import annotations

import pytest

from judge import commands, faults
from judge.commands.context import JudgeContext
from judge.mail.inbound import answering, pipeline
from judge.store.db import Database
from judge.store.models import InboxMessage, InboxState, OutboxMessage
from tests.conversations.harness import Conversation, raw_message
from tests.statements import statements_on

WHO = ("alice", "bob", "carol")


def _savepoints(statement: str) -> bool:
    return statement.upper().startswith(("SAVEPOINT", "RELEASE", "ROLLBACK TO"))


def _states(talk: Conversation) -> list[tuple[InboxState, int]]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.query(InboxMessage).order_by(InboxMessage.id).all()
        return [(row.state, row.attempts) for row in rows]


def _replies(talk: Conversation) -> list[str]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.query(OutboxMessage).order_by(OutboxMessage.id).all()
        return [r for row in rows for r in row.recipients]


def test_a_batch_that_raises_nothing_takes_no_savepoint(database: Database) -> None:
    talk = Conversation(database)
    for who in WHO:
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    with statements_on(database.engine, _savepoints) as taken:
        assert len(pipeline.process_pending(talk.judge)) == 3
    assert taken == []  # was a SAVEPOINT and a RELEASE for each message
    assert _states(talk) == [(InboxState.DONE, 0)] * 3
    assert _replies(talk) == [f"{who}@example.org" for who in WHO]


def test_a_message_that_raises_is_answered_again_alone_and_counted_once(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database)
    real = commands.run_message
    runs: list[str] = []

    def fails_for_bob(body: str, ctx: JudgeContext, *args: object) -> object:
        runs.append(ctx.sender)
        if ctx.sender == "bob@example.org":
            raise RuntimeError("a bug in a command")
        return real(body, ctx, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(answering, "run_message", fails_for_bob)
    for who in WHO:
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    with statements_on(database.engine, _savepoints) as taken:
        pipeline.process_pending(talk.judge)
    # Together up to bob's failure; then each in its savepoint, bob's rolled back.
    assert runs == ["alice@example.org", "bob@example.org",
                    "alice@example.org", "bob@example.org", "carol@example.org"]
    assert len(taken) == 6
    assert _states(talk) == [(InboxState.DONE, 0), (InboxState.NEW, 1), (InboxState.DONE, 0)]
    assert _replies(talk) == ["alice@example.org", "carol@example.org"]


def test_a_commit_that_fails_with_one_message_in_it_counts_that_message_alone(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both ways a batch goes wrong at once: bob's commands raise, and any transaction
    holding alice's message fails at its commit. The batch, then the batch in savepoints,
    then each message in a transaction of its own: alice's and bob's failures counted
    once each, carol answered once."""
    talk = Conversation(database)
    real_run, real_point = commands.run_message, faults.point
    answered: list[str] = []

    def fails_for_bob(body: str, ctx: JudgeContext, *args: object) -> object:
        answered.append(ctx.sender)
        if ctx.sender == "bob@example.org":
            raise RuntimeError("a bug in a command")
        return real_run(body, ctx, *args)  # type: ignore[arg-type]

    def commit_fails_with_alice(name: str) -> None:
        held = list(answered)
        answered.clear()
        if name == "process-before-commit" and "alice@example.org" in held:
            raise RuntimeError("the commit failed")
        real_point(name)

    monkeypatch.setattr(answering, "run_message", fails_for_bob)
    monkeypatch.setattr(faults, "point", commit_fails_with_alice)
    for who in WHO:
        pipeline.receive(talk.judge, raw_message(f"{who}@example.org", "HELP"))
    assert len(pipeline.process_pending(talk.judge)) == 3
    assert _states(talk) == [(InboxState.NEW, 1), (InboxState.NEW, 1), (InboxState.DONE, 0)]
    assert _replies(talk) == ["carol@example.org"]
