"""The harness compares every byte a viewer receives, the board's pictures included (issue
#14: two games a viewer cannot tell apart give him identical PNG and SVG files), so its
games mail pictures, which tests/conftest.py leaves out elsewhere."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def pictures_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_PICTURES", "on")
