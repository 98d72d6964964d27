"""Engines, units of work and schema migrations: the store's entry points.

Nothing here is global: the composition root (or a test) builds a Database from a URL.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

# Where the pipeline and the daemon have always found it.
from judge.store.errors import is_transient as is_transient

DEFAULT_URL = "sqlite:///var/judge.sqlite3"
URL_ENV = "JUDGE_DATABASE_URL"
# How long a SQLite writer waits for another one before "database is locked".
SQLITE_BUSY_TIMEOUT_MS = 10_000


def database_url(explicit: str | None = None) -> str:
    """The URL given, else $JUDGE_DATABASE_URL, else the embedded SQLite default."""
    return explicit or os.environ.get(URL_ENV) or DEFAULT_URL


def make_engine(url: str | URL, *, foreign_keys: bool = True) -> Engine:
    """An engine for SQLite (WAL, foreign keys) or PostgreSQL (psycopg 3).

    `foreign_keys=False` exists for migrations only: see migrations/env.py.
    """
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        return _sqlite_engine(u, foreign_keys)
    if u.drivername == "postgresql":
        # SQLAlchemy's default PostgreSQL driver is psycopg2; we ship psycopg 3.
        u = u.set(drivername="postgresql+psycopg")
    return sa.create_engine(u, pool_pre_ping=True, connect_args=_postgres_session(u))


# A worker that stops for good leaves its row locks (the messages it was answering, the
# game it was processing) to PostgreSQL, which frees them when its connection ends: at
# once for a process killed on a machine that lives on (the kernel closes the socket);
# within about 30 s for a machine gone dark, by TCP keepalives and the user timeout on
# both ends; after two minutes for a worker alive but stuck inside a transaction (no unit
# of work waits that long between statements). Every one is a setting the connecting role
# may make (PostgreSQL 12 or newer), so the database URL stays the only configuration.
POSTGRES_SESSION = {"idle_in_transaction_session_timeout": "120s",
                    "tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5",
                    "tcp_keepalives_count": "3", "tcp_user_timeout": "30000"}
POSTGRES_CLIENT = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5,
                   "keepalives_count": 3, "tcp_user_timeout": 30000, "connect_timeout": 10}


def _postgres_session(url: URL) -> dict[str, Any]:
    """The connection's settings, each left to the URL where it names it."""
    wanted: dict[str, Any] = dict(POSTGRES_CLIENT)
    wanted["options"] = " ".join(f"-c {k}={v}" for k, v in POSTGRES_SESSION.items())
    return {key: value for key, value in wanted.items() if key not in url.query}


def _sqlite_engine(url: URL, foreign_keys: bool) -> Engine:
    engine = sa.create_engine(url)
    sa.event.listen(engine, "connect", _sqlite_connect_hook(foreign_keys))
    sa.event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect_hook(foreign_keys: bool) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transactions away from the sqlite3 module, which only BEGINs before DML:
        # SELECTs and DDL would otherwise run outside the transaction (see _sqlite_begin).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # WAL: readers never block the writer nor it them; the mode is kept in the file.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    return on_connect


def _sqlite_begin(connection: sa.Connection) -> None:
    _sqlite_synchronous(connection)
    # IMMEDIATE takes the write lock at once. A deferred transaction that reads and then
    # writes can fail with SQLITE_BUSY without waiting out busy_timeout; the judge's
    # units of work are short, so queueing writers up front is the simpler guarantee.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


# Execution option of a unit of work whose commit may wait for the next one to reach the
# disk (Database.unit_of_work(durable=False)); the connection's setting, as last made.
_RELAXED = "judge_relaxed_commit"
_SYNCHRONOUS = "judge_synchronous"


def _sqlite_synchronous(connection: sa.Connection) -> None:
    """SQLite's own default (FULL: each commit waits for the disk, about 7 ms here), or
    NORMAL for a relaxed unit of work. In WAL mode NORMAL is as safe as FULL against a
    crash of the process, the commit being in the file as it returns; only a power cut or
    an operating-system crash before the next FULL commit or checkpoint can lose it."""
    wanted = "NORMAL" if connection.get_execution_options().get(_RELAXED) else "FULL"
    if connection.info.get(_SYNCHRONOUS, "FULL") != wanted:
        connection.exec_driver_sql(f"PRAGMA synchronous={wanted}")
        connection.info[_SYNCHRONOUS] = wanted


def insert_or_skip(table: sa.Table, keys: list[str]) -> dict[str, sa.Insert]:
    """An INSERT into `table` that does nothing where a row with the same `keys` stands,
    by dialect name: ON CONFLICT DO NOTHING is spelt the same by both backends, but
    SQLAlchemy offers it per dialect. Built once by its module, run with bind values."""
    return {"sqlite": sqlite.insert(table).on_conflict_do_nothing(index_elements=keys),
            "postgresql": postgresql.insert(table).on_conflict_do_nothing(index_elements=keys)}


def shown_url(url: str | URL) -> str:
    """The URL for logs and terminals: the password masked."""
    return make_url(url).render_as_string(hide_password=True)


