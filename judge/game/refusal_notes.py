"""Notes after a refused line's reason, for what its writer could not act on alone (polish
25's newcomer runs): the later phase an order was meant for, the unit standing on a site a
build was refused for, the unit an order for another kind was read for.

Each reads only what the writer may know: his own line, the board his seat knows
(writer_view: in a hidden game, his own knowledge), his own units, the public calendar.
refusals.Explainer asks them; `project` still checks every unit a note names.
"""

from __future__ import annotations

from collections.abc import Iterable

from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Order, Support, Waive
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.refusal import Loc, Locs, Power, Refusal
from judge.engine.types import ADJUSTMENT, MOVEMENT, province_of
from judge.game import reasons as G
from judge.game.writer_view import Known, writer_view
from judge.variant import Variant

# The later phase kind an order of another kind may be meant for. Not retreats: a retreat
# phase comes only when a unit is dislodged, so none can be promised.
_LATER = ((MOVEMENT, (Hold, Move, Support, Convoy)), (ADJUSTMENT, (Build, Disband, Waive)))
_SEARCHED = 64  # phases looked ahead for the next of a kind: a year of any calendar here


def for_later(variant: Variant, position: Position, order: Order, wrong: bool,
              ordered: Iterable[Order]) -> Refusal | None:
    """How to send `order` to the later phase it fits ('A ser-bul' in the Spring with 'A
    bud-ser': PHASE F1901M first), when it fits one: a build or removal refused as of
    another kind (the next adjustments), or a move refused as for no unit at a place the
    writer's own orders this phase (`ordered`) move a unit into: he means it for after
    that move. Not a line for a place his unit has left (it names the board gone by)."""
    kind = next((k for k, types in _LATER if isinstance(order, types)), None)
    if kind is None or (not wrong and not (
            kind == MOVEMENT and _moving_into(province_of(order.loc), ordered))):
        return None
    calendar, phase = variant.rules.calendar, position.phase
    for _ in range(_SEARCHED):
        phase = calendar.following(phase)
        if phase.kind == kind:
            return Refusal.of(G.FOR_LATER, later=calendar.describe(phase), code=str(phase))
    return None


def _moving_into(place: str, ordered: Iterable[Order]) -> bool:
    return any(isinstance(o, Move) and province_of(o.dest) == place for o in ordered)


def occupant(variant: Variant, position: Position, power: str, known: Known,
             why: Refusal) -> Refusal | None:
    """After "Kiel is not vacant": the unit standing there on the board the writer knows
    (none named where he may not see it)."""
    place = next((v for _, v in why.params if isinstance(v, Loc)), None)
    if place is None:
        return None
    _, seen = writer_view(variant, position, power, known)
    unit = next((u for u in variant.rules.main_units(seen)
                 if province_of(u.loc) == province_of(place.loc)), None)
    if unit is None:
        return None
    if unit.power == power:
        return Refusal.of(G.YOURS_THERE, unit=unit)
    return Refusal.of(G.THEIRS_THERE, power=Power(unit.power), unit=unit)


def other_kind(variant: Variant, power: str, result: OrderResult) -> Refusal | None:
    """After "armies cannot go to Aegean Sea" for 'F smy-aeg': his own unit there is an
    army, not the fleet he wrote (a unit of his own, which he always sees)."""
    unit, written = result.unit, result.order.kind if result.order else None
    kind = variant.rules.kinds.get(written or "")
    if unit is None or kind is None or unit.power != power or unit.kind == written:
        return None
    return Refusal.of(G.OTHER_KIND, unit=unit, written=kind.name)


def build_sites(variant: Variant, position: Position, power: str, known: Known,
                order: Order, ordered: Iterable[Order]) -> Refusal | None:
    """After "Belgium is not a home centre of France" or "France does not own Burgundy":
    the centres he may still build in, beside the orders he has (`ordered`), each tried
    by the phase's own handler (a variant's sites are its own: 1885's, Envoy's capitals)
    on the board he knows; none free while a build is left, and he is told to WAIVE."""
    if not isinstance(order, Build) or order.kind in variant.rules.geo.other_layers:
        return None
    rules, seen = writer_view(variant, position, power, known)
    handler, given = rules.handler(position.phase), list(ordered)

    def taken(extra: Order) -> bool:
        results = handler.adjudicate(rules, seen, {power: [*given, extra]}).results
        return any(r.order is extra and r.outcome == Outcome.SUCCEEDS for r in results)

    free = [p for p in sorted(p for p, owner in seen.owners.items() if owner == power)
            if taken(Build(p, order.kind))]
    if free:
        return Refusal.of(G.BUILD_IN, power=Power(power), places=Locs(tuple(free), ", "))
    return Refusal.of(G.BUILD_NOWHERE, power=Power(power)) if taken(Waive()) else None
