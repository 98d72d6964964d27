"""Two fresh SQLite databases per test, one per game of a twin (tests/secrecy/twin.py).

The secrecy tests compare two games byte for byte; they run on SQLite only, since what a
player is mailed does not depend on the backend (tests/store covers both backends)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.store.db import Database, upgrade


@pytest.fixture
def databases(tmp_path: Path) -> Iterator[tuple[Database, Database]]:
    made = []
    for name in ("a", "b"):
        url = f"sqlite:///{tmp_path / f'judge-{name}.sqlite3'}"
        upgrade(url)
        made.append(Database(url))
    try:
        yield made[0], made[1]
    finally:
        for db in made:
            db.dispose()
