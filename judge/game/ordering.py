"""A power's orders for a turn: read, checked and merged per unit into its set.

Every submission stores the power's whole current set (one Order row), so the latest row
is what will be adjudicated and the rows before it are the history of who sent what when
(order_sets.py stores and reads them back; owed.py says what the set still lacks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from judge.engine.handler import PhaseHandler
from judge.engine.orders import Build, Order, Waive
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Refusal, Words, refusal_of
from judge.engine.rules import Rules
from judge.engine.types import ADJUSTMENT, RETREAT, Phase, Unit, province_of
from judge.game.canonical import canonical, unit_of
from judge.game.reasons import RULES_SAY, TAGGED, UNREADABLE
from judge.game.writer_view import Known, writer_view
from judge.grammar import OrderSyntaxError
from judge.grammar.notation import order_text
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant


@dataclass(frozen=True, slots=True)
class LineError:
    line_no: int
    text: str
    why: Refusal  # in ids: worded for its reader only when he is answered
    # The engine's answer when the phase's handler refused the order (None: unreadable).
    refusal: OrderResult | None = None

    @property
    def reason(self) -> str:
        """The reason in the engine's words (ids), as the adjudicator's log has it."""
        return self.why.render()


@dataclass(frozen=True, slots=True)
class Written:
    """An order as the player wrote it and as the judge read it."""

    text: str
    order: Order


Numbered = tuple[int, "Written"]
# An order as for the unit the phase's handler reads it for (`slots`): its set key's order.
Slot = Callable[[Order], Order]


def _as_written(order: Order) -> Order:
    return order


def read_lines(variant: Variant, phase: Phase, lines: Iterable[tuple[int, str]],
               writer: Writer) -> tuple[list[Numbered], list[LineError]]:
    """Each line read into an order by the variant's reader, or an error quoting it."""
    reader = reader_for(variant)
    read: list[tuple[int, Written]] = []
    errors: list[LineError] = []
    for line_no, text in lines:
        try:
            read.append((line_no, Written(text.strip(), reader.read(text, phase.kind, writer))))
        except OrderSyntaxError as exc:
            errors.append(LineError(line_no, text, Refusal.of(UNREADABLE,
                                                              said=_sentence(str(exc)))))
    return read, errors


def _sentence(said: str) -> str:
    """A reader's message ended as a sentence, so that HELP ORDERS's hint after it reads as
    one too (a variant's reader may leave the full stop off: Algernon's)."""
    return said if said.endswith((".", "?", "!")) else f"{said}."


def stored_set(variant: Variant, phase: Phase, power: str, lines: Sequence[str],
               writer: Writer | None = None) -> dict[str, Written]:
    """A stored submission read back, keyed per unit (lines that no longer read are dropped)."""
    read, _ = read_lines(variant, phase, enumerate(lines, 1), writer or Writer(power))
    merged: dict[str, Written] = {}
    for _, written in read:
        merged[_key(variant, written.order, merged)] = written
    return merged


def _key(variant: Variant, order: Order, current: Mapping[str, Written],
         slot: Slot = _as_written) -> str:
    # One entry per unit or build site: a later order for the same slot replaces the
    # earlier one. The order's type says where it sits (order_types.SetKey): a waive, a
    # counted line or a build of a kind whose units combine adds an entry of its own instead.
    # `slot` writes the order for the unit the handler reads it for (Envoy's `mun-bel` is
    # `D Ger-Bel`, 5.ii), so that both lines for one unit share its entry.
    order = slot(order)
    kind = variant.rules.kinds.get(order.kind or "")
    key = variant.rules.registry.set_key(order, kind)
    return _numbered(key.slot, current) if key.adds else key.slot


def unit_key(variant: Variant, order: Order, slot: Slot = _as_written) -> str | None:
    """The unit or site an order is for, or None for an order that adds to the others
    rather than replacing one (a waive, a counted line, a build of combining units)."""
    key = _key(variant, order, {}, slot)
    return None if "#" in key else key


