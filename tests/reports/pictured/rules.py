"""A variant that lives only in tests/ (standard Diplomacy plus one report section): the
section tells each reader how many units they see and attaches that reader's own "picture"
of the board, a small text file, to prove that a variant's section and its files reach the
reader by mail without anything under judge/ naming it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from judge.attachment import Attachment
from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.variant import ReportSection, Variant


@dataclass(frozen=True)
class Picture:
    filename: str
    reader: str
    units: tuple[str, ...]


def picture(variant: Variant, turn: TurnResult, viewer: Viewer,
            seen: Sequence[Seen]) -> Picture:
    board = variant.rules.visibility.board(turn.position, viewer)
    reader = viewer.power or viewer.role.value
    return Picture(f"board-{turn.phase}-{reader.lower()}.txt", reader,
                   tuple(sorted(f"{u.power} {u.kind} {u.loc}" for u in board.units)))


def picture_file(variant: Variant, view: Any) -> Sequence[Attachment]:
    assert isinstance(view, Picture)
    text = f"The board as {view.reader} sees it\n" + "".join(f"{u}\n" for u in view.units)
    return [Attachment(view.filename, "text/plain", text.encode())]


def customise(variant: Variant) -> Variant:
    return replace(variant, sections=(
        ReportSection("after_centres", "picture.j2", picture, files=picture_file),))
