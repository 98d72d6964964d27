"""The board picture draws Engineered's units with their own symbols (rn45 E): the navy as
the standard fleet, the fighter, the engineer and the prison, from variants/engineered/
drawing over the standard drawing (variant.toml `drawing`, docs/pictures.md)."""

from __future__ import annotations

import tomllib

from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.pictures import render_svg
from judge.pictures.drawing import drawing_folder
from tests.variants.engineered.scenario import ENGINEERED


def symbols() -> dict[str, str]:
    with open(drawing_folder(ENGINEERED) / "drawing.toml", "rb") as f:
        return {code: u["symbol"] for code, u in tomllib.load(f)["units"].items()}


def test_each_kind_is_drawn_with_its_own_symbol() -> None:
    assert drawing_folder(ENGINEERED).parent.name == "engineered"
    drawn = symbols()
    assert set(drawn) == {"N", "F", "E", "P"}  # A is the standard army's
    assert len(set(drawn.values())) == 4
    board = Position(Phase.parse("F1901M"), (
        Unit("ITALY", "F", "nap"), Unit("ENGLAND", "N", "lon"),
        Unit("AUSTRIA", "A", "vie"), Unit("AUSTRIA", "E", "vie"),
        Unit("TURKEY", "A", "bul"), Unit("TURKEY", "P", "bul", (("owner", "AUSTRIA"),))),
        ENGINEERED.start.owners)
    svg = render_svg(ENGINEERED, board, (), "alpha: Fall 1901 Movement")
    for code, path in drawn.items():
        assert path in svg, code


def test_a_board_without_them_draws_none() -> None:
    board = Position(Phase.parse("F1901M"), (Unit("AUSTRIA", "A", "vie"),),
                     ENGINEERED.start.owners)
    svg = render_svg(ENGINEERED, board, (), "alpha: Fall 1901 Movement")
    assert not any(path in svg for path in symbols().values())
