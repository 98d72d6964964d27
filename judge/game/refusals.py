"""Why an order line was not taken, said so that its writer can put it right.

The engine's reason (judge/engine/reasons.py); for a build or removal over the count,
how many are owed and which lines already take them; for an order of another phase's kind,
what the phase takes; and for an order that fitted the phase just processed, that the
phase has moved on (a late order: "there is no unit in Burgundy" after the army was
dislodged), unless the writer's own orders for that phase held one for its unit: those
came in time, and the line is no late one. Each is a reason and its parameters
(judge/engine/refusal.py), projected for its reader (`project`) and worded only when the
reply is written (`say`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import NamedTuple

from judge.engine.adjustments import adjustment_counts
from judge.engine.counted import counted, uncounted
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
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.reasons import (
    KIND_CANNOT_GO,
    NO_DISLODGED,
    NO_UNIT_IN,
    NOT_A_RETREAT,
    NOT_AN_ADJUSTMENT,
    NOT_HOME,
    NOT_IN_MOVEMENT,
    NOT_OWNED,
    NOT_VACANT,
    NOWHERE_TO_RETREAT,
)
from judge.engine.refusal import Loc, Locs, Names, Power, Refusal, Words
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, province_of
from judge.game import ordering
from judge.game import reasons as G
from judge.game import refusal_notes as notes
from judge.game.reasons import HELP_ORDERS
from judge.game.writer_view import Known, writer_view
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant

__all__ = ["HELP_ORDERS", "Before", "Explainer", "Said", "project", "say", "unseen_words"]

# One line's answer: a reason, and sometimes a note after it ("the phase has moved on").
Said = tuple[Refusal, ...]

# What each standard phase kind takes, to answer an order of another kind in the words of
# HELP ORDERS rather than the engine's ("not Move(loc='mar', ...)").
# Refusals a late order meets: its unit has moved on, or another power's stands there now.
# An order of the phase's own kind refused for any other reason (a retreat to a space the
# unit may not reach) was meant for this phase, so it gets no "moved on" note.
_GONE = frozenset({Reason.NO_UNIT, Reason.NOT_YOURS})
# The engine's own refusals of an order of another phase's kind (judge/engine/reasons.py).
_ENGINES = frozenset({NOT_IN_MOVEMENT.code, NOT_A_RETREAT.code, NOT_AN_ADJUSTMENT.code})
# A build refused for its site, never to be made there: where he may build instead.
_NO_SITE = frozenset({NOT_HOME.code, NOT_OWNED.code})
_TAKES: dict[str, tuple[tuple[type, ...], str]] = {
    MOVEMENT: ((Hold, Move, Support, Convoy), "holds, moves, supports and convoys"),
    RETREAT: ((Retreat, Disband), "retreats and disbands"),
    ADJUSTMENT: ((Build, Disband, Waive), "builds, removals and WAIVE"),
}
_NAMES: tuple[tuple[type, str], ...] = (
    (Hold, "a hold"), (Move, "a move"), (Support, "a support"), (Convoy, "a convoy"),
    (Retreat, "a retreat"), (Build, "a build"), (Waive, "a waive"), (Disband, "a disband"))


def say(said: Said, names: Names) -> str:
    """The answer to one line in its reader's words: the reason, then any note."""
    texts = [r.render(names) for r in said]
    return f"{texts[0].rstrip('.')}. {' '.join(texts[1:])}" if len(texts) > 1 else texts[0]


def project(said: Said, known: Position) -> Said:
    """`said` as its reader may be told it: a reason naming a unit that is not on the board
    he knows says only that the order cannot be carried out as written. (Lines are checked
    on that board, so no reason should; this keeps an error reply from ever saying more
    than his reports may.) Places and powers are the map's and every reader's."""
    seen = {(u.kind, province_of(u.loc))
            for u in (*known.units, *(d.unit for d in known.dislodged))}
    return tuple(r if all((u.kind, province_of(u.loc)) in seen for u in r.units())
                 else Refusal.of(G.NOT_AS_WRITTEN) for r in said)