def slots(variant: Variant, position: Position, power: str, known: Known = None) -> Slot:
    """Each of `power`'s orders as for the unit the phase's handler reads it for
    (PhaseHandler.for_unit), on the board he knows: never from units he cannot see."""
    rules, seen = writer_view(variant, position, power, known)
    handler = rules.handler(position.phase)
    if type(handler).for_unit is PhaseHandler.for_unit:
        return _as_written  # every order as written: nothing to re-key (`merge`)
    return lambda order: handler.for_unit(rules, seen, power, order)


def _rekeyed(variant: Variant, current: dict[str, Written], slot: Slot) -> None:
    """`current` keyed by `slot`: a stored set is read back by its text alone
    (`stored_set`), with no board to say which unit a line is for."""
    taken = list(current.values())
    current.clear()
    for written in taken:
        current[_key(variant, written.order, current, slot)] = written


def _numbered(prefix: str, current: Mapping[str, Written]) -> str:
    return f"{prefix}#{sum(1 for k in current if k.startswith(prefix + '#')) + 1}"


def merge(variant: Variant, position: Position, power: str, current: dict[str, Written],
          new: Sequence[tuple[int, Written]], known: Known = None) -> list[LineError]:
    """Add `new` to `current` (the last order per unit wins); refuse the illegal ones,
    checked on the board `power`'s knowledge record `known` shows him.

    Each line is checked in the set as it stands when the line comes: `current` with the
    lines before it that were taken. Where the phase's handler refuses an order by the
    order alone (`refused_alone`), one adjudication of the set with every line gives each
    line the same answer (issue #18: an adjudication per line was the largest single
    step of an order message)."""
    slot = slots(variant, position, power, known)
    if slot is not _as_written:
        _rekeyed(variant, current, slot)
    errors = _merged_at_once(variant, position, power, current, new, known, slot)
    if errors is not None:
        return errors
    errors = []
    for line_no, written in new:
        trial = dict(current)
        trial[_key(variant, written.order, trial, slot)] = written
        refused = refusal(variant, position, power, trial, written, known)
        if refused is not None:
            errors.append(LineError(line_no, written.text, why_refused(refused), refused))
        else:
            current.clear()
            current.update(trial)
    return errors


def _merged_at_once(variant: Variant, position: Position, power: str,
                    current: dict[str, Written], new: Sequence[tuple[int, Written]],
                    known: Known, slot: Slot = _as_written) -> list[LineError] | None:
    """`merge` by one adjudication of `current` with every line of `new`, or None (nothing
    done) where that might not be the same answer as checking the lines one by one."""
    rules, seen = writer_view(variant, position, power, known)
    handler = rules.handler(position.phase)
    lines = [(_key(variant, written.order, current, slot), line_no, written)
             for line_no, written in new]
    if not _apart(rules, handler, current, [(key, w.order) for key, _, w in lines]):
        return None
    every = dict(current)
    every.update((key, written) for key, _, written in lines)
    outcome = handler.adjudicate(rules, seen, {power: orders_of(every)})
    refused: dict[int, OrderResult] = {}
    for result in outcome.results:  # the first refusal of each order, as `refusal` reads
        if _refused(result, position.phase.kind):
            refused.setdefault(id(result.order), result)
    errors = []
    for key, line_no, written in lines:
        found = refused.get(id(written.order))
        if found is not None:
            errors.append(LineError(line_no, written.text, why_refused(found), found))
        else:
            current[key] = written  # where the line by line merge puts it
    return errors


def _apart(rules: Rules, handler: PhaseHandler, current: Mapping[str, Written],
           new: Sequence[tuple[str, Order]]) -> bool:
    """Whether each line's answer in the set with every line is its answer line by line:
    the handler refuses each order of the set and the message by itself, given no other
    order for its place (`refused_alone`); the lines are for different entries, none
    adding one (a waive: its entry's number depends on the lines taken before it); and
    orders for one place sit in one entry, so that no set the lines are checked in, line
    by line or at once, gives a place two orders. Then a line is refused in one set as in
    the other, and the set taken is `current` with the lines not refused."""
    keys = [key for key, _ in new]
    if len(set(keys)) != len(keys) or any("#" in key for key in keys):
        return False
    entry_of: dict[str, str] = {}
    for key, order in (*((k, w.order) for k, w in current.items()), *new):
        place = handler.refused_alone(rules, order)
        if place is None or entry_of.setdefault(place, key) != key:
            return False
    return True


