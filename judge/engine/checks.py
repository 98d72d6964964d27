"""The legality of one movement order against the board: coasts settled, or why not.

Map facts (which coast a destination means, whether a move runs along a border, whether a
support could be given without a convoy) are remembered on the Geography.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine import reasons as R
from judge.engine.board import Board, Illegal
from judge.engine.convoys import on_minimal_route
from judge.engine.orders import Convoy, Hold, Move, Order, Support
from judge.engine.outcome import Reason
from judge.engine.refusal import Loc, Locs, state
from judge.engine.types import Unit, UnitKind


def plural(name: str) -> str:
    """'armies', not 'armys': the kind's name as a reply says it of every such unit."""
    return name[:-1] + "ies" if name.endswith("y") and name[-2:-1] not in "aeiou" else name + "s"


def settle_coast(board: Board, unit: Unit, kind: UnitKind, dest: str) -> str:
    """The location a unit of `kind` on `unit.loc` would enter for a `dest` as written.

    DATC 4.B.1-4.B.3, 4.B.6: the only reachable coast is taken, two reachable coasts
    without a choice is an error naming them, a named unreachable coast is illegal, and a
    coast that means nothing (an army's, or an unknown one) is ignored. Its only caller,
    _move_facts, remembers the answer per map.
    """
    geo = board.geo
    prov = board.where(dest)
    if not geo.is_province(prov):
        raise Illegal(state(R.NO_PROVINCE, place=Loc(prov)))
    places = geo.stand_locations(kind, prov)
    if not places:
        raise Illegal(state(R.KIND_CANNOT_GO, kind=plural(kind.name), place=Loc(prov),
                           terrain=geo.provinces[prov].terrain))
    if len(places) == 1:
        return places[0]
    reach = geo.reachable(kind, unit.loc, prov)
    if dest in places:
        if dest not in reach and reach:
            raise Illegal(state(R.NOT_ADJACENT, here=Loc(unit.loc), there=Loc(dest)))
        return dest
    if len(reach) > 1:
        raise Illegal(state(R.WHICH_COAST, place=Loc(prov), coasts=Locs(tuple(reach))))
    return reach[0] if reach else places[0]


def check_move(board: Board, unit: Unit, order: Move) -> Move:
    facts = board.moves.get((unit.kind, unit.loc, order.dest)) or \
        _move_facts(board, unit, order.dest)
    dest: str
    dest, here, there, adjacent = facts
    if adjacent and not order.via_convoy and not order.route:
        # The common case: a move along a border, nothing to settle.
        return order if dest == order.dest else Move(unit.loc, dest, unit.kind)
    if adjacent is None:
        raise Illegal(dest)  # whatever the board: `dest` says why
    via = order.via_convoy or bool(order.route)
    kind = board.kinds[unit.kind]
    if kind.convoyable and (via or not adjacent):
        if not board.convoy_route(here, there):
            # Reason `no convoy`: a fact of the fleets on the board, which a variant that
            # hides them must not tell the mover (variants/envoy/blind.py).
            raise Illegal(state(R.NO_CONVOY_ROUTE, unit=unit, there=Loc(there)) if via
                          else state(R.NOT_ADJACENT_NO_CONVOY, here=Loc(unit.loc),
                                     there=Loc(there)), Reason.NO_CONVOY)
        via = via or not adjacent
    elif not adjacent:
        raise Illegal(state(R.NOT_ADJACENT, here=Loc(unit.loc), there=Loc(dest)))
    if dest == order.dest and via == order.via_convoy and not order.route:
        return order
    return Move(unit.loc, dest, unit.kind, via_convoy=via)


def _move_facts(board: Board, unit: Unit, written: str) -> tuple[Any, ...]:
    """What the map alone says of this unit moving to `written`: (location entered, here,
    there, adjacent), or (why not, None, None, None); remembered per map."""
    kind = board.kinds[unit.kind]
    try:
        dest = settle_coast(board, unit, kind, written)
        here, there = board.prov[unit.loc], board.prov[dest]
        if there == here:
            raise Illegal(state(R.MOVE_IN_PLACE, unit=unit))
        adjacent = dest in board.near[unit.kind].get(unit.loc, ())
        facts: tuple[Any, ...] = (dest, here, there, adjacent)
    except Illegal as exc:
        facts = (exc.message, None, None, None)
    if written in board.prov:
        board.moves[(unit.kind, unit.loc, written)] = facts
    return facts


def check_support(board: Board, unit: Unit, order: Support) -> Order:
    here = board.prov[unit.loc]
    # board.where without its call, for a location the map knows (nearly every order).
    target = board.prov.get(order.target) or board.where(order.target)
    if target == here:
        raise Illegal(state(R.SUPPORT_ITSELF, unit=unit))
    i = board.index.get(target)
    if i is None:
        return _support_unseen(board, unit, order, target)
    if order.dest is None:
        if target not in board.reach[unit.kind].get(unit.loc, ()):  # Geography.reachable
            raise Illegal(state(R.CANNOT_REACH_HOLD, unit=unit, target=Loc(target)))
        return order
    other = board.units[i]
    dest = _supported_dest(board, unit, other, order.dest)
    return order if dest == order.dest else Support(unit.loc, other.loc, dest, unit.kind)