def unseen_words(variant: Variant, position: Position, power: str, known: Known,
                 why: Refusal) -> Refusal | None:
    """"There is no unit in Munich", of a place where a unit the writer cannot see may
    stand (Stab Envoy, 12d), says more than he knows: what he knows is that he has none
    there. The same line is refused all the same; only the words change. Every path a
    line's refusal takes to its writer asks this (the reply, orders sent ahead)."""
    place = next((v for _, v in why.params if isinstance(v, Loc)), None)  # its one
    if why.code != NO_UNIT_IN.code or not isinstance(place, Loc):
        return None
    rules, _ = writer_view(variant, position, power, known)
    if rules.unseen is None or not rules.unseen.kinds_at(province_of(place.loc)):
        return None
    return Refusal.of(G.NONE_OF_YOURS, place=place)


class Before(NamedTuple):
    """The phase processed last, for orders that come after it: its board, when it was
    processed, in the reader's time zone, and the slots (ordering.unit_key) the writer's
    own orders for it held: a line for one of those is no order that came too late for
    it, his came in time (`f val h` after his `F Val - Mao` was carried out)."""

    position: Position
    processed: str
    ordered: frozenset[str] = frozenset()


class Explainer:
    """Reasons for one message's refused lines, given the set they were tried against.

    `before` is asked only when a line is refused: reading the game's turns again for
    every order message would cost more than the message itself."""

    def __init__(self, variant: Variant, position: Position, power: str,
                 current: Mapping[str, ordering.Written],
                 accepted: Sequence[tuple[int, ordering.Written]],
                 before: Callable[[], Before | None], known: Known = None) -> None:
        self.variant, self.position, self.power = variant, position, power
        self.known = known  # the writer's knowledge record, which his lines are checked on
        self.current = current
        self.accepted = accepted  # this message's lines taken
        self._before = before

    @cached_property
    def before(self) -> Before | None:
        return self._before()

    def unreadable(self, error: ordering.LineError) -> Said:
        if reader_for(self.variant).reads_as_prose(error.text):
            return (Refusal.of(G.PROSE),)
        late = self._late(error.text)
        return (late,) if late else (error.why,)

    def refused(self, error: ordering.LineError) -> Said:
        result = error.refusal
        assert result is not None and result.order is not None
        reason = wrong = self._wrong_kind(error.text, result.order, error.why)
        reason = reason or self._not_convoyed(result) or self._unseen(error.why)
        if reason is None and error.why.code == NOWHERE_TO_RETREAT.code and result.unit:
            # The engine's "it may retreat to nowhere: it must disband" reads as an order
            # still owed; the unit is disbanded whatever he sends, as his report said.
            reason = Refusal.of(G.DISLODGED_NOWHERE, unit=result.unit)
        if reason is None and result.reason == Reason.TOO_MANY:
            reason = self._too_many(result)
        hint = wrong is not None or result.reason in _GONE
        late = self._late(error.text) if hint else None
        # The engine's own "no unit" (a variant's says more, Engineered's "yours is in
        # Vienna"), for a unit of the main layer (Envoy's diplomats stand in countries).
        plain = error.why.code == NO_UNIT_IN.code and self._main(result.order)
        if late is None and (wrong is not None or plain):
            late = notes.for_later(self.variant, self.position, result.order,
                                   wrong is not None, ordering.orders_of(self.current))
        # In a retreat phase, what his dislodged units may do now: the unit the line names,
        # else those there are.
        dislodged = self._dislodged(result.order) if wrong is not None else None
        if dislodged is None and (wrong is not None or error.why.code == NO_DISLODGED.code):
            dislodged = self._others_dislodged()
        there = notes.occupant(self.variant, self.position, self.power, self.known,
                               error.why) if error.why.code == NOT_VACANT.code else None
        other = notes.other_kind(self.variant, self.power, result) \
            if error.why.code == KIND_CANNOT_GO.code else None
        sites = notes.build_sites(self.variant, self.position, self.power, self.known,
                                  result.order, ordering.orders_of(self.current)) \
            if error.why.code in _NO_SITE else None
        said = (late, dislodged, there, other, sites)
        return (reason or error.why, *(n for n in said if n is not None))

    def _main(self, order: Order) -> bool:
        return order.kind not in self.variant.rules.geo.other_layers

    def _unseen(self, why: Refusal) -> Refusal | None:
        return unseen_words(self.variant, self.position, self.power, self.known, why)

    def _others_dislodged(self) -> Refusal | None:
        """In a retreat phase, after "there is no dislodged unit in <place>" or an order of
        another phase's kind for a unit that was not dislodged: his units that were."""
        if self.position.phase.kind != RETREAT:
            return None
        _, seen = writer_view(self.variant, self.position, self.power, self.known)
        mine = [f"{d.unit.kind} {d.unit.loc}" for d in seen.dislodged
                if d.unit.power == self.power]
        if not mine:
            return Refusal.of(G.NONE_DISLODGED, power=Power(self.power))
        return Refusal.of(G.YOURS_DISLODGED, units=Words(", ".join(mine)))

    def _dislodged(self, order: Order) -> Refusal | None:
        if self.position.phase.kind != RETREAT:
            return None
        # On the board he knows: a hidden game tells each player his retreats (Envoy's
        # told.py), which the real board's may not be.
        _, seen = writer_view(self.variant, self.position, self.power, self.known)
        d = next((d for d in seen.dislodged if d.unit.power == self.power
                  and province_of(d.unit.loc) == province_of(order.loc)), None)
        if d is None:
            return None
        if not d.retreats:
            return Refusal.of(G.DISLODGED_NOWHERE, unit=d.unit)
        return Refusal.of(G.DISLODGED_MAY, unit=d.unit, places=Locs(d.retreats, ", "))

    def _wrong_kind(self, text: str, order: Order, why: Refusal) -> Refusal | None:
        kind = self.position.phase.kind
        declared = self.variant.rules.registry.orders.get(type(order))
        takes = _TAKES.get(kind)
        # A type the variant registers for this phase is no wrong kind (a variant's own order),
        # nor is an order for a unit of a layer of its own, which the variant's handler
        # judges in any phase and refuses with its own reason: unless the handler left it
        # to the engine's, which names the order in ids (an Envoy diplomat's move in a
        # winter: "not Move(loc='ger', ...)").
        layer = self.variant.rules.kinds.get(order.kind or "")
        if takes is None or isinstance(order, takes[0]) or (
                declared is not None and kind in declared.phases) or (
                layer is not None and layer.layer != "main" and why.code not in _ENGINES):
            return None
        what = next((name for kind, name in _NAMES if isinstance(order, kind)), "an order")
        return Refusal.of(G.WRONG_KIND, line=text.strip(), what=what,
                          phase=self._title(self.position), takes=takes[1])

    def _not_convoyed(self, result: OrderResult) -> Refusal | None:
        """A convoy path written for the writer's own unit of a kind that is never convoyed,
        under the name of one that is (`A Edi-Nth-Nwy` for his fleet in Edinburgh)."""
        order, unit, kinds = result.order, result.unit, self.variant.rules.kinds
        if not isinstance(order, Move) or not (order.route or order.via_convoy) \
                or unit is None or unit.power != self.power or order.kind is None:
            return None
        written, there = kinds.get(order.kind), kinds.get(unit.kind)
        if written is None or there is None or there.convoyable or not written.convoyable:
            return None
        return Refusal.of(G.NOT_THAT_KIND, kind=written.name, place=Loc(unit.loc), unit=unit)

    def _too_many(self, result: OrderResult) -> Refusal:
        """A build or removal over the count: how many are owed, and which take them."""
        country = result.power
        owed = adjustment_counts(self.variant.rules, self.position).get(country, 0)
        building = isinstance(result.order, Build | Waive)
        phase = self._title(self.position)
        if (owed > 0) != building or not owed:
            return Refusal.of(G.NONE_TO_MAKE, power=Power(country),
                              what="build" if building else "removal", phase=phase)
        plural = abs(owed) > 1
        return Refusal.of(G.MAY_BUILD if building else G.MAY_REMOVE, power=Power(country),
                          count=abs(owed), units="units" if plural else "unit", phase=phase,
                          taken=", ".join(self._taking(country, building)),
                          take="take them" if plural else "takes it")

    def _taking(self, country: str, building: bool) -> list[str]:
        """The orders of the set that use `country`'s builds (or removals), as written."""
        # On the board he knows, as his lines were checked: a build that will bounce off
        # what he cannot see is taking its build as far as he may be told.
        rules, seen = writer_view(self.variant, self.position, self.power, self.known)
        orders = ordering.orders_of(self.current)
        outcome = rules.handler(self.position.phase).adjudicate(
            rules, seen, {self.power: orders})
        wanted = (Build, Waive) if building else (Disband,)
        used = [r.order for r in outcome.results if r.power == country
                and r.outcome == Outcome.SUCCEEDS and isinstance(r.order, wanted)]
        return [self._quote(written) for written in self.current.values()
                if any(written.order is order for order in used)]

    def _quote(self, written: ordering.Written) -> str:
        line = next((n for n, w in self.accepted if w is written), None)
        return f"'{written.text}' ({f'line {line}' if line else 'sent earlier'})"

    def _late(self, text: str) -> Refusal | None:
        """'The phase has moved on ...' when `text` was an order the phase before took."""
        before = self.before
        order = self._fitted(before.position, text) if before is not None else None
        if before is None or order is None or self._in_time(before, order):
            return None
        return Refusal.of(G.MOVED_ON, now=self._title(self.position),
                          before=self._title(before.position), when=before.processed)

    def _in_time(self, before: Before, order: Order) -> bool:
        """Whether his orders for the phase before held one for `order`'s unit, as the
        phase's handler reads each for its unit (5.ii: Envoy's `mun-bel` and `D Ger H` are
        both for his diplomat in Germany), a numbered line (`2 D Ita-Fra`) as the same
        line numbered or not (the registry's `counted`). `before.ordered` holds the set's
        keys as written; a key that is a bare province is a line with no kind or a main
        kind, which was taken, so the handler reads it as a kindless hold there would be."""
        if ordering.unit_key(self.variant, order) in before.ordered:
            return True
        slot = ordering.slots(self.variant, before.position, self.power)
        provinces = self.variant.rules.geo.provinces
        bases = {key.split("#")[0] for key in before.ordered}  # a line that adds: its slot
        ordered = {self._slot(Hold(key), slot) if key in provinces else key for key in bases}
        registry = self.variant.rules.registry
        forms = {order, uncounted(registry, order)}
        forms |= {c for o in forms if (c := counted(registry, o, 1)) is not None}
        return any(self._slot(o, slot) in ordered for o in forms)

    def _slot(self, order: Order, slot: ordering.Slot) -> str:
        """The set's slot for `order` read for its unit, before any line's number."""
        order = slot(order)
        kind = self.variant.rules.kinds.get(order.kind or "")
        return self.variant.rules.registry.set_key(order, kind).slot

    def _fitted(self, position: Position, text: str) -> Order | None:
        """`text` as an order `position` would have taken, or None."""
        try:
            order = reader_for(self.variant).read(text, position.phase.kind,
                                                  Writer(self.power, self.known or {}))
        except OrderSyntaxError:
            return None
        written = ordering.Written(text.strip(), order)
        refused = ordering.refusal(self.variant, position, self.power, {"": written}, written)
        return order if refused is None else None

    def _title(self, position: Position) -> str:
        return self.variant.rules.calendar.describe(position.phase)
