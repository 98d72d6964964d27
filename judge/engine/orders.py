"""Canonical orders: what a player meant, independent of how it was written.

Locations are as written (a coast may be missing or wrong); legality binds each order to
the board. `kind` is the unit kind the player named, if any: DATC 4.C.1/4.C.2 make it a
hint, never a reason to fail.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.native import copied_by_fields
from judge.engine.variant_bases import VariantOrder as VariantOrder


@dataclass(frozen=True, slots=True)
class Hold:
    loc: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Move:
    loc: str
    dest: str
    kind: str | None = None
    via_convoy: bool = False
    route: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Support:
    """Support to hold (dest None) or to move from `target` to `dest`."""

    loc: str
    target: str
    dest: str | None = None
    kind: str | None = None
    target_kind: str | None = None
    target_power: str | None = None


@dataclass(frozen=True, slots=True)
class Convoy:
    loc: str
    target: str
    dest: str
    kind: str | None = None
    target_kind: str | None = None
    target_power: str | None = None


@dataclass(frozen=True, slots=True)
class Retreat:
    loc: str
    dest: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Disband:
    """Disband in a retreat phase, or remove in an adjustment phase."""

    loc: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Build:
    loc: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Waive:
    loc: str = ""
    kind: str | None = None


Order = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive | VariantOrder


def describe(order: Order) -> str:
    """The order in the short notation the reports use: 'A par - bur', 'F nth C A lon - nwy'."""
    unit = f"{order.kind} {order.loc}" if order.kind else order.loc
    match order:
        case Hold():
            return f"{unit} H"
        case Move(dest=dest, via_convoy=via):
            return f"{unit} - {dest}" + (" VIA" if via else "")
        case Support(target=t, dest=None, target_kind=tk):
            return f"{unit} S {_unit(tk, t)}"
        case Support(target=t, dest=d, target_kind=tk):
            return f"{unit} S {_unit(tk, t)} - {d}"
        case Convoy(target=t, dest=d, target_kind=tk):
            return f"{unit} C {_unit(tk, t)} - {d}"
        case Retreat(dest=dest):
            return f"{unit} R {dest}"
        case Disband():
            return f"{unit} D"
        case Build():
            return f"{unit} B"
        case Waive():
            return "WAIVE"
    raise TypeError(order)


def _unit(kind: str | None, loc: str) -> str:
    return f"{kind} {loc}" if kind else loc


copied_by_fields(Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive)
