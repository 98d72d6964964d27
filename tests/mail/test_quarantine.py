"""A message whose processing keeps failing is set aside, the operator told, the queue kept."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from judge import commands
from judge.mail.inbound import answering, pipeline
from judge.store.db import Database
from judge.store.models import InboxMessage, InboxState
from tests.conversations.harness import Conversation, raw_message


def _states(talk: Conversation) -> list[tuple[InboxState, int]]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.query(InboxMessage).order_by(InboxMessage.id).all()
        return [(row.state, row.attempts) for row in rows]


def test_a_failing_message_is_quarantined_after_three_tries(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database, operator_address="ops@example.org")
    real = commands.run_message

    def broken(body: str, *args: object) -> object:
        if "BOOM" in body:
            raise RuntimeError("a bug in a command")
        return real(body, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(answering, "run_message", broken)
    inbox_id, _ = pipeline.receive(talk.judge, raw_message("alice@example.org", "BOOM"))
    pipeline.receive(talk.judge, raw_message("bob@example.org", "HELP"))
    for attempt in (1, 2, 3):
        pipeline.process_pending(talk.judge)
        assert _states(talk)[0] == ((InboxState.NEW, attempt) if attempt < 3
                                    else (InboxState.QUARANTINED, 3))
    # Bob's message behind it was answered at the first pass, not held up.
    assert _states(talk)[1] == (InboxState.DONE, 0)
    assert len(talk.mails_to("bob@example.org")) == 1
    assert talk.mails_to("alice@example.org") == []  # no half-made reply
    notice, = talk.mails_to("ops@example.org")
    assert notice.subject == f"judge: message {inbox_id} quarantined"
    assert "from alice@example.org" in notice.body
    assert "Last error: RuntimeError: a bug in a command" in notice.body
    pipeline.process_pending(talk.judge)  # a quarantined message is never tried again
    assert _states(talk)[0] == (InboxState.QUARANTINED, 3)


def test_a_busy_database_is_no_fault_of_the_message(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database)

    def locked(*args: object) -> object:
        raise OperationalError("BEGIN", {}, Exception("database is locked"))

    monkeypatch.setattr(answering, "run_message", locked)
    inbox_id, _ = pipeline.receive(talk.judge, raw_message("alice@example.org", "HELP"))
    for _ in range(4):
        with pytest.raises(OperationalError):
            pipeline.process_message(talk.judge, inbox_id)
    assert _states(talk) == [(InboxState.NEW, 0)]  # not counted, never quarantined
    monkeypatch.undo()
    pipeline.process_message(talk.judge, inbox_id)
    assert _states(talk) == [(InboxState.DONE, 0)]
