"""Which units met which in a phase (Envoy 11 and 12d): read from the order results only.

Two units *meet* when one moves into the province the other moves into, or into the
province the other stands in and does not leave (it held, supported, convoyed, or its own
move failed), or when each moves into the other's province. A unit whose move leaves
before the mover arrives was never met. Diplomats also meet through supports (11: "come
into contact"): a diplomat supporting another player's diplomat, or supporting a move or
a hold that meets another player's diplomats, is in contact with them.

What a meeting reveals (docs/variants/envoy.md, "Secret and Stab"): the result of each
unit whose own move met, and of each supporting diplomat in contact; a unit met only by
being moved into is *seen* in its province, its own order not told (12d: "the fact that it
may be supported by or be supporting another unit will not be reported").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from judge.engine.orders import Build, Move, Support
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.types import Unit, province_of

Side = Callable[[Unit], str]


class Revealed:
    """The results shown in full and the units only seen, by the result's identity."""

    def __init__(self) -> None:
        self.full: set[int] = set()
        self.seen: set[int] = set()

    def show(self, result: OrderResult) -> None:
        self.full.add(id(result))
        self.seen.discard(id(result))

    def sight(self, result: OrderResult) -> None:
        if id(result) not in self.full:
            self.seen.add(id(result))


def _moving(r: OrderResult) -> bool:
    """A move that was tried: an illegal or void move leaves its unit standing."""
    return (r.unit is not None and isinstance(r.order, Move)
            and r.outcome in (Outcome.SUCCEEDS, Outcome.FAILS))


def meetings(results: Sequence[OrderResult]) -> list[tuple[OrderResult, OrderResult]]:
    """(mover, other) for each move and each unit it met."""
    dest = {id(r): province_of(r.order.dest) for r in results
            if _moving(r) and isinstance(r.order, Move)}
    left = {id(r) for r in results if id(r) in dest and r.outcome == Outcome.SUCCEEDS}
    out: list[tuple[OrderResult, OrderResult]] = []
    for mover in results:
        if id(mover) not in dest or mover.unit is None:
            continue
        to, start = dest[id(mover)], province_of(mover.unit.loc)
        for other in results:
            if other is mover or other.unit is None:
                continue
            here = province_of(other.unit.loc)
            if dest.get(id(other)) == to or (here == to and (
                    id(other) not in left or dest.get(id(other)) == start)):
                out.append((mover, other))
    return out


def conflicts(results: Sequence[OrderResult], side: Side) -> Revealed:
    """Stab 12d for armies and fleets: meetings between units of different sides."""
    found = Revealed()
    pairs = meetings(results)
    ids = {(id(m), id(o)) for m, o in pairs}
    for mover, other in pairs:
        assert mover.unit is not None and other.unit is not None
        if side(mover.unit) == side(other.unit):
            continue
        found.show(mover)
        if (id(other), id(mover)) in ids:
            found.show(other)  # its own move met the mover: a standoff or a head-on
        else:
            found.sight(other)
    return found


def contacts(results: Sequence[OrderResult]) -> Revealed:
    """Envoy 11 for diplomats: meetings between two players' diplomats, and supports in
    contact with another player's diplomats."""
    owner: Side = lambda u: u.power  # noqa: E731 - diplomats belong to their player
    found = conflicts(results, owner)
    at = {r.unit.loc: r for r in results if r.unit is not None}
    met: dict[int, set[str]] = {}
    for mover, other in meetings(results):
        assert mover.unit is not None and other.unit is not None
        if mover.unit.power != other.unit.power:
            met.setdefault(id(mover), set()).add(other.unit.power)
            met.setdefault(id(other), set()).add(mover.unit.power)
    for r in results:
        if r.unit is None or not isinstance(r.order, Support) or r.outcome in (
                Outcome.ILLEGAL, Outcome.VOID):
            continue
        target = at.get(r.order.target)
        if target is None or target.unit is None:
            continue
        if target.unit.power != r.unit.power:
            found.show(r)  # the supported move is in contact; a supported hold is seen
            (found.show if _moving(target) else found.sight)(target)
        elif met.get(id(target), set()) - {r.unit.power}:
            found.show(r)
    return found


def clashes(results: Iterable[OrderResult], space_of: Mapping[str, str]) -> Revealed:
    """Envoy 4 (named by 11): placements of two players' diplomats in one space, and every
    placement sent home, are contacts."""
    placed = [r for r in results if r.unit is not None and isinstance(r.order, Build)
              and r.unit.kind == "D"]
    found = Revealed()
    by_space: dict[str, set[str]] = {}
    for r in placed:
        assert r.order is not None
        by_space.setdefault(space_of.get(r.order.loc, r.order.loc), set()).add(r.power)
    for r in placed:
        assert r.order is not None
        if r.reason == Reason.BOUNCED or len(by_space[space_of.get(r.order.loc,
                                                                    r.order.loc)]) > 1:
            found.show(r)
    return found
