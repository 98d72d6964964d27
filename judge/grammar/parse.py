"""Reading one order line: a small backtracking parser over its tokens.

Each rule yields every (value, next position) it can read, so a word that means two things
("English": a power, or the English Channel) is tried both ways and the rest of the line
decides. Rules that find nothing record what they expected at that position; the error
report quotes the expectation that got furthest into the line.
"""

from __future__ import annotations

from judge.engine.counted import counted
from judge.engine.order_types import Registry
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
)
from judge.grammar.expect import (
    ADJUSTMENT_PHASE,
    END,
    EXPECTED_ORDER,
    LAND_IN_ROUTE,
    R_IN_ADJUSTMENT,
    RETREAT_PHASE,
    ROUTE_IN_RETREAT,
    UNSTACKED,
    Expect,
)
from judge.grammar.lexicon import Lexicon, Word
from judge.grammar.places import Parsed, PlaceReader, UnitRef

__all__ = ["END", "Expect", "Parser"]


class Parser(PlaceReader):
    """The rules of an order around its units and places (PlaceReader)."""

    def __init__(self, lex: Lexicon, registry: Registry, norms: tuple[str, ...],
                 phase: str) -> None:
        """`norms`: the line's tokens, normalised (Token.norm)."""
        super().__init__(lex, norms)
        self.registry = registry
        self.phase = phase

    def orders(self) -> list[Order]:
        """Every distinct complete reading of the line."""
        found: dict[Order, None] = {}
        for order, end in self._order(0):
            if end == self.size:
                found[order] = None
            else:
                self.fail(end, END)
        return list(found)

    def _order(self, pos: int) -> Parsed[Order]:
        yield from self._prefixed(pos)
        for unit, end in self._unit(pos, "the unit being ordered"):
            yield from self._suffix(unit, end)
        if self.lex.combining:
            yield from self._counted(pos)

    def _counted(self, pos: int) -> Parsed[Order]:
        """'2 D Fra-Bel': that many units of a stack, ordered apart (judge/engine/counted.py);
        an order the variant registers no counted form of cannot be numbered."""
        n = int(self.norms[pos]) if self.phase == "M" and self.norms[pos].isdecimal() else 0
        for unit, end in self._unit(pos + 1, "the units being ordered") if n else ():
            if unit.kind is None or unit.kind in self.lex.combining:
                yield from ((o, e) for order, e in self._suffix(unit, end)
                            if (o := counted(self.registry, order, n)) is not None)
            else:
                self.fail(end, Expect("", wrong_phase=UNSTACKED, span=(pos, end)))

    def _prefixed(self, pos: int) -> Parsed[Order]:
        """Orders led by their keyword: 'Build A War', 'Remove F Nth', 'Waive', 'Retreat A
        Bur to Pic'."""
        hit = self._word(pos)
        if hit is None:
            return
        word, nxt = hit
        if word is Word.WAIVE:
            yield Waive(), nxt
        elif word is Word.BUILD:
            for u, end in self._unit(nxt, "the unit to build"):
                yield Build(u.loc, u.kind), end
        elif word is Word.DISBAND:
            for u, end in self._unit(nxt, "the unit to remove or disband"):
                yield Disband(u.loc, u.kind), end
        elif word is Word.RETREAT and not self._bare_r(pos, nxt):
            for u, end in self._unit(nxt, "the unit to retreat"):
                yield from self._retreat_to(u, end)
        elif self._bare_r(pos, nxt):
            for _, end in self._unit(nxt, "the unit to remove"):
                self.fail(end, Expect("", wrong_phase=R_IN_ADJUSTMENT, span=(pos, nxt)))

    def _bare_r(self, pos: int, nxt: int) -> bool:
        # In adjustments 'R' could mean remove or retreat; the phase cannot settle it.
        return self.phase == ADJUSTMENT_PHASE and self.norms[pos] == "r" and nxt == pos + 1

    def _suffix(self, unit: UnitRef, pos: int) -> Parsed[Order]:
        hit = self._word(pos)
        word, nxt = hit if hit is not None else (None, pos)
        match word:
            case Word.HOLD:
                yield Hold(unit.loc, unit.kind), nxt
            case Word.MOVE:
                yield from self._move(unit, nxt)
            case Word.RETREAT:
                yield from self._retreat(unit, pos, nxt)
            case Word.SUPPORT:
                yield from self._support(unit, nxt)
            case Word.CONVOY:
                yield from self._convoy(unit, nxt)
            case Word.BUILD:
                yield Build(unit.loc, unit.kind), nxt
            case Word.DISBAND:
                yield Disband(unit.loc, unit.kind), nxt
            case _:
                self.fail(pos, Expect(EXPECTED_ORDER.get(self.phase, EXPECTED_ORDER["M"])))

    def _dest_label(self) -> str:
        verb = "retreat" if self.phase == RETREAT_PHASE else "move"
        return f"the province to {verb} to"

    def _move(self, unit: UnitRef, pos: int) -> Parsed[Order]:
        found = self._place(pos, self._dest_label())
        if found is None:
            return
        stops, first_end = [found[0]], found[1]
        starts = [pos]
        end = self._more_stops(stops, first_end, starts)
        via_end = self._via(end)
        if self.phase != RETREAT_PHASE and self._over_land(stops, starts, via_end):
            return
        if self.phase != RETREAT_PHASE:
            via = len(stops) > 1 or via_end > end
            yield Move(unit.loc, stops[-1], unit.kind, via_convoy=via,
                       route=tuple(stops[:-1])), via_end
        elif via_end > first_end:
            self.fail(via_end, Expect("", wrong_phase=ROUTE_IN_RETREAT,
                                      span=(first_end, via_end)))
        else:
            yield Retreat(unit.loc, stops[0], unit.kind), first_end

    def _more_stops(self, stops: list[str], end: int, starts: list[int]) -> int:
        """Further '- province' steps of an explicit convoy route ('A Lon - Nth - Nwy');
        `starts`: where each stop is written."""
        while (hit := self._word(end)) is not None and hit[0] is Word.MOVE:
            found = self._place(hit[1], self._dest_label())
            if found is None:
                break
            stops.append(found[0])
            starts.append(hit[1])
            end = found[1]
        return end

    def _over_land(self, stops: list[str], starts: list[int], end: int) -> bool:
        """Whether the route names a stop no convoy crosses ('A Bud - Gal - War', a walk
        of two moves as njudge players write a path): refused, saying what to write."""
        for stop, start, after in zip(stops[:-1], starts, starts[1:], strict=False):
            prov = stop.partition("/")[0]
            if prov not in self.lex.convoy_places:
                template = LAND_IN_ROUTE.format(name=self.lex.province_names[prov])
                self.fail(end, Expect("", wrong_phase=template, span=(start, after - 1)))
                return True
        return False

    def _via(self, pos: int) -> int:
        hit = self._word(pos)
        return hit[1] if hit is not None and hit[0] is Word.VIA else pos

    def _retreat(self, unit: UnitRef, pos: int, nxt: int) -> Parsed[Order]:
        found = self._place(nxt, "the province to retreat to")
        if self._bare_r(pos, nxt):
            end = found[1] if found is not None else nxt
            self.fail(end, Expect("", wrong_phase=R_IN_ADJUSTMENT, span=(pos, nxt)))
        elif found is not None:
            yield Retreat(unit.loc, found[0], unit.kind), found[1]

    def _retreat_to(self, unit: UnitRef, pos: int) -> Parsed[Order]:
        """'Retreat A Bur to Pic' (or '- Pic', or 'Pic'), led by its word as 'Build A War'."""
        hit = self._word(pos)
        at = hit[1] if hit is not None and hit[0] is Word.MOVE else pos
        found = self._place(at, "the province to retreat to")
        if found is not None:
            yield Retreat(unit.loc, found[0], unit.kind), found[1]

    def _support(self, unit: UnitRef, pos: int) -> Parsed[Order]:
        for target, end in self._target(pos, "the unit to support"):
            hold = Support(unit.loc, target.loc, None, unit.kind, target.kind, target.power)
            hit = self._word(end)
            if hit is not None and hit[0] is Word.HOLD:
                yield hold, hit[1]
                continue
            yield hold, end
            if hit is None or hit[0] is not Word.MOVE:
                continue
            found = self._place(hit[1], "the province the supported unit moves to")
            if found is not None:
                dest, last = found
                yield Support(unit.loc, target.loc, dest, unit.kind, target.kind,
                              target.power), self._via(last)

    def _convoy(self, unit: UnitRef, pos: int) -> Parsed[Order]:
        label = "the province the convoyed unit goes to"
        for target, end in self._target(pos, "the unit to convoy"):
            hit = self._word(end)
            if hit is None or hit[0] is not Word.MOVE:
                self.fail(end, Expect(f"'-' and {label}"))
                continue
            found = self._place(hit[1], label)
            if found is not None:
                dest, last = found
                yield Convoy(unit.loc, target.loc, dest, unit.kind, target.kind,
                             target.power), self._via(last)
