"""What a refused fighter's order tells its writer to write instead (issue #15 item 3).

A newcomer writes `F Nap - Ion` for the fleet he expects in Naples (the standard game's
letter), or `N Nap - Ion` for the navy he believes is there; the unit is Italy's fighter
(rn45 C1 1c, at every level: C1 is a simple rule) and F is a fighter, N a navy (B7). The
reply says so, and gives the orders the fighter can be given at the game's level: at the
simple level it moves and supports as an army (A: "the simple game excludes the complex"
rules, C7 among them); at the complex it moves to land next to it or two areas to a centre
of its own country or the Neutral's (C7 7c).
"""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.types import Unit, province_of

# The module, not its names: fighters.py's checks give these replies (a circular import
# that needs its names only when a reply is written).
from . import fighters

ARMY = "A"
SHOWN = 3  # examples enough to show the form, not a list of the map


def not_a_navy(board: Board, unit: Unit, simple: bool) -> str:
    """Why the unit, a fighter, does not go to sea or convoy, and what it can do."""
    here = province_of(unit.loc)
    start = " (rn45 C1 1c: Italy starts with a fighter in Naples instead of the navy)" \
        if here == "nap" and unit.power == "ITALY" else ""
    return (f"the unit in {_name(board, here)} is a fighter, not a navy{start}; F is a "
            f"fighter and N a navy (B7); {instead(board, unit, simple)}")


def instead(board: Board, unit: Unit, simple: bool) -> str:
    """The orders the fighter can be given at this level, with examples of its own."""
    here = province_of(unit.loc)
    own = f"F {here.title()}"
    near = _adjacent(board, unit, simple)
    moves = ", ".join(f"{own} - {p.title()}" for p in near[:SHOWN])
    if simple:
        return (f"in the simple game a fighter moves and supports as an army (rn45 A): "
                f"{moves + ', or ' if moves else ''}{own} H")
    far = [f"{own} - {p.title()}" for p in _two_away(board, unit)[:1]]
    return (f"a fighter moves to land next to it ({moves}) or two areas to a centre of "
            f"its country or the Neutral's ({far[0] if far else 'none from here'}), and "
            f"supports or damages up to two areas away (rn45 C7)")


def _adjacent(board: Board, unit: Unit, simple: bool) -> list[str]:
    here, geo = province_of(unit.loc), board.geo
    near = fighters.area_distances(geo).get(here, {})
    land = sorted(p for p, d in near.items()
                  if d == 1 and geo.provinces[p].terrain in fighters.LAND)
    if simple:
        army = board.rules.kinds[ARMY]
        land = [p for p in land if geo.reachable(army, unit.loc, p)]
    return land


def _two_away(board: Board, unit: Unit) -> list[str]:
    geo, owners = board.geo, board.position.owners
    near = fighters.area_distances(geo).get(province_of(unit.loc), {})
    return sorted(p for p, d in near.items() if d == 2 and geo.provinces[p].supply
                  and geo.provinces[p].terrain in fighters.LAND
                  and (owners.get(p) == unit.power or fighters.neutral_owner(owners.get(p))))


def _name(board: Board, province: str) -> str:
    return board.geo.provinces[province].name
