"""The board facts legality needs for one phase, and the refusal it raises."""

from __future__ import annotations

from typing import NamedTuple

from judge.engine.convoys import can_convoy
from judge.engine.orders import Order
from judge.engine.outcome import Reason
from judge.engine.position import Position
from judge.engine.rules import Rules, own_units_only
from judge.engine.types import Unit, UnitKind, province_of


class Illegal(Exception):
    def __init__(self, message: str, reason: Reason = Reason.ILLEGAL) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


class Checked(NamedTuple):
    """A legal order bound to its unit; `norm` has the coasts settled."""

    power: str
    unit: Unit
    order: Order
    norm: Order


class Board:
    """The board facts legality needs, computed once per phase."""

    def __init__(self, rules: Rules, position: Position) -> None:
        self.rules = rules
        self.geo = rules.geo
        self.prov = rules.geo.province
        self.kinds = rules.kinds
        self.other_layers = rules.geo.other_layers
        self.may_order = rules.may_order
        self.own_only = rules.may_order is own_units_only
        self.support_memo = rules.geo.support_memo
        self.moves = rules.geo.move_memo
        prov = self.prov
        self.units = {prov[u.loc]: u for u in rules.main_units(position)}
        self.position = position
        self.near = rules.geo.near
        places = rules.geo.convoy_places
        self.fleets = frozenset([p for p, u in self.units.items() if p in places[u.kind]])

    def where(self, loc: str) -> str:
        """The province of a location as written (it may name an unknown coast)."""
        return self.prov.get(loc) or province_of(loc)

    def kind(self, unit: Unit) -> UnitKind:
        return self.kinds[unit.kind]

    def convoy_route(self, origin: str, dest: str, without: str | None = None) -> bool:
        """Whether fleets on this board could carry an army from origin to dest."""
        fleets = self.fleets - {without} if without else self.fleets
        return can_convoy(self.rules.convoy_adjacency, fleets, origin, dest)
