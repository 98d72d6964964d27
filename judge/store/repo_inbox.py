"""The inbox's queries: a raw message stored once, stored messages taken by one worker,
a sender's messages counted.

Nothing here commits: the receivers' and the worker's units of work do
(judge/mail/inbound/pipeline.py).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.orm import Session, aliased
from sqlalchemy.orm.attributes import set_committed_value

from judge.store.db import insert_or_skip
from judge.store.models import InboxMessage, InboxState, utc_now

_MESSAGES_SINCE = (sa.select(sa.func.count()).select_from(InboxMessage)
                   .where(InboxMessage.sender == sa.bindparam("sender"),
                          InboxMessage.received_at >= sa.bindparam("since"),
                          InboxMessage.id <= sa.bindparam("up_to_id")))
_INBOX = cast(sa.Table, InboxMessage.__table__)
# store_inbox_id's INSERT, built once with bind parameters (issue #18: built with the
# message's values in it, its cache key went over them for every message stored, a third
# of the poller's cost of storing one).
_STORE: dict[str, Any] = {
    name: insert.returning(_INBOX.c.id)
    for name, insert in insert_or_skip(_INBOX, ["message_id", "digest"]).items()}
_SET_STATE = (sa.update(_INBOX).where(_INBOX.c.id == sa.bindparam("row_id"))
              .values(state=sa.bindparam("new_state", type_=_INBOX.c.state.type)))


def store_inbox(session: Session, raw: bytes, *, message_id: str | None,
                received_at: datetime | None = None,
                sender: str = "") -> tuple[InboxMessage, bool]:
    """Keep a raw message once: (its row, True) the first time, (the first row, False) after."""
    inbox_id, new = store_inbox_id(session, raw, message_id=message_id,
                                   received_at=received_at, sender=sender)
    return session.scalars(sa.select(InboxMessage).where(InboxMessage.id == inbox_id)).one(), new


def store_inbox_id(session: Session, raw: bytes, *, message_id: str | None,
                   received_at: datetime | None = None, sender: str = "") -> tuple[int, bool]:
    """store_inbox's (id, new), without reading the row back: a new message's id is what
    its INSERT returned (the receivers store each message as it comes: reading back its
    row and bytes was a statement of each, issue #18); a copy's is looked up.

    INSERT ... ON CONFLICT DO NOTHING rather than look-then-insert, so two receivers
    storing the same message at once cannot both win nor abort the transaction.
    """
    values = {"raw": raw, "message_id": message_id or "",
              "digest": hashlib.sha256(_without_trace(raw)).hexdigest(),
              "received_at": received_at or utc_now(), "sender": sender[:320]}
    # Core inserts run the columns' Python defaults too (state, attempts).
    new_id = session.connection().execute(
        _STORE[session.get_bind().dialect.name], values).scalar_one_or_none()
    if new_id is not None:
        return new_id, True
    first = sa.select(InboxMessage.id).where(InboxMessage.message_id == values["message_id"],
                                             InboxMessage.digest == values["digest"])
    return session.scalars(first).one(), False


# The fields relays and mailbox servers put on top of a message (RFC 5321 §4.4 trace
# fields, and the delivery headers of Postfix and Dovecot) differ between two deliveries of
# one message, so they are left out of the digest that recognises a redelivery.
_TRACE = re.compile(rb"(?:(?:Received|Return-Path|Delivered-To|X-Original-To):[^\n]*\n"
                    rb"(?:[ \t][^\n]*\n)*)*", re.IGNORECASE)


def _without_trace(raw: bytes) -> bytes:
    match = _TRACE.match(raw)
    return raw[match.end():] if match else raw


def inbox_message(session: Session, inbox_id: int) -> InboxMessage | None:
    return session.get(InboxMessage, inbox_id)


def messages_from_since(session: Session, sender: str, since: datetime, *,
                        up_to_id: int) -> int:
    """How many messages from `sender` arrived at or after `since`, up to the one stored
    as `up_to_id` (a backlog processed late must not count what came after it)."""
    # Through the connection: the session's execute of a table query adds the ORM's
    # dispatch (a fifth of this once-a-message statement's cost, issue #18).
    found = session.connection().scalar(_MESSAGES_SINCE, {"sender": sender, "since": since,
                                                          "up_to_id": up_to_id})
    return found or 0


def claim_inbox_messages(session: Session, ids: Sequence[int]) -> set[int]:
    """The ids of `claim_inbox_rows`."""
    return set(claim_inbox_rows(session, ids))


def claim_inbox_rows(session: Session, ids: Sequence[int]) -> dict[int, InboxMessage]:
    """Those of `ids` still new, row-locked for this transaction, leaving out the ones
    another worker holds (PostgreSQL's SKIP LOCKED: it is processing them now, and they
    are its own until it commits or its connection ends), and those that must wait for
    an older message of their sender that is not among them; SQLite's writer lock makes
    all of them this transaction's. By id, in order; one query for the whole claim."""
    if not ids:
        return {}
    query = (sa.select(InboxMessage)
             .where(InboxMessage.id.in_(ids), InboxMessage.state == InboxState.NEW)
             .order_by(InboxMessage.id).with_for_update(skip_locked=True))
    claimed = {row.id: row for row in session.scalars(query)}
    if claimed and session.get_bind().dialect.name == "postgresql":
        for waiting in _after_others(session, set(claimed)):
            del claimed[waiting]
    return claimed


def set_state(session: Session, row: InboxMessage, state: InboxState) -> None:
    """The row's new state, by a plain UPDATE at once: the ORM's flush of that one column
    cost two to four times as much, once for every message answered (issue #18). The row
    object then says so without being dirty; a savepoint rolled back after it leaves the
    object saying `state` where the row does not, so the worker expires it
    (pipeline._process_one)."""
    session.connection().execute(_SET_STATE, {"row_id": row.id, "new_state": state})
    set_committed_value(row, "state", state)


def new_raws(session: Session, ids: Sequence[int]) -> dict[int, bytes]:
    """The stored bytes of those of `ids` still new, in one query."""
    if not ids:
        return {}
    query = sa.select(InboxMessage.id, InboxMessage.raw).where(
        InboxMessage.id.in_(ids), InboxMessage.state == InboxState.NEW)
    return {inbox_id: raw for inbox_id, raw in session.execute(query)}


def _after_others(session: Session, claimed: set[int]) -> set[int]:
    """The claimed messages whose sender has an older one still new outside the claim:
    another worker is answering it now (or it waits for a later round). They wait too, so
    that a sender's messages are answered in the order they came (later orders replace
    earlier ones); they stay new, for a later round."""
    older = aliased(InboxMessage)
    query = (sa.select(InboxMessage.id)
             .where(InboxMessage.id.in_(claimed), InboxMessage.sender != "",
                    sa.exists().where(older.sender == InboxMessage.sender,
                                      older.state == InboxState.NEW,
                                      older.id < InboxMessage.id,
                                      older.id.not_in(claimed))))
    return set(session.scalars(query))


def new_inbox_messages(session: Session, limit: int = 50) -> list[InboxMessage]:
    """Messages still to process, in arrival order; locked rows skipped as in
    repo_mail.due_outbox."""
    query = (sa.select(InboxMessage).where(InboxMessage.state == InboxState.NEW)
             .order_by(InboxMessage.id).limit(limit).with_for_update(skip_locked=True))
    return list(session.scalars(query))


def new_inbox_ids(session: Session, limit: int = 50) -> list[int]:
    """The ids of `new_inbox_messages`, without reading their bytes."""
    query = (sa.select(InboxMessage.id).where(InboxMessage.state == InboxState.NEW)
             .order_by(InboxMessage.id).limit(limit).with_for_update(skip_locked=True))
    return list(session.scalars(query))


