"""Database errors told apart (judge/store/errors.py): full or read-only for the operator
to mend, busy to wait out, anything else a fault of the work."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge.store.errors import (
    BUSY,
    DISK_ERROR,
    FULL,
    READ_ONLY,
    describe,
    is_transient,
    needs_operator,
    trouble,
)
from tests.mail.store_trouble import disk_full


def test_sqlite_full_is_full() -> None:
    error = disk_full()
    assert (trouble(error), is_transient(error), needs_operator(trouble(error))) == \
        (FULL, True, True)
    assert describe(error) == "OperationalError: database or disk is full"


def test_a_read_only_sqlite_file_is_read_only(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.commit()
    engine = sa.create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with pytest.raises(sa.exc.OperationalError) as raised, engine.begin() as connection:
            connection.execute(sa.text("INSERT INTO t VALUES (1)"))
    finally:
        engine.dispose()
    assert trouble(raised.value) == READ_ONLY
    assert describe(raised.value) == "OperationalError: attempt to write a readonly database"


class FakePgError(Exception):
    """What psycopg's errors carry: the SQLSTATE."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(f"SQLSTATE {sqlstate}")
        self.sqlstate = sqlstate


@pytest.mark.parametrize(("error", "what"), [
    (sa.exc.OperationalError("INSERT", {}, FakePgError("53100")), FULL),
    # PostgreSQL's read-only transaction is no OperationalError, yet no fault of the work.
    (sa.exc.InternalError("INSERT", {}, FakePgError("25006")), READ_ONLY),
    (sa.exc.OperationalError("INSERT", {}, FakePgError("40001")), BUSY),
    (sa.exc.OperationalError("BEGIN", {}, TimeoutError("database is locked")), BUSY),
    (OSError(errno.ENOSPC, "No space left on device"), FULL),
    (OSError(errno.EROFS, "Read-only file system"), READ_ONLY),
    (OSError(errno.EIO, "Input/output error"), DISK_ERROR),
    (sa.exc.IntegrityError("INSERT", {}, FakePgError("23505")), None),
    (RuntimeError("a bug"), None),
])
def test_what_each_error_is(error: BaseException, what: str | None) -> None:
    assert trouble(error) == what
    assert is_transient(error) == (what is not None)
    assert needs_operator(what) == (what in (FULL, READ_ONLY, DISK_ERROR))


def test_a_full_disk_behind_another_error_is_still_found() -> None:
    try:
        try:
            raise disk_full()
        except sa.exc.OperationalError:
            raise sa.exc.OperationalError("ROLLBACK TO SAVEPOINT", {},
                                          sqlite3.OperationalError("no such savepoint")) from None
    except sa.exc.OperationalError as outer:
        assert trouble(outer) == FULL
        assert describe(outer) == "OperationalError: database or disk is full"
