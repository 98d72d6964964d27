"""Properties that hold for every board and every set of orders."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.adjustments import adjustment_counts
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import province_of

from .boards import RULES, adjustment_orders, boards, movement_orders, retreat_orders


def _summary(turn: TurnResult) -> tuple[object, ...]:
    results = sorted((r.power, str(r.unit), repr(r.order), r.outcome, r.dislodged)
                     for r in turn.results)
    dislodged = sorted((str(d.unit), d.attacker_from, d.retreats)
                       for d in turn.position.dislodged)
    return (tuple(results), tuple(sorted(map(str, turn.position.units))), tuple(dislodged),
            turn.next_phase)


def _provinces_once(position: Position) -> None:
    provs = Counter(province_of(u.loc) for u in position.units)
    assert all(n == 1 for n in provs.values()), provs.most_common(3)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_order_of_orders_does_not_matter(data: st.DataObject) -> None:
    board = data.draw(boards())
    orders = data.draw(movement_orders(board))
    # Each unit gets one order here, so only the order of lines and powers varies.
    shuffled = {p: data.draw(st.permutations(os)) for p, os in
                data.draw(st.permutations(list(orders.items())))}
    assert _summary(adjudicate(RULES, board, orders)) == \
        _summary(adjudicate(RULES, board, shuffled))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_movement_keeps_one_unit_per_province_and_sends_dislodged_to_retreat(
    data: st.DataObject,
) -> None:
    board = data.draw(boards())
    turn = adjudicate(RULES, board, data.draw(movement_orders(board)))
    _provinces_once(turn.position)
    assert len(turn.position.units) + len(turn.position.dislodged) == len(board.units)
    if turn.position.dislodged:
        assert turn.next_phase is not None and turn.next_phase.kind == "R"
    occupied = {province_of(u.loc) for u in turn.position.units}
    for d in turn.position.dislodged:
        assert province_of(d.unit.loc) in occupied  # a dislodger stands there now
        assert not {province_of(r) for r in d.retreats} & occupied


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_every_dislodged_unit_retreats_or_is_disbanded(data: st.DataObject) -> None:
    board = data.draw(boards())
    moved = adjudicate(RULES, board, data.draw(movement_orders(board)))
    if moved.next_phase is None or moved.next_phase.kind != "R":
        return
    orders = data.draw(retreat_orders(moved.position))
    turn = adjudicate(RULES, moved.position, orders)
    _provinces_once(turn.position)
    assert not turn.position.dislodged
    before = {str(u) for u in moved.position.units}
    assert before <= {str(u) for u in turn.position.units}
    arrived = len(turn.position.units) - len(moved.position.units)
    assert 0 <= arrived <= len(moved.position.dislodged)
    fates = {str(r.unit) for r in turn.results if r.outcome != "illegal"}
    assert {str(d.unit) for d in moved.position.dislodged} <= fates


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_builds_never_exceed_the_surplus(data: st.DataObject) -> None:
    board = data.draw(boards("W1901A"))
    orders: dict[str, list[Order]] = data.draw(adjustment_orders(board))
    counts = adjustment_counts(RULES, board)
    turn = adjudicate(RULES, board, orders)
    _provinces_once(turn.position)
    before = Counter(u.power for u in board.units)
    after = Counter(u.power for u in turn.position.units)
    for power in RULES.powers:
        change = after[power] - before[power]
        owed = counts.get(power, 0)
        assert change <= max(owed, 0)
        if owed < 0:
            assert change == owed  # removals always happen, by civil disorder if need be
