"""Orders sent ahead (PHASE): one row per game, phase and power (migration 0011)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from judge.store import repo, repo_games
from judge.store.db import Database, make_engine, upgrade


def test_a_second_row_for_the_same_phase_and_power_is_refused(database: Database) -> None:
    with pytest.raises(IntegrityError), database.unit_of_work() as s:
        game = repo.create_game(s, name="alpha", variant="standard")
        s.flush()
        repo_games.new_future_order(s, game, "F1901M", "FRANCE")
        repo_games.new_future_order(s, game, "F1901M", "FRANCE")


def test_rows_differing_in_phase_or_power_are_kept(database: Database) -> None:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="alpha", variant="standard")
        s.flush()
        for phase, power in (("F1901M", "FRANCE"), ("F1901M", "ITALY"), ("S1902M", "FRANCE")):
            repo_games.new_future_order(s, game, phase, power).lines = [f"{power} {phase}"]
    with database.unit_of_work() as s:
        again = repo.game_by_name(s, "alpha")
        assert again is not None
        found = repo_games.future_order(s, again, "F1901M", "ITALY")
        assert found is not None and found.lines == ["ITALY F1901M"]
        assert repo_games.future_order(s, again, "S1902M", "ITALY") is None


# The two tables as revision 0010 has them, for rows written before 0011 runs.
WHEN = sa.DateTime(timezone=True)
GAMES = sa.table("games", *map(sa.column, ("id", "name", "variant", "state")),
                 *(sa.column(c, sa.JSON) for c in
                   ("variant_options", "deadline_settings", "press_settings")),
                 sa.column("created_at", WHEN))
FUTURE = sa.table("future_orders", *map(sa.column, ("id", "game_id", "phase", "power")),
                  sa.column("lines", sa.JSON), sa.column("submitted_at", WHEN))


def test_the_migration_keeps_the_newest_of_duplicate_rows(db_url: str) -> None:
    upgrade(db_url, "0010")
    when = datetime(2026, 11, 2, tzinfo=UTC)
    rows = [(1, "F1901M", "FRANCE", "old"), (2, "F1901M", "ITALY", "only"),
            (3, "F1901M", "FRANCE", "new"), (4, "S1902M", "FRANCE", "other phase")]
    engine = make_engine(db_url)
    try:
        with engine.begin() as connection:
            connection.execute(GAMES.insert().values(
                id=7, name="alpha", variant="standard", state="active", variant_options={},
                deadline_settings={}, press_settings={}, created_at=when))
            connection.execute(FUTURE.insert(), [
                {"id": i, "game_id": 7, "phase": phase, "power": power, "lines": [text],
                 "submitted_at": when} for i, phase, power, text in rows])
        upgrade(db_url, "0011")
        with engine.connect() as connection:
            kept = connection.execute(sa.select(FUTURE.c.id, FUTURE.c.lines)
                                      .order_by(FUTURE.c.id)).all()
    finally:
        engine.dispose()
    assert [tuple(row) for row in kept] == [(2, ["only"]), (3, ["new"]), (4, ["other phase"])]
