"""Binding a month's orders to the table (table.py): the standard legality for ordinary
orders, and 1885-III's own for what the standard board cannot name: orders of units in the
Box, supports of their moves, supports of a landing, the landing armies' moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, Illegal
from judge.engine.legality import check_movement
from judge.engine.orders import Convoy, Hold, Move, Order, Support
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.types import Unit, province_of

from .orders import ARMY, ARMY_FLEET, FLEET
from .table import Landing, Table, box_places

Orders = Mapping[str, Sequence[Order]]


class Voided(Illegal):
    """A support of a landing that the Exception cancelled: void, as a support of a move
    not made (DATC 4.E.1)."""


def bind(table: Table, orders: Orders, landings: list[Landing],
         cancelled: Sequence[Landing] = (), box_supports_any: bool = False,
         box_side: bool = False) -> list[OrderResult]:
    """Fills `table.legal`; returns the results of the illegal orders (and of supports of
    `cancelled` landings, void)."""
    board = table.board
    box = box_places(board.rules)
    plain, special = _split(board, box, orders, [*landings, *cancelled])
    legal, illegal = check_movement(board, plain)
    table.legal[:] = legal
    for n, landing in enumerate(landings):
        k = table.index(f"{landing.sea}@{n}")
        table.legal[k] = (landing.power, landing.army, landing.order,
                          Move(f"{landing.sea}@{n}", landing.dest, ARMY))
    for power, order in special:
        try:
            if isinstance(order, Support) and _landing_supported(board, order, cancelled) \
                    is not None and _landing_supported(board, order, landings) is None:
                raise Voided("the landing it supports failed (l.60-71)", Reason.NO_MATCH)
            i, norm = _bind_special(table, box, power, order, landings,
                                    (box_supports_any, box_side))
        except Illegal as exc:
            unit = _unit_at(table, province_of(order.loc))
            outcome = Outcome.VOID if isinstance(exc, Voided) else Outcome.ILLEGAL
            illegal.append(OrderResult(power, unit, order, "", outcome, exc.reason,
                                       exc.message))
            continue
        table.legal[i] = (power, table.board.units[i], order, norm)
    _fast_ferries_only(table, illegal)
    return illegal


def _split(board: Board, box: frozenset[str], orders: Orders, landings: list[Landing]
           ) -> tuple[dict[str, list[Order]], list[tuple[str, Order]]]:
    """The orders the standard legality binds, and those 1885-III binds itself: moves and
    holds first, then supports (a support in the Box names a move bound before it)."""
    plain: dict[str, list[Order]] = {}
    special: list[tuple[str, Order]] = []
    for power, given in orders.items():
        for order in given:
            if _is_special(board, box, order, landings):
                special.append((power, order))
            else:
                plain.setdefault(power, []).append(order)
    special.sort(key=lambda po: isinstance(po[1], Support))
    return plain, special


def _is_special(board: Board, box: frozenset[str], order: Order,
                landings: list[Landing]) -> bool:
    if province_of(order.loc) in box:
        return True
    if isinstance(order, Support):
        target = board.where(order.target)
        return target in box or _landing_supported(board, order, landings) is not None
    if isinstance(order, Move):
        unit = board.unit_in(board.where(order.loc))
        return unit is not None and unit.kind == ARMY_FLEET and not _is_sea(board, order.dest)
    return False


def _is_sea(board: Board, loc: str) -> bool:
    return board.geo.provinces[board.where(loc)].terrain == "sea"


def _landing_supported(board: Board, order: Support,
                       landings: Sequence[Landing]) -> int | None:
    """The landing a support names (`S A Eng - Bre`: the army landing in Brest from the
    Channel, or from the A/F that stands there), if any."""
    if order.dest is None or order.target_kind == FLEET:
        return None
    target, dest = board.where(order.target), board.where(order.dest)
    for n, landing in enumerate(landings):
        if dest == province_of(landing.dest) and target in (
                landing.sea, province_of(landing.af.loc)):
            other = board.unit_in(target)
            if order.target_kind in (ARMY, ARMY_FLEET) or other is None \
                    or other.loc == landing.af.loc:
                return n
    return None


def _unit_at(table: Table, prov: str) -> Unit | None:
    for key, unit in zip(table.keys, table.board.units, strict=True):
        if key.split("#")[0] == prov:
            return unit
    return None


def _bind_special(table: Table, box: frozenset[str], power: str, order: Order,
                  landings: list[Landing], readings: tuple[bool, bool]
                  ) -> tuple[int, Order]:
    """`readings`: the options box_supports=any and box_support_from=box_side."""
    board = table.board
    here = province_of(order.loc)
    if here in box:
        i = _box_unit(table, power, here, order)
    else:
        i = board.index.get(here, -1)
        if i < 0:
            raise Illegal(f"there is no unit in {here}", Reason.NO_UNIT)
    unit = board.units[i]
    if unit.power != power:
        raise Illegal(f"{unit} belongs to {unit.power}, not {power}", Reason.NOT_YOURS)
    key = table.keys[i]
    if isinstance(order, Move):
        return i, _box_or_fleet_move(board, unit, key, order)
    if isinstance(order, Hold):
        return i, Hold(key, unit.kind)
    if isinstance(order, Support):
        if readings[0] and here in box and board.where(order.target) not in box:
            return i, _support_from_box(board, unit, key, order)
        return i, _support(table, box, unit, key, order, landings, readings[1])
    raise Illegal(f"{unit} cannot {type(order).__name__.lower()} from the Box (l.98-104)")


def _box_unit(table: Table, power: str, prov: str, order: Order) -> int:
    """The first unit of `power` in the Box not yet ordered, of the kind written if any."""
    free = [i for i, key in enumerate(table.keys)
            if key.startswith(prov + "#") and table.legal[i] is None
            and table.board.units[i].power == power]
    for i in free:
        if order.kind in (None, table.board.units[i].kind):
            return i
    if free:
        return free[0]
    raise Illegal(f"{power} has no unit left to order in {prov}", Reason.NO_UNIT)


def _box_or_fleet_move(board: Board, unit: Unit, key: str, order: Move) -> Move:
    if unit.kind == ARMY_FLEET and not _is_sea(board, order.dest):
        raise Illegal(f"an A/F never enters a coast (l.49-50): write A/F {unit.loc} "
                      f"DISEMBARKS {board.where(order.dest)} to land its army")
    dest = board.where(order.dest)
    found = board.geo.reachable(board.kind(unit), unit.loc, dest)
    if not found:
        raise Illegal(f"{unit.loc} is not adjacent to {dest}")
    return Move(key, found[0], unit.kind)


def _support(table: Table, box: frozenset[str], unit: Unit, key: str, order: Support,
             landings: list[Landing], box_side: bool = False) -> Support:
    board = table.board
    n = _landing_supported(board, order, landings)
    if n is not None:
        dest = landings[n].dest
        _reaches(board, unit, dest)
        return Support(key, f"{landings[n].sea}@{n}", dest, unit.kind)
    target = board.where(order.target)
    if target not in box or order.dest is None:
        # l.101-104 name the supports a unit in the Box gives or gets: of a move out of it.
        raise Illegal("a unit in the Box supports, and is supported in, only a move of a "
                      "unit in the Box into a sea next to it (l.101-104)")
    dest = board.where(order.dest)
    beside = (box_side and province_of(unit.loc) not in box and _is_sea(board, unit.loc)
              and _is_sea(board, dest) and _touches(board, unit, target))
    if not beside:  # box_support_from=box_side (l.103-104): a sea next to the Box will do
        _reaches(board, unit, dest)
    movers = [k for k, c in enumerate(table.legal) if c is not None and
              table.keys[k].startswith(target + "#") and type(c[3]) is Move and
              province_of(c[3].dest) == dest]
    if not movers:
        raise Illegal(f"no unit in {target} was ordered to {dest}", Reason.NO_MATCH)
    return Support(key, table.keys[movers[0]], board.geo.locations[dest][0], unit.kind)


def _support_from_box(board: Board, unit: Unit, key: str, order: Support) -> Support:
    """The option `box_supports = "any"`: a unit in the Box supports as a fleet at sea
    would, any unit in or into a sea next to the Box."""
    target = board.where(order.target)
    into = board.where(order.dest) if order.dest else target
    if board.geo.provinces[into].terrain != "sea":
        raise Illegal("a unit in the Box supports only into the seas next to it (l.98-104)")
    _reaches(board, unit, into)
    if board.unit_in(target) is None:
        raise Illegal(f"there is no unit in {target} to support", Reason.NO_UNIT)
    dest = board.geo.locations[into][0] if order.dest else None
    return Support(key, target, dest, unit.kind)


def _touches(board: Board, unit: Unit, dest: str) -> bool:
    kind = board.kinds[FLEET] if unit.kind == ARMY_FLEET else board.kind(unit)
    return bool(board.geo.reachable(kind, unit.loc, province_of(dest)))


def _reaches(board: Board, unit: Unit, dest: str) -> None:
    if not _touches(board, unit, dest):
        raise Illegal(f"{unit} cannot reach {province_of(dest)}, so it cannot support a "
                      "move there")


def _fast_ferries_only(table: Table, illegal: list[OrderResult]) -> None:
    """l.34-37: a convoy of the rulebook (a fast ferry) crosses one sea with one fleet; a
    fleet that touches not both ends of the army's move is on a longer route: an A/F's."""
    board = table.board
    near = board.geo.graphs.get(board.kinds[FLEET].graph, {})
    for i, checked in enumerate(table.legal):
        if checked is None or type(checked[3]) is not Convoy:
            continue
        norm = checked[3]
        here = table.keys[i]
        ends = {board.where(norm.target), board.where(norm.dest)}
        touched = {province_of(n) for n in near.get(here, ())}
        if not ends <= touched:
            table.legal[i] = None
            power, unit, order, _ = checked
            illegal.append(OrderResult(
                power, unit, order, "", Outcome.ILLEGAL, Reason.ILLEGAL,
                "a fast ferry crosses one sea with one fleet (l.34-37); an army goes further "
                "by boarding a fleet as an A/F"))
