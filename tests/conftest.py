"""Database fixtures: a SQLite file per test, an emptied PostgreSQL database per test.

`database` (at the newest revision) and `db_url` (empty) run a test on both backends; a
database at head is a copy of one migrated once, or one whose rows were emptied
(tests/store/at_head.py). The cluster starts once per session, on first use.
Without PostgreSQL binaries the PostgreSQL cases skip on a developer's machine, but fail
under CI (env CI set), where .ci/run installs them: a green CI must mean both ran.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from judge.game import passwords
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.store.at_head import sqlite_at_head
from tests.store.pg_reset import AdminConnection, JudgeDatabase
from tests.store.pgcluster import SUPERUSER_PASSWORD, TempCluster, find_bin_dir

_timings: dict[str, float] = {}
_reset_times: list[float] = []


@pytest.fixture
def talk(database: Database) -> Conversation:
    """A conversation with a judge on `database` (tests/conversations/harness.py)."""
    return Conversation(database)


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports and start notices without the board's picture (judge/turns/pictures.py):
    drawing one costs ~0.15 s of CPU per turn and most tests read the text only. The
    picture tests (tests/pictures/conftest.py) turn them back on."""
    monkeypatch.setenv("JUDGE_PICTURES", "off")


@pytest.fixture(autouse=True)
def cheap_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat passwords are scrypt hashes costing ~0.2 s each at the production cost; tests
    take hundreds of seats and test no password strength. The cost is stored in each
    hash, so checking still works (tests/game/test_passwords.py uses the real cost)."""
    monkeypatch.setattr(passwords, "_N", 2**4)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[TempCluster]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        reason = "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must install the postgresql package", pytrace=False)
        pytest.skip(f"{reason} (apt-get install postgresql to run these cases)")
    cluster = TempCluster(bin_dir).start()
    try:
        yield cluster
    finally:
        cluster.stop()
        _timings.update({f"postgres {k}": v for k, v in cluster.timings.items()})


@pytest.fixture(scope="session")
def postgres_admin(postgres_cluster: TempCluster) -> Iterator[AdminConnection]:
    conninfo = postgres_cluster.conninfo("postgres", user="postgres", password=SUPERUSER_PASSWORD)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        yield connection


@pytest.fixture(scope="session")
def postgres_judge(postgres_cluster: TempCluster,
                   postgres_admin: AdminConnection) -> Iterator[JudgeDatabase]:
    judge_database = JudgeDatabase(postgres_cluster, postgres_admin)
    try:
        yield judge_database
    finally:
        judge_database.close()


@pytest.fixture
def postgres_url(postgres_judge: JudgeDatabase) -> Iterator[str]:
    """The cluster's empty `judge` database for one test, emptied again afterwards."""
    yield postgres_judge.empty()
    _after_test(postgres_judge)


@pytest.fixture
def postgres_head_url(postgres_judge: JudgeDatabase) -> Iterator[str]:
    """The cluster's `judge` database at the newest revision for one test, emptied again
    afterwards (tests/store/pg_reset.py)."""
    yield postgres_judge.at_head()
    _after_test(postgres_judge)


def _after_test(judge_database: JudgeDatabase) -> None:
    started = time.monotonic()
    judge_database.after_test()
    _reset_times.append(time.monotonic() - started)


@pytest.fixture
def pg(postgres_head_url: str) -> Iterator[Database]:
    """The throw-away PostgreSQL database at the newest revision, as one Database (the
    workers' and scheduler tests share it)."""
    db = Database(postgres_head_url)
    yield db
    db.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'judge.sqlite3'}"


@pytest.fixture
def sqlite_head_url(sqlite_url: str) -> str:
    """A fresh SQLite file at the newest revision (tests/store/at_head.py)."""
    sqlite_at_head(sqlite_url)
    return sqlite_url


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    """Which database a test runs on: each test that takes one runs on both."""
    name: str = request.param
    return name


@pytest.fixture
def db_url(backend: str, request: pytest.FixtureRequest) -> str:
    """An empty database (no table, no revision) on either backend."""
    url: str = request.getfixturevalue(f"{backend}_url")
    return url


@pytest.fixture
def database(backend: str, request: pytest.FixtureRequest) -> Iterator[Database]:
    """A fresh Database on either backend, at the newest revision."""
    db = Database(request.getfixturevalue(f"{backend}_head_url"))
    try:
        yield db
    finally:
        db.dispose()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _reset_times:
        _timings["postgres empty database (mean)"] = sum(_reset_times) / len(_reset_times)
        _timings["postgres empty database (max)"] = max(_reset_times)
    if _timings:
        lines = ", ".join(f"{k} {v:.2f}s" for k, v in _timings.items())
        terminalreporter.write_line(f"store fixtures: {lines}")
