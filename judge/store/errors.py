"""Database errors that are no fault of the work at hand: what they are, for the log.

A busy or unreachable database passes by itself; a full disk, a read-only database or a
failing disk needs the operator. Either way the work is tried again later and never
counts against the message or the mail it was doing (is_transient), but the log must say
which it is: an operator told "busy" waits for a disk that stays full.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterator

import sqlalchemy as sa


def is_transient(exc: BaseException) -> bool:
    """Whether a database error is no fault of the work at hand and may pass: SQLite's
    "database is locked" (another writer held the lock past the busy timeout), a dropped
    PostgreSQL connection, a serialisation failure, or a full or read-only database, which
    the operator must mend (trouble() says which). The caller waits and tries again; it
    never counts against the message or the mail it was working on."""
    return trouble(exc) is not None


# What the log says of such an error; the first three need the operator.
FULL = "the database or its disk is full"
READ_ONLY = "the database is read-only"
DISK_ERROR = "the database's disk failed to read or write"
BUSY = "the database is busy or unreachable"
_OPERATOR = frozenset({FULL, READ_ONLY, DISK_ERROR})
# SQLite's primary result codes (sqlite3.h); an extended code keeps one in its low byte.
_SQLITE = {13: FULL, 8: READ_ONLY, 10: DISK_ERROR}  # SQLITE_FULL, _READONLY, _IOERR
# PostgreSQL's SQLSTATEs (its manual, appendix A): disk_full, read_only_sql_transaction.
_SQLSTATE = {"53100": FULL, "25006": READ_ONLY}
_ERRNO = {errno.ENOSPC: FULL, errno.EDQUOT: FULL, errno.EROFS: READ_ONLY, errno.EIO: DISK_ERROR}


def trouble(exc: BaseException) -> str | None:
    """What a database error that is no fault of the work at hand is, in words for the log
    (FULL, READ_ONLY, DISK_ERROR, BUSY); None for any other error."""
    for cause in _causes(exc):
        found = _resource_trouble(cause)
        if found is not None:
            return found
    if isinstance(exc, sa.exc.OperationalError):
        return BUSY
    if isinstance(exc, sa.exc.DBAPIError) and exc.connection_invalidated:
        return BUSY
    return None


def needs_operator(what: str | None) -> bool:
    """Whether trouble() named something that only the operator can mend (full disk...)."""
    return what in _OPERATOR


def describe(exc: BaseException) -> str:
    """The error's own words, short: the driver's message, not SQLAlchemy's SQL dump; the
    words of the full or read-only database where that caused it (SQLite rolls back a
    transaction on SQLITE_FULL, so the error raised may be a missing savepoint)."""
    culprit = next((c for c in _causes(exc) if _resource_trouble(c) is not None), exc)
    cause = getattr(culprit, "orig", None) or culprit
    text = (str(cause).strip().splitlines() or [""])[0]
    return f"{type(cause).__name__}: {text[:200]}" if text else type(cause).__name__


def _causes(exc: BaseException) -> Iterator[BaseException]:
    """The error, the driver's error inside it, and what caused each (bounded: a chain
    may loop)."""
    seen: list[BaseException] = []
    pending: list[BaseException | None] = [exc]
    while pending and len(seen) < 16:
        current = pending.pop()
        if current is None or any(current is old for old in seen):
            continue
        seen.append(current)
        yield current
        pending += [current.__context__, current.__cause__, getattr(current, "orig", None)]


def _resource_trouble(exc: BaseException) -> str | None:
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return _SQLITE.get(code & 0xFF) if isinstance(code, int) else None
    sqlstate = getattr(exc, "sqlstate", None)  # psycopg's errors
    if isinstance(sqlstate, str):
        return _SQLSTATE.get(sqlstate)
    if isinstance(exc, OSError):
        return _ERRNO.get(exc.errno or 0)
    return None