def _support_unseen(board: Board, unit: Unit, order: Support, target: str) -> Order:
    """A support naming a province where the writer sees no unit. Where one he cannot see
    may stand, the support is taken as written, to be judged at adjudication (issue #13):
    it is refused only for what the map and his own unit say, and until then his unit is
    counted as holding. Elsewhere, as ever, there is no unit to support."""
    kinds = board.unseen_kinds(target)
    if not kinds:
        raise Illegal(state(R.NO_UNIT_TO_SUPPORT, target=Loc(target)))
    if order.dest is None:
        if target not in board.reach[unit.kind].get(unit.loc, ()):
            raise Illegal(state(R.CANNOT_REACH_HOLD, unit=unit, target=Loc(target)))
        return Hold(unit.loc, unit.kind)
    there = board.where(order.dest)
    _may_support_into(board, unit, there)
    for kind in kinds:
        for loc in board.geo.stand_locations(board.kinds[kind], target):
            try:
                _supported_dest(board, unit, Unit("", kind, loc), order.dest)
                return Hold(unit.loc, unit.kind)
            except Illegal:
                continue
    # Said of no unit in particular, so that it cannot read as naming one he cannot see.
    raise Illegal(state(R.NONE_COULD_MOVE, target=Loc(target), there=Loc(there)))


def _may_support_into(board: Board, unit: Unit, there: str) -> None:
    """What his own unit cannot give is refused whatever stands there, in its own words."""
    if there == board.prov[unit.loc]:
        raise Illegal(state(R.SUPPORT_INTO_OWN, unit=unit))
    if board.geo.is_province(there) and not board.geo.touches(board.kind(unit), unit.loc,
                                                              there):
        raise Illegal(state(R.CANNOT_REACH_MOVE, unit=unit, there=Loc(there)))


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
    raise Illegal(state(R.CANNOT_REACH, unit=other, there=Loc(there)))


_UNKNOWN = object()


def _support_by_land(board: Board, unit: Unit, other: Unit, written: str) -> str | None:
    """The supported destination if the supported unit could move there without a
    convoy; None if only a convoy could take it there."""
    here, there = board.prov[unit.loc], board.where(written)
    if not board.geo.is_province(there):
        raise Illegal(state(R.NO_PROVINCE, place=Loc(there)))
    if there == here:
        raise Illegal(state(R.SUPPORT_INTO_OWN, unit=unit))
    if there == board.prov[other.loc]:
        raise Illegal(state(R.MOVE_IN_PLACE, unit=other))
    if not board.geo.touches(board.kind(unit), unit.loc, there):
        raise Illegal(state(R.CANNOT_REACH_MOVE, unit=unit, there=Loc(there)))
    okind = board.kind(other)
    places = board.geo.stand_locations(okind, there)
    # DATC 4.B.4: a coast named in a support counts (and must match); a meaningless one
    # (an army's, an unknown one) is ignored as in 4.B.6.
    coasted = written if written != there and written in places else there
    if board.geo.touches(okind, other.loc, there):
        if coasted != there and coasted not in board.geo.neighbours(okind, other.loc):
            raise Illegal(state(R.CANNOT_REACH, unit=other, there=Loc(coasted)))  # DATC 6.D.23
        return coasted
    return None


def check_convoy(board: Board, unit: Unit, order: Convoy) -> Order:
    kind = board.kind(unit)
    here = board.prov[unit.loc]
    terrain = board.geo.provinces[here].terrain
    if terrain not in kind.convoys_in:
        raise Illegal(state(R.CANNOT_CONVOY_FROM, unit=unit, here=Loc(here),
                            terrain=terrain))  # DATC 6.F.1
    target = board.where(order.target)
    other = board.unit_in(target) or _convoyable_unseen(board, target)
    if not board.kind(other).convoyable:
        raise Illegal(state(R.NOT_CONVOYABLE, unit=other))  # DATC 6.A.7
    there = board.where(order.dest)
    if not board.geo.stand_locations(board.kind(other), there) or there == target:
        # A unit the writer cannot see is named by no kind: there may be none.
        raise Illegal(state(R.CANNOT_BE_CONVOYED, unit=other, there=Loc(there))
                      if other.power else
                      state(R.NONE_COULD_BE_CONVOYED, target=Loc(target), there=Loc(there)))
    if not on_minimal_route(board.rules.convoy_adjacency, board.fleets, target, there, here):
        raise Illegal(state(R.NOT_NEEDED, unit=unit, target=Loc(target),
                            there=Loc(there)))  # 6.G.19
    if not other.power:
        return Hold(unit.loc, unit.kind)  # the writer's check: judged at adjudication
    return order if there == order.dest else Convoy(unit.loc, other.loc, there, unit.kind)


def _convoyable_unseen(board: Board, target: str) -> Unit:
    """For a convoy naming a province where the writer sees no unit: a unit he cannot see
    that could be convoyed from there, nameless (issue #13), or Illegal."""
    kinds = [k for k in board.unseen_kinds(target) if board.kinds[k].convoyable]
    if not kinds:
        raise Illegal(state(R.NO_UNIT_TO_CONVOY, target=Loc(target)))
    return Unit("", kinds[0], target)


def check_hold(board: Board, unit: Unit, order: Hold) -> Hold:
    return order


CHECKS: dict[type, Callable[[Board, Unit, Any], Order]] = {
    Hold: check_hold, Move: check_move, Support: check_support, Convoy: check_convoy,
}
