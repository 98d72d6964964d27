"""A database that is really full, for the tests of what the judge says about it."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

import pytest
import sqlalchemy as sa

from judge.app import Judge, build_judge
from judge.store.db import Database


def disk_full() -> sa.exc.OperationalError:
    """SQLite's own "database or disk is full" (SQLITE_FULL), as SQLAlchemy hands it on."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute("PRAGMA max_page_count = 2")
        connection.execute("CREATE TABLE t (x BLOB)")
        connection.execute("INSERT INTO t VALUES (?)", (b"x" * 100_000,))
    except sqlite3.OperationalError as exc:
        return sa.exc.OperationalError("INSERT INTO t VALUES (?)", {}, exc)
    finally:
        connection.close()
    raise AssertionError("SQLite took 100 kB into two pages")


def full_judge(judge: Judge) -> Judge:
    """The judge on its database opened so that the file cannot grow by a page (SQLite's
    max_page_count): whatever needs a new page fails as on a full disk. It takes larger
    messages, so that storing one needs new pages. Dispose of its database after use."""
    if judge.db.url.get_backend_name() != "sqlite":
        pytest.skip("max_page_count is SQLite's")
    full = Database(judge.db.url)

    def cap(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        pages = cursor.execute("PRAGMA page_count").fetchone()[0]
        cursor.execute(f"PRAGMA max_page_count = {pages}")
        cursor.close()

    sa.event.listen(full.engine, "connect", cap)
    return build_judge(replace(judge.settings, max_message_bytes=100_000), clock=judge.clock,
                       db=full)
