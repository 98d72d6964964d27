"""A power's orders for a turn: read, checked and merged per unit into its set.

Every submission stores the power's whole current set (one Order row), so the latest row
is what will be adjudicated and the rows before it are the history of who sent what when
(order_sets.py stores and reads them back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from judge.engine.adjustments import adjustment_counts
from judge.engine.orders import Build, Order, Waive
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.refusal import Refusal, Words, refusal_of
from judge.engine.rules import countries_written_by
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase, Unit, province_of
from judge.game.canonical import canonical, unit_of
from judge.game.reasons import RULES_SAY, TAGGED, UNREADABLE
from judge.game.writer_view import Known, writer_view
from judge.grammar import OrderSyntaxError
from judge.grammar.notation import order_text, unit_text
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


@dataclass(frozen=True, slots=True)
class OrderStatus:
    """What a power has ordered for a phase and what is still missing."""

    power: str
    orders: tuple[str, ...]  # the current set, in the classic notation
    missing: tuple[str, ...]  # units (or builds) still without an order
    errors: tuple[LineError, ...] = ()
    may: tuple[str, ...] = ()  # what he may still order beyond what he owes (`may_order`)

    @property
    def complete(self) -> bool:
        return not self.missing


Numbered = tuple[int, "Written"]


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
            errors.append(LineError(line_no, text, Refusal.of(UNREADABLE, said=str(exc))))
    return read, errors


def stored_set(variant: Variant, phase: Phase, power: str, lines: Sequence[str],
               writer: Writer | None = None) -> dict[str, Written]:
    """A stored submission read back, keyed per unit (lines that no longer read are dropped)."""
    read, _ = read_lines(variant, phase, enumerate(lines, 1), writer or Writer(power))
    merged: dict[str, Written] = {}
    for _, written in read:
        merged[_key(variant, written.order, merged)] = written
    return merged


def _key(variant: Variant, order: Order, current: Mapping[str, Written]) -> str:
    # One entry per unit or build site: a later order for the same slot replaces the
    # earlier one. The order's type says where it sits (order_types.SetKey): a waive, a
    # counted line or a build of a kind whose units combine adds an entry of its own instead.
    kind = variant.rules.kinds.get(order.kind or "")
    key = variant.rules.registry.set_key(order, kind)
    return _numbered(key.slot, current) if key.adds else key.slot


def unit_key(variant: Variant, order: Order) -> str | None:
    """The unit or site an order is for, or None for an order that adds to the others
    rather than replacing one (a waive, a counted line, a build of combining units)."""
    key = _key(variant, order, {})
    return None if "#" in key else key


def _numbered(prefix: str, current: Mapping[str, Written]) -> str:
    return f"{prefix}#{sum(1 for k in current if k.startswith(prefix + '#')) + 1}"


def merge(variant: Variant, position: Position, power: str, current: dict[str, Written],
          new: Sequence[tuple[int, Written]], known: Known = None) -> list[LineError]:
    """Add `new` to `current` (the last order per unit wins); refuse the illegal ones,
    checked on the board `power`'s knowledge record `known` shows him."""
    errors: list[LineError] = []
    for line_no, written in new:
        trial = dict(current)
        trial[_key(variant, written.order, trial)] = written
        refused = refusal(variant, position, power, trial, written, known)
        if refused is not None:
            errors.append(LineError(line_no, written.text, why_refused(refused), refused))
        else:
            current.clear()
            current.update(trial)
    return errors


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
    for written in merged.values():
        order = canonical(variant, position, written.order)
        # A build names the unit to come, not the one standing there (Envoy 4's change
        # of type: `Build A Bre` where F Brest stands).
        unit = None if isinstance(order, Waive | Build) else _unit_for(variant, seen, order)
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


def missing(variant: Variant, position: Position, power: str,
            merged: Mapping[str, Written], known: Known = None) -> tuple[str, ...]:
    """What `power` still has to order this phase (empty: its orders are complete)."""
    geo = variant.rules.geo
    kind = position.phase.kind
    handler = variant.rules.handler(position.phase)
    if handler.runs_without_orders(variant.rules, position):
        return ()
    if kind == ADJUSTMENT:
        counts = _adjustments_owed(variant, position, power)
        # An order of the variant's own (a conversion) is no build, removal or waive.
        left = sum(abs(n) for n in counts) - sum(
            handler.settles(variant.rules, w.order) for w in merged.values())
        if left > 0:
            return (f"{left} more {_adjustment_word(counts, left)}",)
        return () if counts or merged else _choices(variant, position, power)
    if kind not in (MOVEMENT, RETREAT):
        # A phase kind a variant adds (Envoy's placement): what its handler says is owed.
        return handler.owed(variant.rules, position, power, orders_of(merged))
    if kind == RETREAT:
        # A unit with nowhere to go is destroyed whatever is ordered: nothing to wait for.
        # Retreats as he may be told them (writer_view.py): the turn never waits, or not,
        # on what he cannot see.
        _, seen = writer_view(variant, position, power, known)
        units = [d.unit for d in seen.dislodged if d.unit.power == power and d.retreats]
    else:
        units = [u for u in variant.rules.main_units(position)
                 if variant.rules.may_order(position, power, u)]
    return tuple(sorted(unit_text(geo, u.kind, u.loc) for u in units
                        if province_of(u.loc) not in merged))


def _choices(variant: Variant, position: Position, power: str) -> tuple[str, ...]:
    """What a power that owes no build or removal may still order (the handler's
    `choices`): the turn waits for those orders or his WAIVE."""
    rules = variant.rules
    choices = rules.handler(position.phase).choices(rules, position, power)
    if not choices:
        return ()
    return (f"orders you may give ({'; '.join(choices)}), or WAIVE to give none",)


def _adjustments_owed(variant: Variant, position: Position, power: str) -> list[int]:
    """The builds (+) or removals (-) of each country whose adjustments `power` writes
    (his own; in Envoy also his Major Allies' and Controlled Neutrals')."""
    counts = adjustment_counts(variant.rules, position)
    return [counts[c] for c in countries_written_by(variant.rules, position, power)
            if counts.get(c)]


def _adjustment_word(counts: Sequence[int], left: int) -> str:
    plural = "s" if left != 1 else ""
    if all(n > 0 for n in counts):
        return f"build{plural} (or WAIVE)"
    return f"removal{plural}" if all(n < 0 for n in counts) else f"adjustment{plural}"


def may_order(variant: Variant, position: Position, power: str,
              merged: Mapping[str, Written], owed: Sequence[str]) -> tuple[str, ...]:
    """What `power` may still order beyond what it owes (the handler's `choices`, given
    its orders), unless `owed`, what it still owes, says so already."""
    rules = variant.rules
    may = rules.handler(position.phase).choices(rules, position, power, orders_of(merged))
    return () if any(c in o for o in owed for c in may) else may


def status(variant: Variant, position: Position, power: str, merged: Mapping[str, Written],
           errors: Sequence[LineError] = (), known: Known = None) -> OrderStatus:
    owed = missing(variant, position, power, merged, known)
    return OrderStatus(power, describe_set(variant, position, power, merged, known), owed,
                       tuple(errors), may_order(variant, position, power, merged, owed))
