"""The hostile corpus through the whole inbound pipeline (tests/mail/hostile_corpus.py).

Every message must end answered (DONE) or dropped with a reason (DROPPED), never
retried (NEW) nor quarantined; its expectation must hold; and the judge must go on
answering ordinary mail after it. Case by case on SQLite; all of it, interleaved with
ordinary mail, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.mail.inbound.pipeline import receive
from judge.store import repo_inbox
from judge.store.db import Database, upgrade
from judge.store.models import InboxState
from tests.conversations.harness import Conversation, Mail
from tests.mail.hostile_corpus import CORPUS
from tests.mail.hostile_mail import Case, Dropped


@pytest.fixture(scope="module")
def shared_talk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Conversation]:
    """One SQLite judge for all the cases: their distinct senders and Message-IDs keep them
    apart, and migrating a database per case would be most of the suite's time."""
    url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'judge.sqlite3'}"
    upgrade(url)
    database = Database(url)
    try:
        yield Conversation(database)
    finally:
        database.dispose()


def deliver(talk: Conversation, raw: bytes) -> tuple[InboxState, str, Mail | None]:
    """The inbox row's state and error after processing `raw`, and the reply if any."""
    reply = talk.deliver(raw)
    inbox_id, new = receive(talk.judge, raw)  # already stored: its row comes back
    assert not new
    with talk.judge.db.unit_of_work() as session:
        row = repo_inbox.inbox_message(session, inbox_id)
        assert row is not None
        return row.state, row.error or "", reply


def check(case: Case, state: InboxState, error: str, reply: Mail | None) -> None:
    if isinstance(case.expect, Dropped):
        assert (state, reply) == (InboxState.DROPPED, None), (case.name, error)
        assert case.expect.reason in error, (case.name, error)
        return
    assert state == InboxState.DONE, (case.name, error)
    assert reply is not None
    assert reply.to == (case.expect.to or case.address,)
    text = f"{reply.subject}\n{reply.body}"
    for wanted in case.expect.contains:
        assert wanted in text, (case.name, text[:2000])
    for unwanted in case.expect.absent:
        assert unwanted not in text, (case.name, text[:2000])
    assert reply.message["Bcc"] is None  # no header smuggled in from the subject


def answered_normally(talk: Conversation, address: str) -> bool:
    reply = talk.send(address, "HELP")
    return (reply is not None and reply.to == (address,) and "line 1: HELP" in reply.body
            and "LIST [game]" in reply.body)


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(reason=case.xfail, strict=True)] if case.xfail else []
    return pytest.param(case, id=case.name, marks=marks)


def test_the_corpus_has_at_least_45_kinds() -> None:
    assert len({case.name for case in CORPUS}) == len(CORPUS) >= 45
    assert len({case.raw for case in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("case", [_param(case) for case in CORPUS])
def test_hostile_message(shared_talk: Conversation, case: Case) -> None:
    check(case, *deliver(shared_talk, case.raw))
    assert answered_normally(shared_talk, f"after-{case.address}")


def test_the_corpus_interleaved_with_good_mail(talk: Conversation) -> None:
    unanswered = []
    for number, case in enumerate(CORPUS):
        outcome = deliver(talk, case.raw)
        if not case.xfail:
            check(case, *outcome)
        if not answered_normally(talk, f"good-{number}@players.example"):
            unanswered.append(case.name)
    assert unanswered == []
