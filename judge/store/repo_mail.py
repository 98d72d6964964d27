"""The outbox's queries: a message queued with its files; for the sender, due messages
claimed under a lease and each outcome recorded; for the operator, what was queued lately.

A claim is fenced by the attempt number it set: an outcome is written only while the row
is still SENDING under that same attempt, so a sender whose lease ran out (and whose
message another sender claimed again) cannot overwrite the newer outcome.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import cast

import sqlalchemy as sa
from sqlalchemy.orm import Session, lazyload
from sqlalchemy.orm.attributes import set_committed_value

from judge.attachment import Attachment
from judge.store.db import insert_or_skip
from judge.store.models import (
    AttachmentBlob,
    InboxMessage,
    OutboxAttachment,
    OutboxMessage,
    OutboxState,
    utc_now,
)

# Claims released per statement: well under the bound parameters SQLite takes in one.
_CHUNK = 400
# The session.info keys of queued_outbox and queued_to_draw.
_QUEUED = "judge_outbox_queued"
_TO_DRAW = "judge_outbox_to_draw"
# The mapped class's table (declared with one), for the table statements below.
_OUTBOX = cast(sa.Table, OutboxMessage.__table__)
_FILES = cast(sa.Table, OutboxAttachment.__table__)
_BLOBS = cast(sa.Table, AttachmentBlob.__table__)
# A blob's INSERT that does nothing when the bytes are stored already.
_INSERT_BLOB = insert_or_skip(_BLOBS, ["digest"])


def _settling(*columns: str) -> sa.Update:
    """An outcome's UPDATE, built once (the sender writes one per message: building it
    each time was most of the record's CPU, issue #18): the new `columns` as parameters
    of the same names prefixed with "new_", fenced by the claim (`row_id`, `attempt`)."""
    return (sa.update(_OUTBOX)
            .where(_OUTBOX.c.id == sa.bindparam("row_id"),
                   _OUTBOX.c.state == OutboxState.SENDING,
                   _OUTBOX.c.attempts == sa.bindparam("attempt"))
            .values({column: sa.bindparam(f"new_{column}", type_=_OUTBOX.c[column].type)
                     for column in columns}))


_SENT = _settling("state", "sent_at")
_RETRY = _settling("state", "last_error", "next_try_at")
_FAILED = _settling("state", "last_error")


def attachment_rows(session: Session,
                    attachments: Sequence[Attachment]) -> list[OutboxAttachment]:
    """The outbox rows of `attachments`, numbered in the order they are sent, each file's
    bytes stored once (AttachmentBlob): in this transaction, a file already stored
    (another reader's same picture) only referred to."""
    return [OutboxAttachment(position=i, filename=a.filename, content_type=a.content_type,
                             digest=store_blob(session, a.data), inline=a.inline,
                             drawn_by=a.drawn_by)
            for i, a in enumerate(attachments)]


@functools.lru_cache(maxsize=16)
def blob_digest(data: bytes) -> str:
    """The SHA-256 of `data` in hex: kept for the last few files, because a turn's readers
    who see the same board are handed the same bytes (judge/pictures/files.py draws once),
    and hashing them again for each report cost a standard turn's eight reports 0.6 ms
    (0.08 ms kept). Keyed by the bytes themselves, so a kept digest is always its key's."""
    return hashlib.sha256(data).hexdigest()


def store_blob(session: Session, data: bytes) -> str:
    """The key of `data` in attachment_blobs, inserted unless there already (by this
    transaction or another: ON CONFLICT, so two workers storing the same bytes at once
    cannot fail on each other). At once, not at the flush: the attachment rows refer to it."""
    digest = blob_digest(data)
    session.connection().execute(_INSERT_BLOB[session.get_bind().dialect.name],
                                 {"digest": digest, "data": data})
    return digest


def enqueue_outbox(session: Session, message: bytes, *, sender: str, recipients: Sequence[str],
                   in_reply_to: InboxMessage | None = None,
                   not_before: datetime | None = None,
                   attachments: Sequence[Attachment] = (), flush: bool = True
                   ) -> OutboxMessage:
    """`attachments`: files stored with the message, in this transaction.
    `flush=False`: the row is inserted with the transaction's next flush (at the latest
    its commit) rather than at once, so that a turn's reports go in together."""
    now = utc_now()
    row = OutboxMessage(message=message, sender=sender, recipients=list(recipients),
                        created_at=now, next_try_at=not_before or now,
                        in_reply_to_id=in_reply_to.id if in_reply_to else None,
                        attachments=attachment_rows(session, attachments))
    session.add(row)
    session.info[_QUEUED] = True
    if any(a.drawn_by is not None for a in attachments):
        session.info[_TO_DRAW] = True
    if flush:
        session.flush()
    return row


def note_due(session: Session) -> None:
    """Outbox messages became due in this unit of work (their files drawn: repo_drawn):
    the daemon wakes its senders when it commits, as for a message queued."""
    session.info[_QUEUED] = True


def queued_outbox(session: Session) -> bool:
    """Whether this unit of work queued an outbox message (perhaps in a savepoint rolled
    back since), or drew a file messages waited for: the daemon wakes its senders when
    such a unit of work commits."""
    return bool(session.info.get(_QUEUED))


def queued_to_draw(session: Session) -> bool:
    """Whether this unit of work queued a file for the sender to draw (a turn's PNG): the
    daemon wakes its picture stage when such a unit of work commits."""
    return bool(session.info.get(_TO_DRAW))


def due_outbox(session: Session, now: datetime, limit: int = 50) -> list[OutboxMessage]:
    """Pending messages whose next try has come, oldest due first.

    On PostgreSQL the rows are locked and locked ones skipped, so two senders never take
    the same message; SQLite has one writer at a time anyway and ignores the clause.
    """
    query = (sa.select(OutboxMessage)
             .where(OutboxMessage.state == OutboxState.PENDING, OutboxMessage.next_try_at <= now)
             .order_by(OutboxMessage.next_try_at, OutboxMessage.id)
             .limit(limit).with_for_update(skip_locked=True))
    return list(session.scalars(query))


def outbox_after(session: Session, last_id: int) -> list[OutboxMessage]:
    """Outbox messages queued after the one numbered `last_id`, in the order queued."""
    query = (sa.select(OutboxMessage).where(OutboxMessage.id > last_id)
             .order_by(OutboxMessage.id))
    return list(session.scalars(query))


def last_outbox_id(session: Session) -> int:
    """The id of the newest outbox message, 0 while there is none."""
    return session.scalar(sa.select(sa.func.max(OutboxMessage.id))) or 0


# Built once, as the outcomes below: a claim is one per few messages in a storm. The
# states are written into the statement (literal_execute), not sent as parameters: so the
# database can always tell that the partial index ix_outbox_due (OUTBOX_DUE) covers the
# query, a plan made for any parameters included (issue #18: without that index a claim
# sorted every due row, about 4 ms of PostgreSQL's CPU in a backlog of 8,000).
_DUE_STATES: sa.BindParameter[list[OutboxState]] = sa.bindparam(
    "due_states", [OutboxState.PENDING, OutboxState.SENDING], expanding=True,
    literal_execute=True)
# A row carrying a file still to draw is left to the picture stage (drawn.py) until it
# has been due for the grace (`drawn_before`): a sender that drew it too drew the picture
# the stage was drawing (measured: the storm's pg-2 workers used 187 CPU-s against 91).
# Probed per row skipped by the unique index (outbox_id, position), a row's few files.
_UNDRAWN = sa.exists().where(OutboxAttachment.outbox_id == OutboxMessage.id,
                             OutboxAttachment.drawn_by.is_not(None))
_DUE_NOW = (sa.select(OutboxMessage)
            .where(OutboxMessage.state.in_(_DUE_STATES),
                   OutboxMessage.next_try_at <= sa.bindparam("now"),
                   sa.or_(OutboxMessage.next_try_at <= sa.bindparam("drawn_before"),
                          ~_UNDRAWN))
            .order_by(OutboxMessage.next_try_at, OutboxMessage.id)
            .limit(sa.bindparam("limit")).with_for_update(skip_locked=True))
_CLAIM = (sa.update(_OUTBOX)
          .where(_OUTBOX.c.id.in_(sa.bindparam("ids", expanding=True)))
          .values(state=sa.bindparam("new_state", type_=_OUTBOX.c.state.type),
                  attempts=_OUTBOX.c.attempts + 1,
                  next_try_at=sa.bindparam("new_next_try_at",
                                           type_=_OUTBOX.c.next_try_at.type))
          # Which claimed rows carry files, told by the claim itself (_DUE_ROWS).
          # The outer id by its table's name: a RETURNING names its columns bare, and a
          # bare `id` inside the subquery would be the file's own.
          .returning(_OUTBOX.c.id, sa.exists().where(
              _FILES.c.outbox_id == sa.literal_column(f"{_OUTBOX.name}.id"))))


def claim_due(session: Session, now: datetime, lease: timedelta, limit: int = 50, *,
              drawn_before: datetime | None = None) -> list[OutboxMessage]:
    """Take the messages due now, oldest due first: SENDING, one more attempt, leased.

    Due means PENDING with its next try come, or SENDING with its lease run out (the
    sender that took it stopped mid-send). For a SENDING row next_try_at is the lease's
    end, so one condition covers both. Locked rows are skipped on PostgreSQL, so two
    senders never take the same message; SQLite has one writer at a time anyway.
    A message with a file still to draw is taken only once due since `drawn_before`
    (None: now): until then the picture stage may draw it; after, the sender does.
    """
    rows = list(session.scalars(_DUE_ROWS, {"now": now, "limit": limit,
                                            "drawn_before": drawn_before or now}))
    if not rows:
        return rows
    until = now + lease
    # One UPDATE for the claim, under the rows' locks (or SQLite's writer lock), the rows
    # told what it wrote: a flush would write them one by one.
    claimed = session.connection().execute(_CLAIM, {"ids": [row.id for row in rows],
                                                    "new_state": OutboxState.SENDING,
                                                    "new_next_try_at": until})
    _load_files(session, rows, {row_id for row_id, has_files in claimed if has_files})
    for row in rows:
        set_committed_value(row, "state", OutboxState.SENDING)
        set_committed_value(row, "attempts", row.attempts + 1)
        set_committed_value(row, "next_try_at", until)
    return rows


# _DUE_NOW without the selectin load of each row's files: a reply (almost every message)
# has none, and that second query was half of a claim's CPU (issue #18). The claim's UPDATE
# tells which rows have some; _load_files reads theirs.
_DUE_ROWS = _DUE_NOW.options(lazyload(OutboxMessage.attachments))


def _load_files(session: Session, rows: list[OutboxMessage], having: set[int]) -> None:
    """Each claimed row's `attachments` as the relationship would load them (in position
    order, their blobs with them), read only for the rows `having` some."""
    files: dict[int, list[OutboxAttachment]] = {row_id: [] for row_id in having}
    if having:
        query = (sa.select(OutboxAttachment).where(OutboxAttachment.outbox_id.in_(sorted(having)))
                 .order_by(OutboxAttachment.outbox_id, OutboxAttachment.position))
        for file in session.scalars(query):
            files[file.outbox_id].append(file)
    for row in rows:
        set_committed_value(row, "attachments", files.get(row.id, []))


def release_claims(session: Session, claims: Sequence[tuple[int, int]],
                   now: datetime) -> int:
    """Make due at once the claims (outbox id, attempt) that a sender which stopped left
    behind (mail/outbound/claims.py): how many were. A row is taken only while still SENDING under
    that attempt, the fence of the outcomes below; the attempt stays counted."""
    released = 0
    for start in range(0, len(claims), _CHUNK):
        statement = (sa.update(OutboxMessage)
                     .where(OutboxMessage.state == OutboxState.SENDING,
                            sa.tuple_(OutboxMessage.id, OutboxMessage.attempts)
                            .in_(claims[start:start + _CHUNK]))
                     .values(state=OutboxState.PENDING, next_try_at=now)
                     .execution_options(synchronize_session=False))
        result = session.execute(statement)
        assert isinstance(result, sa.CursorResult)  # what a DML statement returns
        released += result.rowcount
    return released


def renew_claims(session: Session, claims: Sequence[tuple[int, int]], now: datetime,
                 until: datetime) -> set[int]:
    """Extend to `until` the lease of the claims (outbox id, attempt) a sender still holds
    and has not yet sent: those whose lease has not run out and that nobody took since.
    The ids renewed."""
    renewed: set[int] = set()
    for start in range(0, len(claims), _CHUNK):
        statement = (sa.update(OutboxMessage)
                     .where(OutboxMessage.state == OutboxState.SENDING,
                            OutboxMessage.next_try_at > now,
                            sa.tuple_(OutboxMessage.id, OutboxMessage.attempts)
                            .in_(claims[start:start + _CHUNK]))
                     .values(next_try_at=until).returning(OutboxMessage.id)
                     .execution_options(synchronize_session=False))
        renewed.update(session.scalars(statement))
    return renewed


def mark_sent(session: Session, row_id: int, attempt: int, now: datetime) -> bool:
    """Record a delivery; False if the claim was no longer this sender's."""
    return _settle(session, _SENT, row_id, attempt, state=OutboxState.SENT, sent_at=now)


def mark_retry(session: Session, row_id: int, attempt: int, error: str,
               next_try: datetime) -> bool:
    """Put a message back in the queue until `next_try`, with the reason it failed."""
    return _settle(session, _RETRY, row_id, attempt, state=OutboxState.PENDING,
                   last_error=error, next_try_at=next_try)


def mark_failed(session: Session, row_id: int, attempt: int, error: str) -> bool:
    """Give up on a message for good, with the reason."""
    return _settle(session, _FAILED, row_id, attempt, state=OutboxState.FAILED,
                   last_error=error)


def _settle(session: Session, statement: sa.Update, row_id: int, attempt: int,
            **values: object) -> bool:
    # An UPDATE with the fence in its WHERE, not read-then-write: no window between them.
    # Through the session's connection, as a table's statement: the ORM's bulk UPDATE
    # path would look for the rows in the session first (no row object here is changed).
    result = session.connection().execute(
        statement, {"row_id": row_id, "attempt": attempt,
                    **{f"new_{column}": value for column, value in values.items()}})
    return result.rowcount == 1


_INSERT_OUTBOX = sa.insert(_OUTBOX)


def queue_reply(session: Session, message: bytes, *, sender: str, recipients: Sequence[str],
                in_reply_to: InboxMessage, not_before: datetime | None = None) -> None:
    """enqueue_outbox's row for a reply without attachments, by a plain INSERT at once: the
    ORM's unit of work cost five times as much, once for every message answered (issue
    #18). Rows queued before it and not yet flushed (a turn's reports, flush=False) are
    flushed first, so that the outbox keeps the order in which the mail was queued."""
    if session.new:
        session.flush()
    now = utc_now()
    session.connection().execute(_INSERT_OUTBOX, {
        "message": message, "sender": sender, "recipients": list(recipients),
        "created_at": now, "next_try_at": not_before or now, "in_reply_to_id": in_reply_to.id})
    session.info[_QUEUED] = True
