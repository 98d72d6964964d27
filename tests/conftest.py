"""Database fixtures: a SQLite file per test, an emptied PostgreSQL database per test.

`db_url` runs a test on both backends. The cluster starts once per session, on first use.
Without PostgreSQL binaries the PostgreSQL cases skip on a developer's machine, but fail
under CI (env CI set), where .ci/run installs them: a green CI must mean both ran.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from judge.game import passwords
from judge.store.db import Database, upgrade
from tests.conversations.harness import Conversation
from tests.store.pgcluster import ROLE, SUPERUSER_PASSWORD, TempCluster, find_bin_dir

AdminConnection = psycopg.Connection[tuple[Any, ...]]
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


@pytest.fixture
def postgres_url(postgres_cluster: TempCluster, postgres_admin: AdminConnection) -> Iterator[str]:
    """The cluster's empty `judge` database for one test, emptied again afterwards.

    Emptying the schema takes ~30 ms; a CREATE DATABASE after a DROP DATABASE took
    ~300 ms here, which a suite of many tests would feel.
    """
    yield postgres_cluster.url()
    started = time.monotonic()
    _empty_database(postgres_cluster, postgres_admin)
    _reset_times.append(time.monotonic() - started)


def _empty_database(cluster: TempCluster, admin: AdminConnection) -> None:
    # A failed test may leave connections (and their locks) behind: end them first.
    admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE datname = %s AND pid <> pg_backend_pid()", (ROLE,))
    with psycopg.connect(cluster.conninfo(), autocommit=True) as connection:
        connection.execute("DROP SCHEMA public CASCADE")
        connection.execute("CREATE SCHEMA public")


@pytest.fixture
def pg(postgres_url: str) -> Iterator[Database]:
    """The throw-away PostgreSQL database at the newest revision, as one Database (the
    workers' and scheduler tests share it)."""
    upgrade(postgres_url)
    db = Database(postgres_url)
    yield db
    db.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'judge.sqlite3'}"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> str:
    url: str = request.getfixturevalue(f"{request.param}_url")
    return url


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    """A Database on either backend, migrated to head."""
    upgrade(db_url)
    db = Database(db_url)
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
