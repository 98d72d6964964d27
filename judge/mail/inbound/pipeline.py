"""Inbound mail: store it first, then run its commands in one transaction with the reply.

`receive` and `receive_many` only store (the SMTP and IMAP receivers call them);
`process_pending` reads stored messages and has each answered (answering.py: its commands
run, its reply queued), all or nothing per message, in batches. A message whose processing
raises is retried, then quarantined, never lost and never answered twice.

What is stored waits for the disk (the IMAP poller files the message away once `receive`
returns, so a power cut must not lose it). What the worker commits does not, on SQLite
(Database.unit_of_work(durable=False), as the sender's records): a crash of the process, or
SIGKILL, loses nothing, the commit being in the database file when it returns; a power cut
or an operating-system crash before the next durable commit (the poller's next store, a
checkpoint) may undo it, and the messages are then answered again, their replies sent a
second time if the first had already left.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from judge import faults
from judge.mail.inbound.answering import LogLine, answer
from judge.mail.inbound.message import Inbound, read_envelope, read_message
from judge.mail.inbound.parts import JudgeParts
from judge.store import repo_games, repo_inbox
from judge.store.errors import describe, is_transient, needs_operator, trouble
from judge.store.models import InboxMessage, InboxState

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3
# Messages processed in one transaction: enough to spread a commit's cost, few enough that
# a batch holds SQLite's write lock for well under its busy timeout.
BATCH = 16


def receive(judge: JudgeParts, raw: bytes) -> tuple[int, bool]:
    """Store a raw message: (its inbox id, whether it is new rather than a redelivery)."""
    return receive_many(judge, [raw])[0]


def receive_many(judge: JudgeParts, raws: Sequence[bytes]) -> list[tuple[int, bool]]:
    """Store raw messages in one transaction (one commit for a poller's whole FETCH):
    (inbox id, new) for each, in order. All are stored or, if this raises, none."""
    stored = []
    with judge.db.unit_of_work() as session:
        for raw in raws:
            message = read_envelope(raw)
            stored.append(repo_inbox.store_inbox_id(
                session, raw, message_id=message.message_id, received_at=judge.clock.now(),
                sender=message.sender))
        faults.point("inbox-before-commit")
    faults.point("inbox-after-commit")
    return stored


def process_pending(judge: JudgeParts) -> list[int]:
    """Process every stored message still new, oldest first; the ids processed.

    A backlog goes in batches of up to BATCH messages, one transaction each (a commit per
    message cost more than the smaller messages' own work)."""
    with judge.db.unit_of_work() as session:
        ids = repo_inbox.new_inbox_ids(session, limit=1000)
    for start in range(0, len(ids), BATCH):
        process_batch(judge, ids[start:start + BATCH])
    return ids


def process_message(judge: JudgeParts, inbox_id: int) -> None:
    process_batch(judge, [inbox_id])


def process_batch(judge: JudgeParts, ids: Sequence[int]) -> None:
    """The messages in one transaction (`_attempt`). If the commit itself fails, each
    message is tried again alone, each in a transaction of its own, so that the one at
    fault is found and its failure counted; the others are answered. A busy database
    raises: the messages stay new and count nothing towards quarantine."""
    error = _attempt(judge, ids)
    if error is None:
        return
    if len(ids) == 1:
        _commit_failed(judge, ids[0], error)
        return
    for inbox_id in ids:
        alone = _attempt(judge, [inbox_id])
        if alone is not None:
            _commit_failed(judge, inbox_id, alone)


def _attempt(judge: JudgeParts, ids: Sequence[int]) -> Exception | None:
    """The messages answered in one transaction: first all together, then, if one of
    them raises, the batch undone and answered again with each message in a savepoint of
    a new transaction: one that raises is rolled back alone, its failure counted after
    the commit (issue #18: a savepoint for each message was two statements of seven, and
    its flush, where one fails in thousands). What each message came to is logged once
    the commit stands, never for work a failed commit undid. The messages are read
    before that transaction begins: however long a hostile body takes to read, it holds
    no lock that the receivers, the sender or the scheduler wait for. Returns what a
    failed transaction (its commit, say) raised; raises the store's trouble."""
    for savepoints in (False, True):
        outcomes: list[LogLine] = []
        try:
            failed = _answer_batch(judge, ids, outcomes, savepoints=savepoints)
        except _OneFailed:
            continue  # answered again, each message in its savepoint
        except Exception as exc:
            _raise_trouble(ids, exc)
            return exc
        for line, args in outcomes:
            log.info(line, *args)
        for inbox_id, error in failed:
            _record_failure(judge, inbox_id, error)
        return None
    raise AssertionError("a batch answered in savepoints raises no _OneFailed")


def _answer_batch(judge: JudgeParts, ids: Sequence[int], outcomes: list[LogLine], *,
                  savepoints: bool) -> list[tuple[int, Exception]]:
    """One transaction: the messages still new among `ids`, answered; with `savepoints`,
    each in its own, and those that raised are returned with what they raised."""
    messages = _read_new(judge, ids)
    # The commit need not wait for the disk (the module's docstring says what that
    # risks): about 7 ms a batch here, during which every other writer waits too.
    with judge.db.unit_of_work(durable=False) as session:
        repo_games.lock_games_as_read(session)
        # Another worker may be processing some of them: those are its own.
        claimed = repo_inbox.claim_inbox_rows(session, list(messages))
        failed = []
        if savepoints:
            failed = _answer_each(judge, session, claimed, messages, outcomes)
        else:
            _answer_all(judge, session, claimed, messages, outcomes)
        faults.point("process-before-commit")
    return failed


def _raise_trouble(ids: Sequence[int], exc: Exception) -> None:
    """`exc` again if it is the store's trouble (busy, unreachable, full): logged, the
    messages stay stored and are tried again."""
    what = trouble(exc)
    if what is None:
        return
    log.log(logging.ERROR if needs_operator(what) else logging.WARNING,
            "messages %s not processed: %s (%s); they stay stored and will be tried "
            "again", ", ".join(map(str, ids)), what, describe(exc))
    raise exc


class _OneFailed(Exception):
    """A message of a batch answered without savepoints raised: the batch is undone, to
    be answered again message by message."""


def _answer_all(judge: JudgeParts, session: Session, claimed: Mapping[int, InboxMessage],
                messages: Mapping[int, Inbound], outcomes: list[LogLine]) -> None:
    for inbox_id, row in claimed.items():
        try:
            outcomes.append(answer(judge, session, row, messages[inbox_id]))
            # What a savepoint's end did: the next message's statements through the
            # connection (the hourly count, the orders' INSERT) see this one's changes.
            session.flush()
        except Exception as exc:
            if is_transient(exc):
                raise
            raise _OneFailed from exc


def _answer_each(judge: JudgeParts, session: Session, claimed: Mapping[int, InboxMessage],
                 messages: Mapping[int, Inbound], outcomes: list[LogLine]
                 ) -> list[tuple[int, Exception]]:
    """Each message in its savepoint: those that raised, with what they raised."""
    failed = []
    for inbox_id, row in claimed.items():
        failure = _process_one(judge, session, row, messages[inbox_id], outcomes)
        if failure is not None:
            failed.append((inbox_id, failure))
    return failed


def _read_new(judge: JudgeParts, ids: Sequence[int]) -> dict[int, Inbound]:
    """The messages among `ids` still new, read from their stored bytes: a short
    transaction fetches the bytes (one query), and the parse runs after it ended."""
    with judge.db.unit_of_work() as session:
        raws = repo_inbox.new_raws(session, ids)
    return {inbox_id: read_message(raw) for inbox_id, raw in raws.items()}


def _commit_failed(judge: JudgeParts, inbox_id: int, exc: Exception) -> None:
    """A message whose transaction failed even alone: its failure counted."""
    log.error("message %s failed", inbox_id, exc_info=exc)
    _record_failure(judge, inbox_id, exc)


def _process_one(judge: JudgeParts, session: Session, row: InboxMessage,
                 message: Inbound, outcomes: list[LogLine]) -> Exception | None:
    """One message, claimed (row-locked) by this batch, in its savepoint; `message` is its
    bytes read."""
    inbox_id = row.id
    try:
        with session.begin_nested():
            outcome = answer(judge, session, row, message)
        outcomes.append(outcome)
    except Exception as exc:
        # Its state may have been set by a statement the savepoint's rollback undid.
        session.expire(row)
        if is_transient(exc):
            raise
        log.exception("message %s failed", inbox_id)
        return exc
    return None


def _record_failure(judge: JudgeParts, inbox_id: int, exc: Exception) -> None:
    with judge.db.unit_of_work() as session:
        row = repo_inbox.inbox_message(session, inbox_id)
        if row is None:
            return
        row.attempts += 1
        row.error = f"{type(exc).__name__}: {exc}"
        quarantined = row.attempts >= MAX_ATTEMPTS
        if quarantined:
            row.state = InboxState.QUARANTINED
            _tell_operator(judge, session, row)
    if quarantined:  # said once the commit stood, like every outcome
        log.error("message %s quarantined after %s attempts: %s", inbox_id, row.attempts,
                  row.error)


def _tell_operator(judge: JudgeParts, session: Session, row: InboxMessage) -> None:
    operator = judge.settings.operator_address
    if not operator:
        return
    judge.postman.send(session, to=[operator],
                       subject=f"judge: message {row.id} quarantined",
                       body=(f"Message {row.id} from {row.sender or 'an unknown sender'} "
                             f"(Message-ID {row.message_id or 'none'}) failed "
                             f"{row.attempts} times and is set aside; the queue goes on.\n\n"
                             f"Last error: {row.error}\n\nIts raw bytes stay in the inbox "
                             f"table (id {row.id}, state quarantined). Once the cause is "
                             "fixed, set its state back to 'new' and it is processed again.\n"))
