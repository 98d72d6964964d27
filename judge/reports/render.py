"""Rendering report views with the Jinja templates: the variant's own first.

A report's frame is `reports/<kind>.j2`, unless the variant has its own under
`variants/<variant>/` (templates/variants/<variant>/, or the variant folder's templates/);
its sections' templates are found there too (judge/reports/sections.py)."""

from __future__ import annotations

import os
from collections.abc import Collection
from datetime import datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    Template,
)

from judge.attachment import Attachment
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.engine.visibility import Viewer
from judge.reports.board import build_board
from judge.reports.sections import VARIANTS, render_sections, variant_folder
from judge.reports.views import build_view
from judge.variant import Variant

TEMPLATES = {MOVEMENT: "movement.j2", RETREAT: "retreat.j2", ADJUSTMENT: "adjustment.j2"}


def templates_root() -> Path:
    env = os.environ.get("JUDGE_TEMPLATES")
    return Path(env) if env else _own_templates()


@cache
def _own_templates() -> Path:
    return Path(__file__).resolve().parent.parent.parent / "templates"


def make_environment(root: Path | None = None, variant: Variant | None = None) -> Environment:
    """Plain-text mail: no autoescaping; a missing variable is an error, not a blank.

    With `variant`, `variants/<its name>/` is also looked for in its folder's templates/,
    after `root`'s: a variant defined outside the judge brings its templates along."""
    own = (variant.name, variant.folder) if variant is not None else None
    return _environment(root or templates_root(), own)


def _environment(root: Path, variant: tuple[str, Path] | None) -> Environment:
    loader: BaseLoader = FileSystemLoader(root)
    if variant is not None:
        name, folder = variant
        # variants/<name>/x.j2: a PrefixLoader takes one path segment at a time.
        own = PrefixLoader({VARIANTS: PrefixLoader({name: FileSystemLoader(folder / "templates")})})
        loader = ChoiceLoader([loader, own])
    return Environment(
        loader=loader,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


@cache
def _cached_environment(root: Path, variant: tuple[str, Path]) -> Environment:
    # Building an environment compiles the templates again: ~70 ms, paid once per root
    # and variant (a variant's games share it: their templates are the same files).
    return _environment(root, variant)


def _default_environment(variant: Variant) -> Environment:
    return _cached_environment(templates_root(), (variant.name, variant.folder))


def _frame(env: Environment, variant: Variant, name: str) -> Template:
    """The variant's own `name` if it has one, else the default in reports/."""
    return _selected(env, variant.name, name)


@lru_cache(maxsize=256)
def _selected(env: Environment, variant_name: str, name: str) -> Template:
    # Chosen once per environment (which is built once per templates folder and variant):
    # select_template looks for a variant's missing template on disk at every call, eight
    # times a turn (issue #18).
    return env.select_template([f"{variant_folder(variant_name)}/{name}", f"reports/{name}"])


def render_board(variant: Variant, position: Position, viewer: Viewer, title: str,
                 deadline: datetime | None = None, zone: str = "UTC",
                 board: Position | None = None) -> str:
    """BOARD's text: the board of `position` as `viewer` knows it (`board`, build_board)."""
    view = build_board(variant, position, viewer, title, deadline, zone, board)
    template = _frame(_default_environment(variant), variant, "board.j2")
    return template.render(view=view).rstrip("\n") + "\n"


class Report(NamedTuple):
    """A turn report for one reader: its text, and the files its sections attach."""

    text: str
    files: tuple[Attachment, ...] = ()


def render_report(variant: Variant, turn: TurnResult, viewer: Viewer,
                  deadline: datetime | None = None, zone: str = "UTC",
                  env: Environment | None = None, *, late: Collection[str] = (),
                  players: Collection[str] | None = None,
                  board: Position | None = None) -> str:
    """The report's text; `late`, `players` and `board`: as build_view takes them."""
    return render_turn(variant, turn, viewer, deadline, zone, env, late=late,
                       players=players, board=board).text


def render_turn(variant: Variant, turn: TurnResult, viewer: Viewer,
                deadline: datetime | None = None, zone: str = "UTC",
                env: Environment | None = None, *, late: Collection[str] = (),
                players: Collection[str] | None = None,
                board: Position | None = None) -> Report:
    """The report of `turn` for `viewer`, with the files the variant's sections attach."""
    view = build_view(variant, turn, viewer, deadline, zone, late=late, players=players,
                      board=board)
    # A variant's own phase kind without a template of its own reads like a movement.
    name = TEMPLATES.get(turn.phase.kind, TEMPLATES[MOVEMENT])
    env = env or _default_environment(variant)
    sections = render_sections(env, view.sections)
    text = _frame(env, variant, name).render(view=view, sections=sections)
    return Report(text.rstrip("\n") + "\n", tuple(f for s in view.sections for f in s.files))
