"""What a player's start notice tells of rn45 C1 (issue #15 item 3): to place his engineer
with his Spring 1901 orders (1a, on any map), and Austria its choice in Trieste (1d, the
standard map's)."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import province_of
from judge.engine.visibility import Role, Viewer
from judge.variant import Variant

from .movement import CHOOSER, placing_words
from .orders import ENGINEER, PRISON


def start_words(variant: Variant, position: Position, viewer: Viewer) -> list[str]:
    if viewer.role != Role.PLAYER or viewer.power is None:
        return []
    mine = [u for u in position.units if u.power == viewer.power
            and u.kind not in (ENGINEER, PRISON)]
    if not mine:
        return []
    words = [f"With your orders for this first Spring, send {placing_words(mine[0].loc)}."]
    power, loc, kind = CHOOSER
    chooser = next((u for u in mine if u.loc == loc), None)
    if viewer.power == power and chooser is not None and variant.world is None:
        here = province_of(loc).title()
        words.append(f"Your {chooser.kind} {here} may be an army instead (rn45 C1 1d): order "
                     f"it as one ({kind} {here} - Ser, {kind} {here} H) and it is.")
    return words
