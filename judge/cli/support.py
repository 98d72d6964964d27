"""What the operators' commands share: the --url/--config options and building the judge."""

from __future__ import annotations

import argparse
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from judge.app import Judge, build_judge
from judge.config import load_settings
from judge.game.clock import format_deadline


def judge_of(args: argparse.Namespace) -> Judge:
    """The judge the options describe, on the system clock."""
    config: Path | None = getattr(args, "config", None)
    settings = load_settings(config)
    url: str | None = getattr(args, "url", None)
    if url:
        settings = replace(settings, database_url=url)
    return build_judge(settings)


def moment(when: datetime | None) -> str:
    """A moment for an operator's terminal: UTC, or '-'."""
    return format_deadline(when, "UTC") if when is not None else "-"


def table(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows as left-aligned columns, the first row being the header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            .rstrip() for row in rows]
