"""Fresh databases at the newest revision for the tests, without walking every migration
for each one.

Running migrations/ from nothing costs 0.35-0.9 s per database on CI's kind of machine
(docs/development.md), and thousands of tests each want a fresh one. SQLite: the walk
runs once per test process into a template file, and each test gets a copy of that file.
PostgreSQL (tests/store/pg_reset.py): the walk runs on the test database once, and between
two tests that leave its schema as the walk made it the rows are emptied instead.

Either way a test gets exactly what `upgrade()` makes: the template is made by it in the
same process, and tests/store/test_migrations.py keeps testing the walk itself.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from pathlib import Path

from sqlalchemy.engine import make_url

from judge.store.db import upgrade

_templates: dict[str, Path] = {}


def sqlite_at_head(url: str) -> None:
    """Put a fresh database at head at `url`, a SQLite file that does not exist yet (one
    that does is migrated in place, as upgrade() would)."""
    database = make_url(url).database
    if not database or database == ":memory:" or Path(database).exists():
        upgrade(url)
        return
    shutil.copyfile(_sqlite_template(), database)


def _sqlite_template() -> Path:
    if "sqlite" not in _templates:
        folder = Path(tempfile.mkdtemp(prefix="judge-head-"))
        atexit.register(shutil.rmtree, folder, True)
        path = folder / "head.sqlite3"
        upgrade(f"sqlite:///{path}")
        _fold_wal(path)
        _templates["sqlite"] = path
    return _templates["sqlite"]


def _fold_wal(path: Path) -> None:
    """Move whatever the write-ahead log still holds into the file, so that the file alone
    is the database (its header keeps journal_mode=WAL for the copies)."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
