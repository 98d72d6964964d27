"""Players who probe: random orders of every kind, and lines naming every neighbour.

A `ProbingPlayer` writes, for a power, the orders of every unit the rules let it order
(`Rules.may_order`: Envoy's allies and controlled neutrals included), from the map alone:
holds, moves, supports of holds and of moves, convoys and moves by convoy, retreats,
disbandments, builds, removals and waives. Each line is a `Line`, which says which places it
names, so a secrets generator can tell which units an order could touch without asking the
judge. `probes` are the lines a curious player writes once he has seen a turn's results:
for every unit he orders, a support of an army and of a fleet (of a diplomat, for a
diplomat) in every neighbouring place, a move there, a supported move out of each, and a
convoy between each pair of coasts around a fleet at sea; and orders for units in random
places anywhere on the board. A variant with kinds or phases of its own subclasses it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, UnitKind


def province(loc: str) -> str:
    return loc.split("/")[0]


@dataclass(frozen=True)
class Line:
    """One order line, the places it names (provinces, coasts folded), the layer of the
    units it names ('main' for armies and fleets) and the power whose unit it orders."""

    text: str
    names: frozenset[str]
    layer: str
    power: str
    subject: str = ""  # the place of the unit a support or convoy is for
    unit: str = ""  # the unit it orders, as "A bur", when it orders one


@dataclass(frozen=True)
class Avoid:
    """Which lines a player may not write: those naming one of `places` in one of `layers`
    (every layer when empty), and those for a unit or build of one of `powers`."""

    places: frozenset[str] = frozenset()
    layers: frozenset[str] = frozenset()
    powers: frozenset[str] = frozenset()

    def __call__(self, line: Line) -> bool:
        return line.power in self.powers or (bool(line.names & self.places) and (
            not self.layers or line.layer in self.layers))


NOTHING = Avoid()  # every line may be written


class ProbingPlayer:
    """Random and probing orders for the standard kinds of unit, from the rules' map."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo

    def orders(self, rng: random.Random, position: Position, power: str,
               avoid: Avoid = NOTHING) -> list[Line]:
        """Random orders for `power`'s units; none that `avoid` names (a unit whose every
        order it names, as one standing in such a place, gets none and holds)."""
        kind = position.phase.kind
        if kind == "M":
            chosen = [self.order(rng, position, unit, avoid)
                      for unit in self.ordered(position, power)]
            return [line for line in chosen if line is not None]
        if kind == "R":
            lines = self.retreats(rng, position, power)
        elif kind == "A":
            lines = self.adjustments(rng, position, power)
        else:
            return []
        return [line for line in lines if not avoid(line)]

    def ordered(self, position: Position, power: str) -> list[Unit]:
        """One unit per kind and place (a stack is ordered by one line) that `power` orders."""
        seen: dict[tuple[str, str], Unit] = {}
        for unit in position.units:
            if self.rules.may_order(position, power, unit):
                seen.setdefault((unit.kind, unit.loc), unit)
        return [seen[key] for key in sorted(seen)]

    def kind(self, unit: Unit) -> UnitKind:
        return self.rules.kinds[unit.kind]

    def near(self, kind: UnitKind, loc: str) -> list[str]:
        return sorted(self.geo.neighbours(kind, loc))

    def line(self, unit: Unit, text: str, *names: str, subject: str = "") -> Line:
        gap = "" if text.startswith("-") else " "
        return Line(f"{unit.kind} {unit.loc}{gap}{text}".strip(),
                    frozenset(province(n) for n in (unit.loc, *names)),
                    self.kind(unit).layer, unit.power, province(subject),
                    f"{unit.kind} {province(unit.loc)}")

    def order(self, rng: random.Random, position: Position, unit: Unit,
              avoid: Avoid = NOTHING) -> Line | None:
        """A random order that `avoid` does not name (None if it names every one); a support
        or convoy only for a unit that is there, so that units meet, bounce and are
        dislodged."""
        layer = self.kind(unit).layer
        there = {province(u.loc) for u in position.units if self.kind(u).layer == layer}
        choices = [line for line in self.every_order(unit)
                   if (not line.subject or line.subject in there) and not avoid(line)]
        return rng.choice(choices) if choices else None

    def every_order(self, unit: Unit) -> Iterator[Line]:
        """Every hold, move, support and convoy this unit could be given, named by place."""
        kind = self.kind(unit)
        yield self.line(unit, "H")
        for there in self.near(kind, unit.loc):
            yield self.line(unit, f"-{there}", there)
            yield from self.supports(unit, there)
        yield from self.convoys(unit)

    def letters(self, layer: str, place: str) -> list[str]:
        """The kinds of `layer` that may stand in `place`'s province."""
        return [k.code for k in self.rules.kinds.values()
                if k.layer == layer and self.geo.stand_locations(k, province(place))]

    def supports(self, unit: Unit, there: str) -> Iterator[Line]:
        """Supports of a hold in `there`, and of moves into `there` from its neighbours."""
        layer = self.kind(unit).layer
        for letter in self.letters(layer, there):
            yield self.line(unit, f"S {letter} {province(there)}", there, subject=there)
            for origin in self.near(self.rules.kinds[letter], province(there)):
                if province(origin) != province(unit.loc):
                    yield self.line(unit, f"S {letter} {province(origin)}-{province(there)}",
                                    origin, there, subject=origin)

    def convoys(self, unit: Unit) -> Iterator[Line]:
        kind = self.kind(unit)
        if kind.convoys_in and self.geo.provinces[province(unit.loc)].terrain in kind.convoys_in:
            coasts = [p for p in self.near(kind, unit.loc) if self.letters("main", p) == ["A", "F"]]
            for start in coasts:
                for end in coasts:
                    if start != end:
                        yield self.line(unit, f"C A {province(start)}-{province(end)}",
                                        start, end, subject=start)
        if kind.convoyable:
            yield from self.sea_moves(unit)

    def sea_moves(self, unit: Unit) -> Iterator[Line]:
        """Moves by convoy to a coast across one sea."""
        fleet = self.rules.kinds.get("F")
        if fleet is None:
            return
        for sea in self.near(fleet, unit.loc):
            if self.geo.provinces[province(sea)].terrain == "sea":
                for end in self.near(fleet, sea):
                    if province(end) != province(unit.loc):
                        yield self.line(unit, f"-{province(end)} via convoy", sea, end)

    def retreats(self, rng: random.Random, position: Position, power: str) -> list[Line]:
        lines = []
        for gone in position.dislodged:
            unit = gone.unit
            if not self.rules.may_order(position, power, unit):
                continue
            places = self.near(self.kind(unit), unit.loc)
            choice = rng.choice([*places, "disband"]) if places else "disband"
            text = "disband" if choice == "disband" else f"-{choice}"
            lines.append(self.line(unit, text, *([] if choice == "disband" else [choice])))
        return lines

    def home_centres(self, power: str) -> list[str]:
        return sorted(p.id for p in self.geo.provinces.values() if p.home == power and p.supply)

    def adjustments(self, rng: random.Random, position: Position, power: str) -> list[Line]:
        """Builds in the home centres of every country the power orders, a removal now and
        then, and sometimes a waive: the judge refuses what is not due."""
        lines = []
        for country in self.countries(position, power):
            for centre in self.home_centres(country):
                letter = rng.choice(["A", "F", "", ""])
                if letter:
                    lines.append(Line(f"Build {letter} {centre}", frozenset({centre}), "main",
                                      country))
        units = self.ordered(position, power)
        if units and rng.random() < 0.3:
            unit = rng.choice(units)
            lines.append(Line(f"Remove {unit.kind} {unit.loc}", frozenset({province(unit.loc)}),
                              self.kind(unit).layer, unit.power))
        if rng.random() < 0.2:
            lines.append(Line("Waive", frozenset(), "main", power))
        return lines

    def countries(self, position: Position, power: str) -> list[str]:
        """The powers whose units `power` orders (its own first)."""
        others = {u.power for u in position.units if u.power != power
                  and self.rules.may_order(position, power, u)}
        return [power, *sorted(others)]

    def probes(self, rng: random.Random, position: Position, power: str,
               places: frozenset[str] = frozenset()) -> list[Line]:
        """Lines naming every neighbour of every unit the power orders, and places anywhere,
        as the phase takes them (moves, retreats, adjustments); first, lines naming
        `places` (the test's choice: the same lines go to both games, so any may be sent)."""
        kind = position.phase.kind
        lines: list[Line] = list(self.naming(position, power, places))
        if kind == "R":
            lines.extend(self.every_retreat(position, power))
        elif kind == "A":
            lines.extend(self.every_adjustment(position, power))
        else:
            for unit in self.ordered(position, power):
                lines.extend(self.every_order(unit))
        lines.extend(self.anywhere(rng, 12, kind))
        return lines

    def naming(self, position: Position, power: str, places: frozenset[str]) -> Iterator[Line]:
        """Orders of every kind for units in `places`, and from each of the power's units
        for them, whether or not the map allows them."""
        kind = position.phase.kind
        for place in sorted(places):
            for letter in sorted(self.rules.kinds):
                if kind == "A":
                    yield Line(f"Remove {letter} {place}", frozenset({place}), "", "")
                    yield Line(f"Build {letter} {place}", frozenset({place}), "", "")
                    continue
                yield Line(f"{letter} {place} H", frozenset({place}), "", "")
                for unit in self.ordered(position, power):
                    yield self.line(unit, f"S {letter} {place}", place, subject=place)
                    yield self.line(unit, f"-{place}", place)
                    yield self.line(unit, f"S {letter} {place}-{province(unit.loc)}", place,
                                    subject=place)

    def every_retreat(self, position: Position, power: str) -> Iterator[Line]:
        """A retreat of each dislodged unit to each neighbour, and of units not dislodged."""
        for gone in position.dislodged:
            unit = gone.unit
            for there in self.near(self.kind(unit), unit.loc):
                yield self.line(unit, f"-{there}", there)
        for unit in self.ordered(position, power):
            for there in self.near(self.kind(unit), unit.loc):
                yield self.line(unit, f"-{there}", there)

    def every_adjustment(self, position: Position, power: str) -> Iterator[Line]:
        """A build of every kind in every home centre of every country, and a removal of a
        unit of every kind in every place next to the power's units."""
        for country in sorted({p.home for p in self.geo.provinces.values() if p.home}):
            for centre in self.home_centres(country):
                for letter in sorted(self.rules.kinds):
                    yield Line(f"Build {letter} {centre}", frozenset({centre}),
                               self.rules.kinds[letter].layer, country)
        around = {province(n) for u in self.ordered(position, power)
                  for n in (u.loc, *self.near(self.kind(u), u.loc))}
        for place in sorted(around):
            for letter in self.letters("main", place):
                yield Line(f"Remove {letter} {place}", frozenset({place}), "main", "")

    def anywhere(self, rng: random.Random, count: int, phase_kind: str) -> Iterable[Line]:
        """Orders for units that may or may not stand in random places of the board."""
        places = sorted(self.geo.provinces)
        for _ in range(count):
            kind = rng.choice(sorted(self.rules.kinds))
            at, there = rng.choice(places), rng.choice(places)
            text = rng.choice({
                "A": [f"Remove {kind} {at}", f"Build {kind} {at}"],
                "R": [f"{kind} {at}-{there}", f"{kind} {at} disband"],
            }.get(phase_kind, [f"{kind} {at} H", f"{kind} {at}-{there}",
                               f"{kind} {there} S {kind} {at}"]))
            layer = self.rules.kinds[kind].layer
            yield Line(text, frozenset({at, there}), layer, "")
