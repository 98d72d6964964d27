"""Units of work, SQLite's connection settings, and the UTC column type."""

from __future__ import annotations

import ast
from datetime import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, StatementError

from judge.store import repo
from judge.store.db import Database, make_engine, shown_url, upgrade
from judge.store.models import Account, Seat, SeatRole

DATABASE_MODULES = {"sqlalchemy", "alembic", "psycopg", "sqlite3"}
# What may be imported from them outside judge/store: module -> names ("*": any).
ALLOWED_DATABASE_IMPORTS: dict[str, set[str]] = {"sqlalchemy.orm": {"Session"}}
CLI_DATABASE_IMPORTS: dict[str, set[str]] = {"sqlalchemy": {"exc"}, "sqlalchemy.exc": {"*"}}


class Boom(Exception):
    pass


def test_unit_of_work_commits_when_the_block_ends(database: Database) -> None:
    with database.unit_of_work() as s:
        repo.create_account(s, name="A", address="a@example.test")
    with database.unit_of_work() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(Account)) == 1


def test_unit_of_work_rolls_back_on_an_exception(database: Database) -> None:
    with pytest.raises(Boom), database.unit_of_work() as s:
        repo.create_account(s, name="A", address="a@example.test")
        repo.create_game(s, name="g", variant="standard")
        raise Boom
    with database.unit_of_work() as s:
        assert repo.account_by_address(s, "a@example.test") is None
        assert repo.game_by_name(s, "g") is None


def test_a_unique_violation_raises_and_rolls_back(database: Database) -> None:
    with pytest.raises(IntegrityError), database.unit_of_work() as s:
        repo.create_account(s, name="A", address="a@example.test")
        repo.create_account(s, name="B", address="A@example.test")
    with database.unit_of_work() as s:
        assert repo.account_by_address(s, "a@example.test") is None


def test_a_foreign_key_violation_raises(database: Database) -> None:
    with pytest.raises(IntegrityError), database.unit_of_work() as s:
        s.add(Seat(game_id=999, account_id=999, role=SeatRole.PLAYER, secret="x"))


def test_naive_datetimes_are_refused(database: Database) -> None:
    with pytest.raises(StatementError, match="naive datetime"), database.unit_of_work() as s:
        s.add(Account(name="A", created_at=datetime(2024, 1, 1)))


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(sqlite_url: str) -> None:
    upgrade(sqlite_url)
    database = Database(sqlite_url)
    try:
        with database.engine.connect() as connection:
            pragma = {name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                      for name in ("journal_mode", "foreign_keys", "busy_timeout")}
    finally:
        database.dispose()
    assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 10_000}


def test_sqlite_reads_see_a_consistent_snapshot(sqlite_url: str) -> None:
    # The sqlite3 module would run this SELECT outside any transaction; ours BEGINs first,
    # so a unit of work's reads and writes are one transaction.
    upgrade(sqlite_url)
    database = Database(sqlite_url)
    try:
        with database.unit_of_work() as s:
            s.execute(sa.select(Account.id)).all()
            assert s.connection().exec_driver_sql("SELECT 1").scalar() == 1
            raw = s.connection().connection.driver_connection
            assert raw is not None and raw.in_transaction
    finally:
        database.dispose()


def test_a_plain_postgresql_url_uses_psycopg_3() -> None:
    # SQLAlchemy's default PostgreSQL driver is psycopg2, which we do not install.
    engine = make_engine("postgresql://judge:secret@127.0.0.1:5432/judge")
    assert engine.dialect.driver == "psycopg"
    assert shown_url(engine.url) == "postgresql+psycopg://judge:***@127.0.0.1:5432/judge"


def _database_imports(path: Path, source: str) -> list[str]:
    """The imports in `source` that break the rule: outside judge/store, sqlalchemy only
    for the Session type (and, in the command line, sqlalchemy.exc to catch its errors)."""
    allowed = dict(ALLOWED_DATABASE_IMPORTS)
    if path.parent.name == "cli":
        allowed.update(CLI_DATABASE_IMPORTS)
    broken: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            # `import sqlalchemy.orm` hands over the whole module, not just the type.
            broken += [a.name for a in node.names if a.name.split(".")[0] in DATABASE_MODULES
                       and "*" not in allowed.get(a.name, set())]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] not in DATABASE_MODULES:
                continue
            permitted = allowed.get(node.module, set())
            broken += [f"{node.module}.{a.name}" for a in node.names
                       if a.name not in permitted and "*" not in permitted]
    return broken


def test_only_the_store_talks_to_the_database() -> None:
    judge = Path(__file__).resolve().parents[2] / "judge"
    broken = {str(path.relative_to(judge)): found for path in sorted(judge.rglob("*.py"))
              if judge / "store" not in path.parents
              and (found := _database_imports(path, path.read_text()))}
    assert broken == {}


@pytest.mark.parametrize(("name", "source"), [
    ("games.py", "import sqlalchemy as sa"),
    ("games.py", "import sqlalchemy.orm"),
    ("games.py", "from sqlalchemy import select"),
    ("games.py", "from sqlalchemy.orm import Session, selectinload"),
    ("games.py", "from sqlalchemy import exc"),
    ("games.py", "from sqlalchemy.exc import IntegrityError"),
    ("cli/game_admin.py", "from sqlalchemy import exc, func"),
    ("db.py", "import alembic.command"),
    ("db.py", "from psycopg import errors"),
    ("db.py", "import sqlite3"),
])
def test_the_rule_catches_a_query_outside_the_store(name: str, source: str) -> None:
    assert _database_imports(Path(name), source)


@pytest.mark.parametrize(("name", "source"), [
    ("games.py", "from sqlalchemy.orm import Session"),
    ("cli/entry.py", "from sqlalchemy import exc as sa_exc"),
    ("cli/mail_admin.py", "from sqlalchemy.exc import DBAPIError"),
    ("cli/mail_admin.py", "import sqlalchemy.exc"),
    ("games.py", "from judge.store import repo"),
])
def test_the_rule_allows_the_session_type_and_the_cli_s_errors(name: str, source: str) -> None:
    assert _database_imports(Path(name), source) == []


def test_a_unit_of_work_that_need_not_be_durable_skips_sqlite_s_disk_flush(
        sqlite_url: str) -> None:
    # The sender's records (judge/mail/sender.py): NORMAL in WAL mode survives a crash of
    # the process; every other unit of work keeps FULL, SQLite's default (2).
    upgrade(sqlite_url)
    db = Database(sqlite_url)
    synchronous = sa.text("PRAGMA synchronous")
    try:
        with db.unit_of_work() as s:
            assert s.scalar(synchronous) == 2
        with db.unit_of_work(durable=False) as s:
            assert s.scalar(synchronous) == 1
            repo.create_account(s, name="A", address="a@example.test")
        with db.unit_of_work() as s:  # the same pooled connection, FULL again
            assert s.scalar(synchronous) == 2
            assert repo.account_by_address(s, "a@example.test") is not None
    finally:
        db.dispose()
