"""Alembic is the only way the schema changes: walk every revision, and match the models."""

from __future__ import annotations

from typing import Any

import pytest
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
    "0006": set(),
    "0007": set(),
    "0008": set(),
    "0009": {"future_orders"},
    "0010": set(),
    "0011": set(),
    "0012": set(),
    "0013": {"account_requests", "password_failures"},
    "0014": set(),
    "0015": {"knowledge"},
    "0016": {"outbox_attachments"},
    "0017": set(),
    "0018": set(),
    "0019": set(),
    "0020": {"attachment_blobs"},
    "0021": set(),
    "0022": set(),
}
# The revisions that add columns to existing tables: (table, column) pairs.
COLUMNS_BY_REVISION = {
    "0006": {("seats", "password_hash")},
    "0007": {("seats", "waiting"), ("seats", "absences")},
    "0008": {("turns", "grace_until"), ("turns", "notices")},
    "0010": {("games", "draw_settings"), ("games", "result")},
    "0012": {("inbox", "sender")},
    "0014": {("press", "sender_power")},
    "0017": {("games", "variant_seed"), ("games", "variant_map")},
    "0018": {("outbox_attachments", "inline")},
    "0020": {("outbox_attachments", "digest")},
    "0021": {("outbox_attachments", "drawn_by")},
    "0022": {("account_requests", "game_id"), ("account_requests", "password_hash"),
             ("account_requests", "preferences")},
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
    assert head_revision() == "0022"


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
    upgrade(db_url, "0008")
    added = {d[1].name for d in _schema_diff(db_url) if d[0] == "add_table"}
    assert added == set().union(*(tables for revision, tables in TABLES_BY_REVISION.items()
                                  if revision > "0008"))
    assert TABLES_BY_REVISION["0009"] <= added


def test_the_comparison_sees_missing_columns(db_url: str) -> None:
    upgrade(db_url, "0009")
    added = {(d[2], d[3].name) for d in _schema_diff(db_url) if d[0] == "add_column"}
    assert added == (COLUMNS_BY_REVISION["0010"] | COLUMNS_BY_REVISION["0012"]
                     | COLUMNS_BY_REVISION["0014"] | COLUMNS_BY_REVISION["0017"])


def test_each_column_revision_adds_its_columns_and_takes_them_back(db_url: str) -> None:
    for revision, columns in COLUMNS_BY_REVISION.items():
        upgrade(db_url, revision)
        assert columns <= _columns(db_url), revision
        downgrade(db_url, "-1")
        assert not columns & _columns(db_url), revision
        upgrade(db_url, revision)


def _columns(url: str) -> set[tuple[str, str]]:
    engine = make_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {(table, column["name"]) for table in inspector.get_table_names()
                for column in inspector.get_columns(table)}
    finally:
        engine.dispose()


def test_0011_makes_future_orders_unique_and_takes_it_back(db_url: str) -> None:
    upgrade(db_url, "0011")
    assert _future_orders_keys(db_url) == ({("game_id", "phase", "power")}, set())
    downgrade(db_url, "-1")
    assert _future_orders_keys(db_url) == (set(), {("game_id", "phase")})


Keys = set[tuple[str | None, ...]]


def _future_orders_keys(url: str) -> tuple[Keys, Keys]:
    """The unique constraints and the plain indexes of future_orders, as column tuples."""
    engine = make_engine(url)
    try:
        inspector = sa.inspect(engine)
        unique: Keys = {tuple(u["column_names"])
                  for u in inspector.get_unique_constraints("future_orders")}
        plain = {tuple(i["column_names"]) for i in inspector.get_indexes("future_orders")
                 if not i["unique"]}
        return unique, plain
    finally:
        engine.dispose()


def test_0021_refuses_to_go_down_while_a_picture_is_still_to_draw(db_url: str) -> None:
    """Before 0021 the sender would mail the SVG a PNG is drawn from as the PNG itself."""
    upgrade(db_url, "0021")
    engine = make_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO attachment_blobs (digest, data) "
                                 "VALUES ('d1', :svg)"), {"svg": b"<svg/>"})
            conn.execute(sa.text(
                "INSERT INTO outbox (id, message, sender, recipients, state, attempts, "
                "next_try_at, created_at) VALUES (1, :m, 'j@x', '[]', 'pending', 0, "
                ":t, :t)"), {"m": b"text", "t": "2026-11-29 00:00:00"})
            conn.execute(sa.text(
                "INSERT INTO outbox_attachments (outbox_id, position, filename, "
                "content_type, digest, inline, drawn_by) VALUES (1, 0, 'board.png', "
                "'image/png', 'd1', :yes, 'svg-png 1.5')"), {"yes": True})
        with pytest.raises(RuntimeError, match="still to be drawn"):
            downgrade(db_url, "0020")
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE outbox_attachments SET drawn_by = NULL"))
        downgrade(db_url, "0020")
        assert current_revision(db_url) == "0020"
    finally:
        engine.dispose()
