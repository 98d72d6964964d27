"""Movement-phase legality: which orders could ever be valid, and why not.

DATC 4.E.1: an illegal order is ignored (the unit holds); a legal order that does not
match another (a support of a move not made) is *void*, which the resolver decides.
Legality looks at the board, never at other orders (DATC 6.D.32).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine import reasons as R
from judge.engine.board import Board, Checked, Illegal
from judge.engine.checks import check_hold
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.refusal import Loc, Power, state
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

__all__ = ["Board", "Checked", "Illegal", "check_movement"]

def check_movement(
    board: Board, orders: Mapping[str, Sequence[Order]]
) -> tuple[list[Checked | None], list[OrderResult]]:
    """Each unit's legal order, by the unit's index in `board.units` (None for a unit with
    none), and results for the illegal ones."""
    legal: list[Checked | None] = [None] * len(board.units)
    again: dict[int, list[Checked]] = {}  # units given more than one legal order (rare)
    illegal: list[OrderResult] = []
    where, index, units, powers = board.prov.get, board.index.get, board.units, board.powers
    checks = board.rules.registry.checks.get  # the variant's order types (order_types.py)
    # With no variant hook on who orders what, an order for one's own unit needs no more
    # than its kind's check (the common case: one call, not two).
    plain = board.own_only and not board.other_layers
    for power, given in orders.items():
        for order in given:
            prov = where(order.loc) or province_of(order.loc)
            i = index(prov)
            if i is None:
                illegal.append(_no_unit(power, order, prov))
                continue
            unit = units[i]
            check = checks(type(order))
            try:
                if check is None or not (plain and powers[i] == power):
                    norm = _check(board, power, unit, order)
                elif check is check_hold:
                    norm = order  # nothing to check
                else:
                    norm = check(board, unit, order)
            except Illegal as exc:
                illegal.append(_illegal(power, unit, order, exc))
                continue
            checked, prior = (power, unit, order, norm), legal[i]
            if prior is not None:
                again.setdefault(i, [prior]).append(checked)
            legal[i] = checked
    _settle_duplicates(board.rules, legal, again, illegal)
    return legal, illegal


def _no_unit(power: str, order: Order, prov: str) -> OrderResult:
    return OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.NO_UNIT,
                       state(R.NO_UNIT_IN, place=Loc(prov)))


def _settle_duplicates(rules: Rules, legal: list[Checked | None],
                       again: Mapping[int, list[Checked]], illegal: list[OrderResult]) -> None:
    for i, checked_orders in again.items():
        legal[i] = _one_order(rules, checked_orders, illegal)


def _illegal(power: str, unit: Unit | None, order: Order, exc: Illegal) -> OrderResult:
    return OrderResult(power, unit, order, "", Outcome.ILLEGAL, exc.reason, exc.message)


def _one_order(rules: Rules, checked: list[Checked], illegal: list[OrderResult]) -> Checked | None:
    distinct = list(dict.fromkeys(norm for _, _, _, norm in checked))
    if len(distinct) == 1 or rules.rulebook.duplicate_orders == "last":
        for c in checked[:-1]:
            if c[3] != checked[-1][3]:
                illegal.append(_superseded(c))
        return checked[-1]
    # DATC 4.D.3 c: two different orders for one unit cancel out; the unit holds.
    for power, unit, order, _ in checked:
        msg = f"{unit} was given {len(distinct)} different orders, so it holds"
        illegal.append(OrderResult(power, unit, order, "", Outcome.ILLEGAL,
                                   Reason.DUPLICATE, msg))
    return None


def _superseded(c: Checked) -> OrderResult:
    power, unit, order, _ = c
    return OrderResult(power, unit, order, "", Outcome.ILLEGAL, Reason.DUPLICATE,
                       state(R.SUPERSEDED, unit=unit))


def _check(board: Board, power: str, unit: Unit, order: Order) -> Order:
    """The order with its coasts settled, or Illegal saying why."""
    if order.kind in board.other_layers:
        # A diplomat's order never moves the army beside it (units of other layers are the
        # variant's to order).
        raise Illegal(state(R.NO_KIND_THERE, kind=board.kinds[order.kind].name,
                            place=Loc(unit.loc)))
    allowed = unit.power == power if board.own_only else \
        board.may_order(board.position, power, unit)
    if not allowed:
        raise Illegal(state(R.NOT_YOURS, unit=unit, owner=Power(unit.power), power=Power(power)),
                      Reason.NOT_YOURS)
    check = board.rules.registry.checks.get(type(order))
    if check is None:
        raise Illegal(state(R.NOT_IN_MOVEMENT, what=type(order).__name__.lower()))
    norm: Order = check(board, unit, order)
    return norm