def ensure_sqlite_folder(url: str | URL) -> None:
    """Create the folder of a file-backed SQLite database (SQLite creates only the file)."""
    u = make_url(url)
    if u.get_backend_name() == "sqlite" and u.database and u.database != ":memory:":
        Path(u.database).parent.mkdir(parents=True, exist_ok=True)


class Turnstile:
    """First come, first served among one process's threads, re-entrant in a thread.

    Every SQLite unit of work is a writer (BEGIN IMMEDIATE). Left to SQLite's busy handler,
    a waiting thread sleeps in growing steps (up to 100 ms) and a thread that commits and
    begins again at once keeps winning: under a backlog, the worker's batches starved the
    sender for seconds (bench/README.md). Queued here, writers take turns in arrival order;
    other processes on the file still meet busy_timeout."""

    def __init__(self, timeout: float = SQLITE_BUSY_TIMEOUT_MS / 1000) -> None:
        self.timeout = timeout
        self._turns = threading.Condition()
        self._next = self._serving = 0
        self._abandoned: set[int] = set()
        self._owner: int | None = None
        self._depth = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        me = threading.get_ident()
        if self._owner == me:  # a unit of work inside another: SQLite's own lock decides
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._wait(me)
        try:
            yield
        finally:
            with self._turns:
                self._owner = None
                self._advance()

    def _wait(self, me: int) -> None:
        with self._turns:
            ticket, self._next = self._next, self._next + 1
            if not self._turns.wait_for(lambda: self._serving == ticket, self.timeout):
                # As SQLite would after busy_timeout: a transient error, tried again later.
                self._abandoned.add(ticket)
                raise sa.exc.OperationalError(
                    "BEGIN", {}, TimeoutError("database is locked by this process's "
                                              f"other writers for {self.timeout:.0f} s"))
            self._owner = me

    def _advance(self) -> None:
        self._serving += 1
        while self._serving in self._abandoned:
            self._abandoned.discard(self._serving)
            self._serving += 1
        self._turns.notify_all()


class Database:
    """One database: its engine and a factory of units of work."""

    def __init__(self, url: str | URL, *, engine: Engine | None = None) -> None:
        self.url = make_url(url)
        self.engine = engine if engine is not None else make_engine(self.url)
        # expire_on_commit=False: rows returned by a unit of work stay readable after it
        # commits, without a lazy reload on a closed session.
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._relaxed = sessionmaker(self.engine.execution_options(**{_RELAXED: True}),
                                     expire_on_commit=False)
        self._turnstile = Turnstile() if self.url.get_backend_name() == "sqlite" else None
        self._after_commit: list[Callable[[Session], None]] = []

    @contextmanager
    def unit_of_work(self, *, durable: bool = True) -> Iterator[Session]:
        """A session in one transaction: committed if the block ends, rolled back if it raises.

        `durable=False`: the commit survives a crash of the process as any other, but on
        SQLite it does not wait for the disk: a power cut before the next durable commit
        (which writes it to the disk with its own) may lose it. For records whose loss only
        repeats work done at least once anyway (the sender's outcomes: a lost one sends
        the message again, as a crash between the relay's answer and the record does)."""
        sessions = self._sessions if durable else self._relaxed
        with self._turn(), sessions() as session, session.begin():
            yield session
        for listener in tuple(self._after_commit):
            listener(session)

    def after_commit(self, listener: Callable[[Session], None]) -> Callable[[], None]:
        """Call `listener` with the session of every unit of work of this Database that
        commits, in the committing thread once the commit stands (another thread woken
        there sees what it wrote); what it returns stops that."""
        self._after_commit.append(listener)
        return lambda: self._after_commit.remove(listener)

    def _turn(self) -> AbstractContextManager[None]:
        # PostgreSQL has row locks and no single writer: nothing to queue for.
        return self._turnstile.turn() if self._turnstile is not None else nullcontext()

    def dispose(self) -> None:
        self.engine.dispose()


def migrations_dir() -> Path:
    """The Alembic scripts, next to the package like variants/ (or $JUDGE_MIGRATIONS)."""
    env = os.environ.get("JUDGE_MIGRATIONS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "migrations"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError(f"no migrations in {migrations_dir() / 'versions'}")
    return head


def upgrade(url: str | URL, revision: str = "head") -> None:
    _migrate(url, lambda config: command.upgrade(config, revision))


def downgrade(url: str | URL, revision: str) -> None:
    _migrate(url, lambda config: command.downgrade(config, revision))


def current_revision(url: str | URL) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def _migrate(url: str | URL, run: Callable[[Config], None]) -> None:
    # Foreign keys off on SQLite: batch mode rebuilds a table by copy, drop and rename,
    # and with enforcement on the DROP would cascade into (or fail on) referencing rows.
    # env.py runs PRAGMA foreign_key_check before committing instead.
    engine = make_engine(url, foreign_keys=False)
    config = alembic_config()
    try:
        # One transaction for the whole walk: PostgreSQL and (thanks to _sqlite_begin)
        # SQLite both have transactional DDL, so a failed step leaves nothing half done.
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            run(config)
    finally:
        engine.dispose()
