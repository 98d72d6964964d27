"""Movement-phase legality: which orders could ever be valid, and why not.

DATC 4.E.1: an illegal order is ignored (the unit holds); a legal order that does not
match another (a support of a move not made) is *void*, which the resolver decides.
Legality looks at the board, never at other orders (DATC 6.D.32).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from judge.engine.convoys import can_convoy, on_minimal_route
from judge.engine.orders import Convoy, Hold, Move, Order, Support
from judge.engine.outcome import OrderResult, Outcome, Reason
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
        self.memo = rules.geo.memo
        self.support_memo = rules.geo.support_memo
        self.moves = rules.geo.move_memo
        prov = self.prov
        self.units = {prov[u.loc]: u for u in rules.main_units(position)}
        self.position = position
        self.near = rules.geo.near
        places = rules.geo.convoy_places
        self.fleets = frozenset([p for p, u in self.units.items() if p in places[u.kind]])
        self.routes: dict[tuple[str, str, str | None], bool] = {}

    def where(self, loc: str) -> str:
        """The province of a location as written (it may name an unknown coast)."""
        return self.prov.get(loc) or province_of(loc)

    def kind(self, unit: Unit) -> UnitKind:
        return self.kinds[unit.kind]

    def convoy_route(self, origin: str, dest: str, without: str | None = None) -> bool:
        """Whether fleets on this board could carry an army from origin to dest; asked by
        the army's move and again by each fleet's convoy order, so answered once."""
        key = (origin, dest, without)
        known = self.routes.get(key)
        if known is None:
            fleets = self.fleets - {without} if without else self.fleets
            known = self.routes[key] = can_convoy(self.rules.convoy_adjacency, fleets,
                                                  origin, dest)
        return known


def check_movement(
    rules: Rules, position: Position, orders: Mapping[str, Sequence[Order]]
) -> tuple[dict[str, Checked], list[OrderResult]]:
    """Legal orders by province of the ordered unit, and results for the illegal ones."""
    board = Board(rules, position)
    legal: dict[str, Checked] = {}
    again: dict[str, list[Checked]] = {}  # units given more than one legal order (rare)
    illegal: list[OrderResult] = []
    where, units, other, own_only = board.prov.get, board.units, board.other_layers, board.own_only
    for power, given in orders.items():
        for order in given:
            prov = where(order.loc) or province_of(order.loc)
            unit = units.get(prov)
            if unit is None:
                illegal.append(OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.NO_UNIT,
                                           f"there is no unit in {prov}"))
                continue
            check = _CHECKS.get(type(order))
            mine = own_only and unit.power == power and order.kind not in other
            try:
                if not (mine and check):
                    norm = _check(board, power, unit, order)
                elif check is _hold:
                    norm = order  # nothing to check
                else:
                    norm = check(board, unit, order)  # the common case, one call less
            except Illegal as exc:
                illegal.append(_illegal(power, unit, order, exc))
                continue
            # tuple.__new__ is NamedTuple._make without its Python-level __new__.
            checked = _new(Checked, (power, unit, order, norm))
            if prov in legal:
                again.setdefault(prov, [legal[prov]]).append(checked)
            legal[prov] = checked
    for prov, checked_orders in again.items():
        chosen = _one_order(rules, checked_orders, illegal)
        if chosen is None:
            del legal[prov]
        else:
            legal[prov] = chosen
    return legal, illegal


def _illegal(power: str, unit: Unit | None, order: Order, exc: Illegal) -> OrderResult:
    return OrderResult(power, unit, order, "", Outcome.ILLEGAL, exc.reason, exc.message)


def _one_order(rules: Rules, checked: list[Checked], illegal: list[OrderResult]) -> Checked | None:
    distinct = list(dict.fromkeys(c.norm for c in checked))
    if len(distinct) == 1 or rules.rulebook.duplicate_orders == "last":
        for c in checked[:-1]:
            if c.norm != checked[-1].norm:
                illegal.append(_superseded(c))
        return checked[-1]
    # DATC 4.D.3 c: two different orders for one unit cancel out; the unit holds.
    for c in checked:
        msg = f"{c.unit} was given {len(distinct)} different orders, so it holds"
        illegal.append(OrderResult(c.power, c.unit, c.order, "", Outcome.ILLEGAL,
                                   Reason.DUPLICATE, msg))
    return None


def _superseded(c: Checked) -> OrderResult:
    msg = f"a later order for {c.unit} replaces this one"
    return OrderResult(c.power, c.unit, c.order, "", Outcome.ILLEGAL, Reason.DUPLICATE, msg)


def _check(board: Board, power: str, unit: Unit, order: Order) -> Order:
    """The order with its coasts settled, or Illegal saying why."""
    if order.kind in board.other_layers:
        # A diplomat's order never moves the army beside it (units of other layers are the
        # variant's to order).
        raise Illegal(f"there is no {board.kinds[order.kind].name} in {unit.loc}")
    allowed = unit.power == power if board.own_only else \
        board.may_order(board.position, power, unit)
    if not allowed:
        raise Illegal(f"{unit} belongs to {unit.power}, not {power}", Reason.NOT_YOURS)
    check = _CHECKS.get(type(order))
    if check is None:
        raise Illegal(f"{type(order).__name__.lower()} orders are not allowed in movement")
    norm: Order = check(board, unit, order)
    return norm


def settle_coast(board: Board, unit: Unit, kind: UnitKind, dest: str) -> str:
    """The location a unit of `kind` on `unit.loc` would enter for a `dest` as written.

    DATC 4.B.1-4.B.3, 4.B.6: the only reachable coast is taken, two reachable coasts
    without a choice is an error naming them, a named unreachable coast is illegal, and a
    coast that means nothing (an army's, or an unknown one) is ignored. Pure map facts, so
    the answer is remembered per variant.
    """
    key = (kind.code, unit.loc, dest)
    hit = board.memo.get(key)
    if hit is None:
        try:
            hit = _settle_coast(board, unit, kind, dest)
        except Illegal as exc:
            hit = (exc.message,)
        if dest in board.prov:
            board.memo[key] = hit
    if isinstance(hit, tuple):
        raise Illegal(hit[0])
    return hit


def _settle_coast(board: Board, unit: Unit, kind: UnitKind, dest: str) -> str:
    geo = board.geo
    prov = board.where(dest)
    if not geo.is_province(prov):
        raise Illegal(f"there is no province {prov!r}")
    places = geo.stand_locations(kind, prov)
    if not places:
        raise Illegal(f"{kind.name}s cannot go to {prov} ({geo.provinces[prov].terrain})")
    if len(places) == 1:
        return places[0]
    reach = geo.reachable(kind, unit.loc, prov)
    if dest in places:
        if dest not in reach and reach:
            raise Illegal(f"{unit.loc} is not adjacent to {dest}")
        return dest
    if len(reach) > 1:
        raise Illegal(f"say which coast of {prov}: {' or '.join(reach)}")
    return reach[0] if reach else places[0]


def check_move(board: Board, unit: Unit, order: Move) -> Move:
    facts = board.moves.get((unit.kind, unit.loc, order.dest))
    if facts is None:
        facts = _move_facts(board, unit, order.dest)
    if len(facts) == 1:
        raise Illegal(facts[0])
    dest: str
    dest, here, there, adjacent = facts
    via = order.via_convoy or bool(order.route)
    if adjacent and not via:  # the common case: a move along a border, nothing to settle
        return order if dest == order.dest else Move(unit.loc, dest, unit.kind)
    kind = board.kinds[unit.kind]
    if kind.convoyable and (via or not adjacent):
        if not board.convoy_route(here, there):
            raise Illegal(f"{unit} cannot go to {there} by convoy: no fleets stand where "
                          "they could convoy it" if via else f"{unit.loc} is not adjacent "
                          f"to {there}, and no fleets stand where they could convoy it")
        via = via or not adjacent
    elif not adjacent:
        raise Illegal(f"{unit.loc} is not adjacent to {dest}")
    if dest == order.dest and via == order.via_convoy and not order.route:
        return order
    return Move(unit.loc, dest, unit.kind, via_convoy=via)


def _move_facts(board: Board, unit: Unit, written: str) -> tuple[Any, ...]:
    """What the map alone says of this unit moving to `written`: (location entered, here,
    there, adjacent), or (why not,); remembered per map."""
    kind = board.kinds[unit.kind]
    try:
        dest = settle_coast(board, unit, kind, written)
        here, there = board.prov[unit.loc], board.prov[dest]
        if there == here:
            raise Illegal(f"{unit} cannot move to the province it is in")
        adjacent = dest in board.near[unit.kind].get(unit.loc, ())
        facts: tuple[Any, ...] = (dest, here, there, adjacent)
    except Illegal as exc:
        facts = (exc.message,)
    if written in board.prov:
        board.moves[(unit.kind, unit.loc, written)] = facts
    return facts


def check_support(board: Board, unit: Unit, order: Support) -> Support:
    kind = board.kind(unit)
    here = board.prov[unit.loc]
    target = board.where(order.target)
    if target == here:
        raise Illegal(f"{unit} cannot support itself")
    other = board.units.get(target)
    if other is None:
        raise Illegal(f"there is no unit in {target} to support")
    if order.dest is None:
        if not board.geo.reachable(kind, unit.loc, target):
            raise Illegal(f"{unit} cannot reach {target}, so it cannot support a unit there")
        return order
    dest = _supported_dest(board, unit, other, order.dest)
    return order if dest == order.dest else Support(unit.loc, other.loc, dest, unit.kind)


def _supported_dest(board: Board, unit: Unit, other: Unit, written: str) -> str:
    """The supported move's destination: a province, or a coast when one was named.

    What the map alone decides is remembered per map; only a move that needs a convoy
    depends on where the fleets are this phase."""
    key = (unit.kind, unit.loc, other.kind, other.loc, written)
    hit = board.support_memo.get(key, _UNKNOWN)
    if hit is _UNKNOWN:
        try:
            hit = _support_by_land(board, unit, other, written)
        except Illegal as exc:
            hit = (exc.message,)
        if written in board.prov:
            board.support_memo[key] = hit
    if isinstance(hit, tuple):
        raise Illegal(hit[0])
    if isinstance(hit, str):
        return hit
    here, there = board.prov[unit.loc], board.where(written)
    # DATC 6.D.31: the supporter cannot be part of the convoy it supports.
    if board.kind(other).convoyable and board.convoy_route(board.prov[other.loc], there,
                                                         without=here):
        return there
    raise Illegal(f"{other} cannot reach {there}")


_UNKNOWN = object()


def _support_by_land(board: Board, unit: Unit, other: Unit, written: str) -> str | None:
    """The supported destination if the supported unit could move there without a
    convoy; None if only a convoy could take it there."""
    here, there = board.prov[unit.loc], board.where(written)
    if not board.geo.is_province(there):
        raise Illegal(f"there is no province {there!r}")
    if there == here:
        raise Illegal(f"{unit} cannot support a move into its own province")
    if there == board.prov[other.loc]:
        raise Illegal(f"{other} cannot move to the province it is in")
    if not board.geo.touches(board.kind(unit), unit.loc, there):
        raise Illegal(f"{unit} cannot reach {there}, so it cannot support a move there")
    okind = board.kind(other)
    places = board.geo.stand_locations(okind, there)
    # DATC 4.B.4: a coast named in a support counts (and must match); a meaningless one
    # (an army's, an unknown one) is ignored as in 4.B.6.
    coasted = written if written != there and written in places else there
    if board.geo.touches(okind, other.loc, there):
        if coasted != there and coasted not in board.geo.neighbours(okind, other.loc):
            raise Illegal(f"{other} cannot reach {coasted}")  # DATC 6.D.23
        return coasted
    return None


def check_convoy(board: Board, unit: Unit, order: Convoy) -> Convoy:
    kind = board.kind(unit)
    here = board.prov[unit.loc]
    terrain = board.geo.provinces[here].terrain
    if terrain not in kind.convoys_in:
        raise Illegal(f"{unit} cannot convoy from {here} ({terrain})")  # DATC 6.F.1
    target = board.where(order.target)
    other = board.units.get(target)
    if other is None:
        raise Illegal(f"there is no unit in {target} to convoy")
    if not board.kind(other).convoyable:
        raise Illegal(f"{other} cannot be convoyed")  # DATC 6.A.7
    there = board.where(order.dest)
    if not board.geo.stand_locations(board.kind(other), there) or there == target:
        raise Illegal(f"{other} cannot be convoyed to {there}")
    if not on_minimal_route(board.rules.convoy_adjacency, board.fleets, target, there, here):
        raise Illegal(f"{unit} is not needed for any convoy from {target} to {there}")  # 6.G.19
    return order if there == order.dest else Convoy(unit.loc, other.loc, there, unit.kind)


_new = tuple.__new__


def _hold(board: Board, unit: Unit, order: Hold) -> Hold:
    return order


_CHECKS: dict[type, Callable[[Board, Unit, Any], Order]] = {
    Hold: _hold, Move: check_move, Support: check_support, Convoy: check_convoy,
}
