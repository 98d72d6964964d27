"""The board facts legality needs for one phase, and the refusal it raises."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.convoys import can_convoy
from judge.engine.geo import MapError
from judge.engine.native import mypyc_attr
from judge.engine.orders import Order
from judge.engine.outcome import Reason
from judge.engine.position import Position
from judge.engine.rules import Rules, own_units_only
from judge.engine.types import Unit, UnitKind, province_of
from judge.engine.unseen import Unseen


@mypyc_attr(allow_interpreted_subclasses=True)
class Illegal(Exception):
    def __init__(self, message: str, reason: Reason = Reason.ILLEGAL) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


# A legal order bound to its unit: (power giving it, unit, order as given, order with the
# coasts settled). A plain tuple, read by unpacking: one is built per order per phase, and a
# NamedTuple costs several allocations more to build.
Checked = tuple[str, Unit, Order, Order]


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
        # The main layer's units in board order, and each one's index by province: the
        # resolver works on these indexes, so it reuses this map rather than build its own.
        self.units = units = rules.main_units(position)
        # One loop for both, once per phase, per unit: compiled (setup.py), a loop costs
        # less than map() and zip() calling back into the interpreter's own functions.
        index: dict[str, int] = {}
        powers: list[str] = []  # a list item costs less than u.power
        for i, unit in enumerate(units):
            index[prov[unit.loc]] = i
            powers.append(unit.power)
        if len(index) != len(units):
            raise MapError(_shared(units, prov))
        self.index, self.powers = index, powers
        self.position = position
        self.near = rules.geo.near
        self.reach = rules.geo.reach_provinces
        places, units, index = rules.geo.convoy_places, self.units, self.index
        # Only a unit where some kind convoys can convoy: the few found by a set
        # intersection in C are tested, not every unit.
        self.fleets = frozenset([p for p in rules.geo.convoy_anywhere.intersection(index)
                                 if p in places[units[index[p]].kind]])
        self.unseen = rules.unseen
        # Armies (by province) the 1971 rules send by land though a convoy was ordered for
        # them: its route was disrupted (DATC 4.A.3 a, 6.G.4; movement.resolve_movement).
        self.overland: frozenset[str] = frozenset()
        if self.unseen is not None:
            # A writer's own check: a convoy may need fleets he cannot see.
            self.fleets |= _unseen_convoyers(self.unseen, places, index)

    def unit_in(self, prov: str) -> Unit | None:
        i = self.index.get(prov)
        return None if i is None else self.units[i]

    def unseen_kinds(self, prov: str) -> list[str]:
        """The kinds of this board's layer that a unit its writer cannot see in `prov` may
        be (none when legality is asked at adjudication, on the real board)."""
        if self.unseen is None or prov in self.index:
            return []
        kinds = self.kinds
        return [k for k in self.unseen.kinds_at(prov) if k in kinds and kinds[k].layer == "main"]

    def where(self, loc: str) -> str:
        """The province of a location as written (it may name an unknown coast)."""
        return self.prov.get(loc) or province_of(loc)

    def kind(self, unit: Unit) -> UnitKind:
        return self.kinds[unit.kind]

    def convoy_route(self, origin: str, dest: str, without: str | None = None) -> bool:
        """Whether fleets on this board could carry an army from origin to dest."""
        fleets = self.fleets - {without} if without else self.fleets
        return can_convoy(self.rules.convoy_adjacency, fleets, origin, dest)


def _unseen_convoyers(unseen: Unseen, places: Mapping[str, frozenset[str]],
                      index: Mapping[str, int]) -> frozenset[str]:
    """The provinces where a unit the writer cannot see might stand and convoy."""
    return frozenset(p for kind, provs in unseen.places.items()
                     for p in provs & places.get(kind, frozenset()) if p not in index)


def _shared(units: Sequence[Unit], prov: Mapping[str, str]) -> str:
    """Why the standard phases refuse a board with several main units in one province."""
    seen: dict[str, Unit] = {}
    for unit in units:
        if prov[unit.loc] in seen:
            return (f"{seen[prov[unit.loc]]} and {unit} share {prov[unit.loc]}: a place that "
                    "holds several units needs the variant's own handler")
        seen[prov[unit.loc]] = unit
    return "several units share a province"
