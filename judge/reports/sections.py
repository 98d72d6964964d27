"""The sections a variant adds to the common report frame (Variant.sections).

The frame (templates/reports/*.j2) has named places, SLOTS; each section's view is built
from what the reader may know and written by the variant's own template, found under
`variants/<variant>/` in the templates (judge/reports/render.py says where that looks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jinja2 import Environment

from judge.attachment import Attachment
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer
from judge.variant import Variant

# After the heading, before anything of the turn (who plays, who controls what); after
# the supply centre ownership, or where it would be (what is told of the centres instead).
SLOTS = ("after_heading", "after_centres")


@dataclass(frozen=True, slots=True)
class SectionView:
    slot: str
    template: str  # its name in the environment: variants/<variant>/<file>
    view: object
    files: tuple[Attachment, ...] = ()  # sent with the report, after its text


def section_views(variant: Variant, turn: TurnResult, viewer: Viewer,
                  seen: Sequence[Seen], board: Position) -> tuple[SectionView, ...]:
    """The variant's sections that have something to tell `viewer`, in declared order.
    `board`: the board the reader knows after the turn (ReportSection.on_known_board)."""
    out = []
    known = turn._replace(position=board)
    for section in variant.sections:
        if section.slot not in SLOTS:
            raise ValueError(f"variant {variant.name}: no report slot {section.slot!r} "
                             f"(the slots are {', '.join(SLOTS)})")
        view = section.build(variant, known if section.on_known_board else turn, viewer, seen)
        if view is not None:
            files = tuple(section.files(variant, view)) if section.files else ()
            out.append(SectionView(section.slot,
                                   f"{variant_folder(variant.name)}/{section.template}", view,
                                   files))
    return tuple(out)


VARIANTS = "variants"


def variant_folder(name: str) -> str:
    """Where a variant's templates are, in the environment's names."""
    return f"{VARIANTS}/{name}"


def render_sections(env: Environment, sections: Sequence[SectionView]) -> Mapping[str, str]:
    """Each slot's text: its sections' templates rendered one after the other ("" if none)."""
    return {slot: "".join(env.get_template(s.template).render(section=s.view)
                          for s in sections if s.slot == slot) for slot in SLOTS}
