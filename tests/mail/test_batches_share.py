"""A batch shares SQLite's one writer lock: another writer waiting (the sender recording a
message sent, the poller storing mail) goes after a few of its messages, not after all of
them (issue #18: the worker's batches held the sender back until the backlog was done)."""

from __future__ import annotations

import threading
import time

import pytest

from judge.mail.inbound import answering, pipeline
from judge.store.db import Database, upgrade
from judge.store.models import InboxMessage, InboxState
from tests.conversations.harness import Conversation, raw_message

PLAYERS = [f"player{n}@example.org" for n in range(8)]


def _wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + 10
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


def test_a_waiting_writer_goes_after_a_share_of_the_batch(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    upgrade(sqlite_url)
    database = Database(sqlite_url)
    talk = Conversation(database)
    events: list[str] = []
    other: list[threading.Thread] = []
    real_answer = answering.answer

    def another_writer() -> None:
        with database.unit_of_work() as session:
            done = session.query(InboxMessage).filter_by(state=InboxState.DONE).count()
            events.append(f"other writer sees {done} answered")

    def answer(judge: object, session: object, row: InboxMessage, *args: object) -> object:
        if not other:  # while the first message is answered, another thread wants to write
            other.append(threading.Thread(target=another_writer))
            other[0].start()
            _wait_for(lambda: database.writers_waiting() == 1, "the other writer to queue")
        events.append("answered")
        return real_answer(judge, session, row, *args)  # type: ignore[arg-type]

    try:
        for player in PLAYERS:
            pipeline.receive(talk.judge, raw_message(player, "HELP"))
        monkeypatch.setattr(pipeline, "answer", answer)
        assert len(pipeline.process_pending(talk.judge)) == len(PLAYERS)
        other[0].join(timeout=10)
        share = pipeline.SHARE
        assert 0 < share < len(PLAYERS)
        # The first `share` answers committed, then the other writer, then the rest.
        assert events == ["answered"] * share + [f"other writer sees {share} answered"] + \
            ["answered"] * (len(PLAYERS) - share)
        with database.unit_of_work() as session:
            states = [row.state for row in session.query(InboxMessage)]
        assert states == [InboxState.DONE] * len(PLAYERS)
    finally:
        database.dispose()


def test_without_a_waiting_writer_the_batch_is_one_transaction(database: Database) -> None:
    """The commit a writer waiting costs is not paid when nobody waits."""
    talk = Conversation(database)
    for player in PLAYERS:
        pipeline.receive(talk.judge, raw_message(player, "HELP"))
    commits: list[object] = []
    unhook = database.after_commit(commits.append)
    try:
        assert len(pipeline.process_pending(talk.judge)) == len(PLAYERS)
    finally:
        unhook()
    # The ids listed, the bytes read, the batch: three units of work.
    assert len(commits) == 3
