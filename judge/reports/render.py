"""Rendering report views with the Jinja templates under templates/reports/."""

from __future__ import annotations

import os
from collections.abc import Collection
from datetime import datetime
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.engine.visibility import Viewer
from judge.reports.board import build_board
from judge.reports.views import build_view
from judge.variant import Variant

TEMPLATES = {MOVEMENT: "movement.j2", RETREAT: "retreat.j2", ADJUSTMENT: "adjustment.j2"}


def templates_root() -> Path:
    env = os.environ.get("JUDGE_TEMPLATES")
    return Path(env) if env else Path(__file__).resolve().parent.parent.parent / "templates"


def make_environment(root: Path | None = None) -> Environment:
    """Plain-text mail: no autoescaping; a missing variable is an error, not a blank."""
    return Environment(
        loader=FileSystemLoader(root or templates_root()),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


@cache
def _default_environment(root: Path) -> Environment:
    # Building an environment compiles the templates again: ~70 ms, paid once per root.
    return make_environment(root)


def render_board(variant: Variant, position: Position, viewer: Viewer, title: str,
                 deadline: datetime | None = None, zone: str = "UTC") -> str:
    """BOARD's text: the board of `position` as `viewer` may see it."""
    view = build_board(variant, position, viewer, title, deadline, zone)
    template = _default_environment(templates_root()).get_template("reports/board.j2")
    return template.render(view=view).rstrip("\n") + "\n"


def render_report(variant: Variant, turn: TurnResult, viewer: Viewer,
                  deadline: datetime | None = None, zone: str = "UTC",
                  env: Environment | None = None, *, late: Collection[str] = (),
                  players: Collection[str] | None = None) -> str:
    """`late` and `players`: as build_view takes them."""
    view = build_view(variant, turn, viewer, deadline, zone, late=late, players=players)
    # A variant's own phase kind without a template of its own reads like a movement.
    name = TEMPLATES.get(turn.phase.kind, TEMPLATES[MOVEMENT])
    template = (env or _default_environment(templates_root())).get_template(f"reports/{name}")
    return template.render(view=view).rstrip("\n") + "\n"
