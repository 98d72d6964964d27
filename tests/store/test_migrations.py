"""Alembic is the only way the schema changes: walk every revision, and match the models."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from judge.store.db import (
    alembic_config,
    current_revision,
    downgrade,
    head_revision,
    make_engine,
    upgrade,
)
from judge.store.models import Base

# What each revision adds: one concern per revision.
TABLES_BY_REVISION = {
    "0001": {"accounts", "account_addresses"},
    "0002": {"inbox", "outbox"},
    "0003": {"games", "seats"},
    "0004": {"turns", "orders"},
    "0005": {"press", "votes", "audit_log"},
}


def _revisions() -> list[str]:
    script = ScriptDirectory.from_config(alembic_config())
    return [s.revision for s in reversed(list(script.walk_revisions()))]


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def _schema_diff(url: str) -> list[Any]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_the_revisions_are_a_single_line_in_order() -> None:
    assert _revisions() == sorted(TABLES_BY_REVISION)
    assert head_revision() == "0005"


def test_walk_up_one_step_at_a_time_then_down_then_up(db_url: str) -> None:
    expected: set[str] = set()
    for revision in _revisions():
        upgrade(db_url, revision)
        expected |= TABLES_BY_REVISION[revision]
        assert (current_revision(db_url), _tables(db_url)) == (revision, expected)
    for revision in reversed(_revisions()):
        assert current_revision(db_url) == revision
        expected -= TABLES_BY_REVISION[revision]
        downgrade(db_url, "-1")
        assert _tables(db_url) == expected
    assert current_revision(db_url) is None
    upgrade(db_url)
    assert current_revision(db_url) == head_revision()


def test_empty_to_head_to_base_to_head(db_url: str) -> None:
    upgrade(db_url)
    downgrade(db_url, "base")
    assert (current_revision(db_url), _tables(db_url)) == (None, set())
    upgrade(db_url)
    assert _tables(db_url) == set(Base.metadata.tables)


def test_the_models_match_the_migrations(db_url: str) -> None:
    upgrade(db_url)
    assert _schema_diff(db_url) == []


def test_the_comparison_sees_a_missing_revision(db_url: str) -> None:
    # Proves the check above can fail: one revision short, the last tables are missing.
    upgrade(db_url, "0004")
    added = {d[1].name for d in _schema_diff(db_url) if d[0] == "add_table"}
    assert added == TABLES_BY_REVISION["0005"]
