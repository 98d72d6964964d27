"""1885-III's set-up choices (l.9-15): Italy's unit in Rome is an army or a fleet; of
Russia's St Petersburg and Sevastopol one is an army, the other a fleet; Sweden's unit in
Oslo is an army or a fleet. "The chosen type of the initially undetermined units in Italy,
Russia and Sweden do not have to revealed before the first move."

They are orders of an opening set-up turn, `DECB1884C` ("December 1884 Set-up"), before
January 1885: `Build F Rom`, `Build A Sev` (Sevastopol an army, so St Petersburg a fleet),
`Build F Osl`. Only Italy, Russia and Sweden write one; a choice not made leaves the
variant.toml's unit (A Rom; A StP and F Sev; A Osl). Until the January 1885 move is
adjudicated, no other player sees those units, nor the choices (`SetupSecrecy`): the
reports, LIST and the pictures leave them out for him, and the set-up turn's results are
only ever shown to their own player and the master.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Build, Order
from judge.engine.outcome import Event, OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules
from judge.engine.types import Phase, Unit, province_of
from judge.engine.visibility import Role, Seen, Viewer

SETUP = "C"  # the set-up turn's phase kind (variant.toml [phase_names])
FIRST_MOVE = Phase(1885, "JAN", "M")
CHOICES = {"ITALY": ("rom",), "RUSSIA": ("stp", "sev"), "SWEDEN": ("osl",)}
OTHER_KIND = {"A": "F", "F": "A"}
CHOSEN = "set-up choice"  # the message of a choice's result, which others never see


class SetupChoices(PhaseHandler):
    def owed(self, rules: Rules, position: Position, power: str,
             orders: Sequence[Order]) -> tuple[str, ...]:
        if power not in CHOICES or any(isinstance(o, Build) for o in orders):
            return ()
        names = " or ".join(rules.geo.provinces[p].name for p in CHOICES[power])
        return (f"a set-up choice: Build A or F {names}",)

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        units = list(position.units)
        results: list[OrderResult] = []
        for power, given in orders.items():
            for order in given:
                results.append(_choose(rules, power, order, units))
        after = position.with_board(tuple(units))
        return PhaseOutcome(tuple(results), after, tuple(results))


def _choose(rules: Rules, power: str, order: Order, units: list[Unit]) -> OrderResult:
    places = CHOICES.get(power, ())
    where = province_of(order.loc)
    why = ""
    if not places:
        why = (f"{power} has no set-up choice (l.9-15: only Italy, Russia and Sweden choose "
               "units in this turn): you have nothing to order in it. Moves are for January 1885 "
               "Movement: send them when it opens, or now after a line PHASE January 1885 "
               "Movement")
    elif not isinstance(order, Build) or where not in places or order.kind not in OTHER_KIND:
        why = f"{power}'s set-up choice is written Build A or F {' or '.join(places)}"
    elif not rules.geo.stand_locations(rules.kinds[order.kind], where):
        why = f"a {rules.kinds[order.kind].name} cannot stand in {where}"
    if why:
        return OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.ILLEGAL, why)
    assert isinstance(order, Build) and order.kind is not None
    kinds = {where: order.kind, **{p: OTHER_KIND[order.kind] for p in places if p != where}}
    for i, unit in enumerate(units):
        if unit.power == power and province_of(unit.loc) in kinds:
            units[i] = Unit(power, kinds[province_of(unit.loc)], province_of(unit.loc))
    chosen = next(u for u in units if u.power == power and province_of(u.loc) == where)
    return OrderResult(power, chosen, order, "", Outcome.SUCCEEDS, None, CHOSEN)


def before_first_move(position: Position) -> bool:
    return position.phase.kind == SETUP or position.phase == FIRST_MOVE


class SetupSecrecy:
    """Full information, except the set-up choices (l.15) until the first move."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        return tuple(e for e in events if not _hidden_choice(e, viewer))

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        return self.project(events, viewer)

    def board(self, position: Position, viewer: Viewer) -> Position:
        if not before_first_move(position) or viewer.role == Role.MASTER:
            return position
        kept = tuple(u for u in position.units if not _undetermined(u, viewer))
        return position if len(kept) == len(position.units) else \
            position.with_board(kept, position.dislodged, position.owners)

    def hides(self, position: Position, viewer: Viewer) -> bool:
        return before_first_move(position) and viewer.role != Role.MASTER


def _undetermined(unit: Unit, viewer: Viewer) -> bool:
    return unit.power != viewer.power and province_of(unit.loc) in CHOICES.get(unit.power, ())


def _hidden_choice(event: Event, viewer: Viewer) -> bool:
    return isinstance(event, OrderResult) and event.message == CHOSEN and \
        viewer.role != Role.MASTER and event.power != viewer.power
