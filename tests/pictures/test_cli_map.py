"""`judge map` (issue #14): the picture a viewer was mailed, written to a file by a real
process, PNG or SVG, with readable refusals."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge.game.clock import ManualClock
from judge.store.db import Database, upgrade
from tests.conversations.cli import error_of, judge
from tests.conversations.deadlines import HOLDS, MASTER, Table
from tests.pictures.mailed import png_of, svg_source, wired


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'judge.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture
def table(url: str) -> Iterator[Table]:
    database = Database(url)
    table = Table(database, clock=ManualClock(datetime.now(UTC)))
    table.order(*HOLDS, lines={**HOLDS, "FRANCE": ["A Par - Bur", "A Mar H", "F Bre H"]})
    with database.unit_of_work() as session:
        table.turn(session).deadline = datetime.now(UTC)
    table.sweep()  # every power ordered: S1901M is processed at its deadline
    yield table
    database.dispose()


def test_judge_map_writes_the_picture_its_viewer_was_mailed(
        url: str, table: Table, tmp_path: Path) -> None:
    done = judge("map", "alpha", "-o", "alpha.png", "--url", url, cwd=tmp_path)
    assert done.stdout.startswith("alpha.png: alpha after Spring 1901 Movement, as the "
                                  "master sees it (PNG, ")
    [report] = wired(table.talk, MASTER, "Spring 1901 Movement results")
    assert (tmp_path / "alpha.png").read_bytes() == png_of(report)

    france = table.address["FRANCE"]
    judge("map", "alpha", "--viewer", "France", "--phase", "S1901M", "--svg", "-o", "f.out",
          "--url", url, cwd=tmp_path)
    [french] = wired(table.talk, france, "Spring 1901 Movement results")
    assert (tmp_path / "f.out").read_text() == svg_source(french)
    assert 'data-order="A par - bur"' in svg_source(french)
    # The file's name says SVG when neither --svg nor --png does.
    judge("map", "alpha", "--viewer", "observer", "-o", "o.svg", "--url", url, cwd=tmp_path)
    assert (tmp_path / "o.svg").read_text().startswith("<svg ")


def test_judge_map_refusals_are_one_readable_line(
        url: str, table: Table, tmp_path: Path) -> None:
    power = judge("map", "alpha", "--viewer", "klingon", "-o", "x.png", "--url", url,
                  cwd=tmp_path, status=1)
    assert error_of(power) == ("'klingon' is not a power of alpha; the powers are Austria, "
                               "England, France, Germany, Italy, Russia, Turkey, or write "
                               "master or observer")
    later = judge("map", "alpha", "--phase", "F1901M", "-o", "x.png", "--url", url,
                  cwd=tmp_path, status=1)
    assert error_of(later) == ("alpha has not played Fall 1901 Movement (F1901M); leave the "
                               "phase out for the latest picture")
    nogame = judge("map", "beta", "-o", "x.png", "--url", url, cwd=tmp_path, status=1)
    assert error_of(nogame) == "no game called 'beta'; judge game list shows them all"
    assert not (tmp_path / "x.png").exists()
