"""The queries behind an account's guards: requests waiting for confirmation, and the wrong
passwords tried on seats.

Same terms as repo: each function is one query or one insert; nothing here commits.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Session

from judge.store.models import (
    AccountRequest,
    PasswordFailure,
    RequestKind,
    RequestState,
)


def add_request(session: Session, request: AccountRequest) -> AccountRequest:
    session.add(request)
    session.flush()  # its id is part of the code mailed out
    return request


def request_by_id(session: Session, request_id: int) -> AccountRequest | None:
    return session.get(AccountRequest, request_id)


def pending_requests(session: Session, account_id: int,
                     kind: RequestKind) -> list[AccountRequest]:
    """The account's requests of `kind` still pending (expired ones too), oldest first."""
    query = (sa.select(AccountRequest)
             .where(AccountRequest.account_id == account_id, AccountRequest.kind == kind,
                    AccountRequest.state == RequestState.PENDING)
             .order_by(AccountRequest.id))
    return list(session.scalars(query))


def requests_since(session: Session, account_id: int, kind: RequestKind,
                   since: datetime) -> int:
    """How many requests of `kind` were made for the account at or after `since`."""
    query = (sa.select(sa.func.count()).select_from(AccountRequest)
             .where(AccountRequest.account_id == account_id, AccountRequest.kind == kind,
                    AccountRequest.created_at >= since))
    return session.scalar(query) or 0


def add_failure(session: Session, *, seat_id: int, account_id: int, sender: str,
                at: datetime) -> PasswordFailure:
    failure = PasswordFailure(seat_id=seat_id, account_id=account_id, sender=sender[:320],
                              at=at)
    session.add(failure)
    session.flush()
    return failure


def failures_since(session: Session, since: datetime, *, seat_id: int | None = None,
                   account_id: int | None = None) -> list[PasswordFailure]:
    """The wrong passwords tried on a seat, or on any seat of an account, after `since`
    (a failure exactly a window old has left it), oldest first."""
    query = sa.select(PasswordFailure).where(PasswordFailure.at > since)
    if seat_id is not None:
        query = query.where(PasswordFailure.seat_id == seat_id)
    if account_id is not None:
        query = query.where(PasswordFailure.account_id == account_id)
    return list(session.scalars(query.order_by(PasswordFailure.at, PasswordFailure.id)))


# Built once, run through the connection: the statement's construction and the session's
# dispatch cost more than the query on the (usually empty) table (issue #18).
_FAILURE_TIMES = (
    sa.select(PasswordFailure.at, PasswordFailure.seat_id, PasswordFailure.account_id)
    .where(PasswordFailure.at > sa.bindparam("since"),
           sa.or_(PasswordFailure.seat_id == sa.bindparam("seat_id"),
                  PasswordFailure.account_id == sa.bindparam("account_id")))
    .order_by(PasswordFailure.at, PasswordFailure.id))


def failure_times(session: Session, since: datetime, *, seat_id: int,
                  account_id: int) -> tuple[list[datetime], list[datetime]]:
    """When the wrong passwords after `since` were tried on the seat, and on any seat of
    the account, each oldest first: what `failures_since` gives for each, in one query
    and without the rows (issue #18: the two queries were most of SIGNON's own cost)."""
    rows = session.connection().execute(
        _FAILURE_TIMES, {"since": since, "seat_id": seat_id, "account_id": account_id}).all()
    return ([at for at, seat, _ in rows if seat == seat_id],
            [at for at, _, account in rows if account == account_id])


def told_since(session: Session, since: datetime, *, told: str | None = None,
               seat_id: int | None = None, account_id: int | None = None) -> bool:
    """Whether an owner was told of a lock-out of the seat or account at or after `since`:
    of this kind, or (`told` None) of any."""
    query = sa.select(PasswordFailure.id).where(
        PasswordFailure.at >= since,
        PasswordFailure.told.is_not(None) if told is None else PasswordFailure.told == told)
    if seat_id is not None:
        query = query.where(PasswordFailure.seat_id == seat_id)
    if account_id is not None:
        query = query.where(PasswordFailure.account_id == account_id)
    return session.scalar(query.limit(1)) is not None
