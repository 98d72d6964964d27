"""The movement table of one 1885-III month: the board the standard resolver decides, with
a place of its own for every unit in the High Ocean Box and for every army landing from an
A/F, which the standard board cannot hold (one unit a province).

A unit of the table stands at a *key*: its province for an ordinary unit, `hob#2` for the
second unit in the Box, `eng@0` for the first army landing from the English Channel. No
order of another unit moves into a key, so a unit there is never attacked: the Box's units
are never dislodged (l.100-101), and a landing army is carried, not standing at sea.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.board import Board, Checked
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .orders import ARMY, Disembark


@dataclass(frozen=True)
class Landing:
    """An army landing from the A/F at `af`: from `sea` (the A/F's place, or the sea it
    moves to: `from_move`) into the location `dest`."""

    power: str
    af: Unit
    order: Disembark
    sea: str
    dest: str
    from_move: bool

    @property
    def army(self) -> Unit:
        return Unit(self.power, ARMY, self.sea)


@dataclass
class Table:
    """The extended board, the key of each of its units, and the orders bound to them."""

    board: Board
    keys: list[str]
    legal: list[Checked | None] = field(default_factory=list)

    def index(self, key: str) -> int:
        return self.board.index[key]


def box_places(rules: Rules) -> frozenset[str]:
    """The provinces that hold any number of units (provinces.csv `holds`): the Box."""
    return frozenset(p.id for p in rules.geo.provinces.values() if p.holds)


def build_table(rules: Rules, position: Position, landings: list[Landing]) -> Table:
    box = box_places(rules)
    ordinary = tuple(u for u in position.units if province_of(u.loc) not in box)
    board = Board(rules, position.with_board(ordinary))
    keys = list(board.index)
    seen: dict[str, int] = {}
    for unit in position.units:
        prov = province_of(unit.loc)
        if prov in box:
            seen[prov] = seen.get(prov, 0) + 1
            _add(board, keys, f"{prov}#{seen[prov]}", unit)
    for n, landing in enumerate(landings):
        _add(board, keys, f"{landing.sea}@{n}", landing.army)
    return Table(board, keys, [None] * len(board.units))


def _add(board: Board, keys: list[str], key: str, unit: Unit) -> None:
    board.units.append(unit)
    board.powers.append(unit.power)
    board.index[key] = len(board.units) - 1
    keys.append(key)