# Reasons that speak of the order itself, never of other orders: an adjustment handler
# answers "fails" for a build it cannot make (no such site, occupied, too many), which is
# as final as "illegal". A bounce or a cut support is only known at the deadline.
_REFUSING = frozenset({Reason.ILLEGAL, Reason.NO_UNIT, Reason.NOT_YOURS, Reason.TOO_MANY})


def refusal(variant: Variant, position: Position, power: str,
            orders: Mapping[str, Written], written: Written,
            known: Known = None) -> OrderResult | None:
    """The engine's refusal of `written` in this set, or None when it would be carried out.

    The phase's own handler is asked, so every variant's legality (and its reasons) is what
    adjudication will apply, on the board the writer knows (writer_view.py): a unit he
    cannot see is neither named nor hinted at in the answer, and an order naming a place
    where one might stand is taken as written, to be judged at adjudication.
    """
    rules, seen = writer_view(variant, position, power, known)
    given = [w.order for w in orders.values()]
    outcome = rules.handler(position.phase).adjudicate(rules, seen, {power: given})
    for result in outcome.results:
        if result.order is written.order and _refused(result, position.phase.kind):
            return result
    return None


def _refused(result: OrderResult, kind: str) -> bool:
    # In adjustments nothing else happens: an order that fails, fails whatever is sent.
    return (result.outcome == Outcome.ILLEGAL or result.reason in _REFUSING
            or (kind == ADJUSTMENT and result.outcome == Outcome.FAILS))


def why_refused(result: OrderResult) -> Refusal:
    """The engine's refusal of an order: the reason it was worded from, a variant's own
    words, or, with neither, the report's tag."""
    stated = refusal_of(result.message)
    if stated is not None:
        return stated
    if result.message:
        return Refusal.of(RULES_SAY, said=Words(result.message))
    return Refusal.of(TAGGED, tag=result.reason.value if result.reason else "illegal order")


def orders_of(merged: Mapping[str, Written]) -> list[Order]:
    return [w.order for w in merged.values()]


def describe_set(variant: Variant, position: Position, power: str,
                 merged: Mapping[str, Written], known: Known = None) -> tuple[str, ...]:
    # A support names no unit he cannot see; each order names its unit as his own orders
    # make it (the handler's `as_ordered`: a unit whose kind they choose).
    _, seen = writer_view(variant, position, power, known)
    seen = variant.rules.handler(position.phase).as_ordered(
        variant.rules, seen, power, orders_of(merged))
    layer = {code: kind.layer for code, kind in variant.rules.kinds.items()}
    # Each layer's units apart: an army and a diplomat may share a province (Envoy 5), and
    # each order is written with the unit of its own layer, and names others of that layer.
    kinds_at: dict[str, dict[str, str]] = {}
    for standing in (*seen.units, *(d.unit for d in position.dislodged)):
        kinds_at.setdefault(layer[standing.kind], {})[province_of(standing.loc)] = \
            standing.kind
    texts = []
    slot = slots(variant, position, power, known)
    for written in merged.values():
        order = canonical(variant, position, written.order, power)
        # A build names the unit to come, not the one standing there (Envoy 4's change
        # of type: `Build A Bre` where F Brest stands). The unit is the one the handler reads
        # the line for: Envoy's `mun H` is his diplomat's in Germany (5.ii), no army's.
        unit = None if isinstance(order, Waive | Build) \
            else _unit_for(variant, seen, slot(order))
        result = OrderResult(power, unit, order, written.text, Outcome.SUCCEEDS)
        own = layer[unit.kind] if unit is not None else layer.get(order.kind or "", "main")
        texts.append(order_text(variant.rules, result, position.phase.kind,
                                kinds_at.get(own, {})))
    return tuple(texts)


def _unit_for(variant: Variant, seen: Position, order: Order) -> Unit | None:
    """The unit an order is written for, as its writer sees the board: of the layer its
    kind names, or, with no kind written, any unit standing there."""
    unit = unit_of(variant, seen, order)
    if unit is not None or order.kind is not None or seen.phase.kind == RETREAT:
        return unit
    prov = province_of(order.loc)
    return next((u for u in seen.units if province_of(u.loc) == prov), None)
