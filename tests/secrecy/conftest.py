"""Two fresh SQLite databases per test, one per game of a twin (tests/secrecy/twin.py).

The secrecy tests compare two games byte for byte; they run on SQLite only, since what a
player is mailed does not depend on the backend (tests/store covers both backends).

The harness compares every byte a viewer receives, the board's pictures included (issue
#14: two games a viewer cannot tell apart give him identical PNG and SVG files), so its
games mail pictures, which tests/conftest.py leaves out elsewhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.store.db import Database
from tests.secrecy.twin import twin_databases


@pytest.fixture
def databases(tmp_path: Path) -> Iterator[tuple[Database, Database]]:
    with twin_databases(tmp_path) as made:
        yield made


@pytest.fixture(autouse=True)
def pictures_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_PICTURES", "on")
