"""Algernon's orders, written by portal (I.A-C): they name the ordering unit's space and
its portals, never the space a portal leads to, which the writer may not know.

- `VT to 3`: `PortalMove("vt", 3)` (I.A.1); `VT h` is the standard `Hold` (I.A.2).
- `VT s 2`: `PortalSupport("vt", 2)`, support of the other end of VT2 (I.A.3).
- `VT s 4 (SQ to 6)`: `PortalSupport("vt", 4, "sq", 6)`, support of SQ's attack out of
  its portal 6 into the other end of VT4 (I.A.4).
- `MK s 1 (1)`: `PortalSupport("mk", 1, number=1)`, support out of MK1 of an attack into
  its other end (I.A.5): by the game's `numbered_support`, the writer's own order 1
  (`order`, the default) or the attack, whoever makes it, that comes in through that
  space's portal 1 (`portal`); movement.py.
- `VT(3,2,5,1,6,4)`: `RetreatList("vt", (3, 2, 5, 1, 6, 4))`, written with the moves
  (I.B.2).
- `Build MK, VT, CJ`: `BuildList(("mk", "vt", "cj"))`, with the Fall moves (9, I.C.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judge.engine.order_types import OrderType, Registry, SetKey, Writing
from judge.engine.orders import Build, Disband, Hold, Order, VariantOrder, describe
from judge.engine.standard_types import unit_slot
from judge.engine.types import MOVEMENT, UnitKind

RAT = "R"


@dataclass(frozen=True, slots=True)
class PortalMove(VariantOrder):
    loc: str
    portal: int
    kind: str | None = RAT


@dataclass(frozen=True, slots=True)
class PortalSupport(VariantOrder):
    loc: str
    portal: int
    target: str | None = None       # the supported attacker's space (I.A.4)
    target_portal: int | None = None
    number: int | None = None       # I.A.5's bracketed number (movement.py: numbered_support)
    kind: str | None = RAT


@dataclass(frozen=True, slots=True)
class RetreatList(VariantOrder):
    loc: str
    portals: tuple[int, ...]
    kind: str | None = RAT


@dataclass(frozen=True, slots=True)
class BuildList(VariantOrder):
    spaces: tuple[str, ...]
    loc: str = ""
    kind: str | None = None


def notation(order: Order) -> str:
    """The order as the rules write it (I.A-C)."""
    match order:
        case Hold(loc=loc):
            return f"{loc.upper()} h"
        case PortalMove(loc=loc, portal=p):
            return f"{loc.upper()} to {p}"
        case PortalSupport(loc=loc, portal=p, target=None, number=None):
            return f"{loc.upper()} s {p}"
        case PortalSupport(loc=loc, portal=p, target=None, number=n):
            return f"{loc.upper()} s {p} ({n})"
        case PortalSupport(loc=loc, portal=p, target=t, target_portal=tp):
            return f"{loc.upper()} s {p} ({str(t).upper()} to {tp})"
        case RetreatList(loc=loc, portals=ps):
            return f"{loc.upper()}({','.join(str(p) for p in ps)})"
        case BuildList(spaces=spaces):
            return "Build " + ", ".join(s.upper() for s in spaces)
        case Build(loc=loc):
            return f"Build {loc.upper()}"
        case Disband(loc=loc):
            return f"Remove {loc.upper()}"
    return describe(order)


def _write(w: Writing, own: str, order: Order) -> str:
    return notation(order) + "."


def _list_slot(order: RetreatList, kind: UnitKind | None) -> SetKey:
    return SetKey(f"{order.loc}/retreat")  # beside the unit's move, not in its place


def _builds_slot(order: BuildList, kind: UnitKind | None) -> SetKey:
    return SetKey("builds")


def build_lists(state: Mapping[str, object]) -> dict[str, list[str]]:
    """The build lists waiting in a position's state, by power (9, I.C)."""
    kept = state.get("build_lists")
    if not isinstance(kept, Mapping):
        return {}
    return {str(p): [str(s) for s in spaces] for p, spaces in kept.items()}


def as_written(registry: Registry) -> tuple[OrderType, ...]:
    """The standard orders the game still uses (a hold, a build, a removal), written in the
    rules' notation in the reports' order lists too (I.A.2: `VT h`), not `R VT HOLD`."""
    return tuple(replace(registry.orders[cls], write=_write) for cls in (Hold, Build, Disband)
                 if cls in registry.orders)


MOVES = frozenset(MOVEMENT)
ORDER_TYPES = (
    OrderType(PortalMove, "PortalMove", MOVES, notation, _write, unit_slot),
    OrderType(PortalSupport, "PortalSupport", MOVES, notation, _write, unit_slot),
    OrderType(RetreatList, "RetreatList", MOVES, notation, _write, _list_slot),
    OrderType(BuildList, "BuildList", MOVES, notation, _write, _builds_slot),
)
