"""Movement-phase legality: which orders could ever be valid, and why not.

DATC 4.E.1: an illegal order is ignored (the unit holds); a legal order that does not
match another (a support of a move not made) is *void*, which the resolver decides.
Legality looks at the board, never at other orders (DATC 6.D.32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, Checked, Illegal
from judge.engine.checks import CHECKS, check_hold
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

__all__ = ["Board", "Checked", "Illegal", "check_movement"]

_new = tuple.__new__


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
                illegal.append(_no_unit(power, order, prov))
                continue
            check = CHECKS.get(type(order))
            mine = own_only and unit.power == power and order.kind not in other
            try:
                if not (mine and check):
                    norm = _check(board, power, unit, order)
                elif check is check_hold:
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
    _settle_duplicates(rules, legal, again, illegal)
    return legal, illegal


def _no_unit(power: str, order: Order, prov: str) -> OrderResult:
    return OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.NO_UNIT,
                       f"there is no unit in {prov}")


def _settle_duplicates(rules: Rules, legal: dict[str, Checked],
                       again: Mapping[str, list[Checked]], illegal: list[OrderResult]) -> None:
    for prov, checked_orders in again.items():
        chosen = _one_order(rules, checked_orders, illegal)
        if chosen is None:
            del legal[prov]
        else:
            legal[prov] = chosen


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
    check = CHECKS.get(type(order))
    if check is None:
        raise Illegal(f"{type(order).__name__.lower()} orders are not allowed in movement")
    norm: Order = check(board, unit, order)
    return norm
