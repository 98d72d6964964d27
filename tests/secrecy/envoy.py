"""Envoy's plug-in for the non-interference harness (tests/secrecy/noninterference.py).

The game: `beta`, two to four players on powers drawn from the seed, Secret or Stab Envoy
(or none, for the harness's own test), an observer, the game's secret seed drawn too.

What the others may not know (`EnvoySecrets`), decided from rules 11 and 12
(shared/rules/envoy.txt) and the map, with the true board and everybody's planned orders:

- **A diplomat that meets nobody** (11, and 12d's "otherwise diplomat movements remain
  unknown"): one player's diplomats hold in game A and move to a neighbouring space in
  game B, when no other player's diplomat stands in either space and no other player's
  diplomat order names either (so no move, support or stand makes a contact). Under Stab
  the neutral countries' spaces are left out: a diplomat entering or leaving one changes
  who controls it, which rule 12c publishes; under Secret nobody but the controller is
  told (11), so they are in, and so are the players' home countries under both.
- **An army or fleet that meets nobody** (Stab only, 12d): one player's own unit holds in A
  and moves to a neighbour in B, when no unit of any other power stands in either province
  and no order for another power's army or fleet names either. Both provinces are
  no supply centre, or a home centre of the unit's own power, so no centre changes hands
  (12e publishes the counts) and rule 8 cannot be triggered.
- **A diplomat placed elsewhere** (11, pointing to rule 4): one of a player's placements
  goes to one space outside every country in A and to another in B, when no other player
  places a diplomat in either.
- **A build nobody sees**: a diplomat built in B and not in A (11 and 12: diplomats are
  hidden); under Stab also an army or fleet in a vacant home centre (12: adjustments show
  only the reader's own countries).

Retreats are public (12b) and give no difference.
"""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.game.games import find_game, plain_variant
from tests.conversations.seating_helpers import POWERS, account
from tests.secrecy.noninterference import Difference, Seat, Table
from tests.secrecy.observer_leave import allow_in_twin
from tests.secrecy.probing import NOTHING, Avoid, Line, ProbingPlayer, province
from tests.secrecy.twin import Twin

GAME = "beta"
MASTER = Seat("", "gm@example.org", f"SIGNON M{GAME} gmpw")
OBSERVER = Seat("", "obs@example.org", f"SIGNON O{GAME} obspw")
DIPLOMAT = "diplomat"
KINDLESS = 0.4  # how often a diplomat's order is written without its kind


class EnvoyPlayer(ProbingPlayer):
    """Probing orders with diplomats: placements (rule 4) and diplomat builds (rule 9)."""

    def __init__(self) -> None:
        variant = plain_variant("envoy")
        super().__init__(variant.rules)
        with open(variant.folder / "countries.csv", newline="") as source:
            rows = list(csv.DictReader(source))
        self.home_space = {row["power"]: row["space"] for row in rows}
        # Each country's provinces, by its space (a diplomat's order may name one, 5.ii).
        self.provinces = {row["space"]: sorted(row["provinces"].split()) for row in rows}
        self.country_spaces = frozenset(self.home_space.values())

    def orders(self, rng: random.Random, position: Position, power: str,
               avoid: Avoid = NOTHING) -> list[Line]:
        if position.phase.kind == "P":
            return [line for line in self.placement(rng, power) if not avoid(line)]
        lines = super().orders(rng, position, power, avoid)
        if position.phase.kind == "A" and rng.random() < 0.6:
            lines.append(self.build_diplomat(power))
        return [line for line in lines if not avoid(line)]

    def order(self, rng: random.Random, position: Position, unit: Unit,
              avoid: Avoid = NOTHING) -> Line | None:
        """Now and then a diplomat's order written without its kind, its country named by
        one of its provinces ('mun-bel' for D Germany, 5.ii): the line is the writer's
        diplomat's, whatever army he cannot see stands in that province (advsec6)."""
        line = super().order(rng, position, unit, avoid)
        provinces = self.provinces.get(unit.loc, ())
        if line is None or unit.kind != "D" or not provinces or rng.random() >= KINDLESS:
            return line
        # A province a secret names, when the country has one: the test may write any line
        # (the same to both games), and those are where the reading could tell.
        named = rng.choice([p for p in provinces if p in avoid.places] or provinces)
        head = f"{unit.kind} {unit.loc}"
        return replace(line, text=named + line.text[len(head):], names=line.names | {named})

    def diplomat_places(self, space: str) -> list[str]:
        return sorted(self.geo.neighbours(self.rules.kinds["D"], space))

    def placement(self, rng: random.Random, power: str) -> list[Line]:
        """Four diplomats within a diplomat's move of home (rule 4), an army for a fleet
        now and then."""
        home = self.home_space[power]
        places = [home, *self.diplomat_places(home)]
        lines = [self.build_place(rng.choice(places), power) for _ in range(4)]
        if rng.random() < 0.3:
            centre = rng.choice(self.home_centres(power))
            lines.append(Line(f"Build {rng.choice('AF')} {centre}", frozenset({centre}), "main",
                              power))
        return lines

    def build_place(self, place: str, power: str) -> Line:
        return Line(f"Build D {place}", frozenset({place}), DIPLOMAT, power)

    def build_diplomat(self, power: str, sites: bool = True) -> Line:
        """`Build D <home>`, naming the home centres too unless `sites` is False: rule 9
        builds a diplomat only on a vacant home centre (the capital, else the first free
        one), so the line builds in one game only where an army or fleet of a secret
        stands in one of them in one game only (stab-40: Germany's fleet stayed in Kiel in
        game A, its diplomat built in B alone bounced England's pair from Belgium)."""
        home = self.home_space[power]
        names = {home, *self.home_centres(power)} if sites else {home}
        return Line(f"Build D {home}", frozenset(names), DIPLOMAT, power)


class EnvoySecrets:
    """The plug-in: the game, its players, and what each may not know (module docstring)."""

    def __init__(self, hidden: str) -> None:
        self.hidden = hidden
        self.player = EnvoyPlayer()

    def create(self, twin: Twin, rng: random.Random) -> Table:
        powers = sorted(rng.sample(sorted(POWERS), rng.choice((2, 3, 4))))
        return envoy_table(twin, self.hidden, powers, rng.randrange(2**62))

    def secrets(self, rng: random.Random, position: Position,
                orders: Mapping[str, Sequence[Line]]) -> list[Difference]:
        if self.hidden not in ("secret", "stab"):
            return []
        kind = position.phase.kind
        found: list[Difference] = []
        places = self.player.geo.province_graph()
        for owner in orders:
            others = [line for p, lines in orders.items() if p != owner for line in lines]
            if kind == "P":
                found.extend(self.placements(owner, orders[owner], others))
            elif kind == "M":
                found.extend(self.diplomat_moves(position, owner, others))
                if self.hidden == "stab":
                    found.extend(self.unit_moves(position, owner, orders))
            elif kind == "A":
                found.extend(self.builds(position, owner, orders[owner]))
        return [replace(d, distance=_distance(places, d, position, orders)) for d in found]

    def placements(self, owner: str, mine: Sequence[Line],
                   others: Sequence[Line]) -> Iterator[Difference]:
        named = _names(others, DIPLOMAT)
        home = self.player.home_space[owner]
        places = [p for p in self.player.diplomat_places(home)
                  if p not in self.player.country_spaces and p not in named]
        planned = [line for line in mine if line.layer == DIPLOMAT]
        for x in places:
            for y in places:
                if x < y and planned:
                    yield Difference(owner, (self.player.build_place(x, owner),),
                                     (self.player.build_place(y, owner),),
                                     f"{owner} places a diplomat in {x} or {y}",
                                     without=(planned[0],))

    def diplomat_moves(self, position: Position, owner: str,
                       others: Sequence[Line]) -> Iterator[Difference]:
        foreign = {province(u.loc) for u in position.units if u.kind == "D" and u.power != owner}
        busy = foreign | _names(others, DIPLOMAT) | self.barred(position)
        stacks = sorted({u.loc for u in position.units if u.kind == "D" and u.power == owner})
        for s in stacks:
            if s in busy:
                continue
            for t in self.player.diplomat_places(s):
                if t not in busy:
                    yield Difference(owner, (_line(owner, f"D {s} H", s),),
                                     (_line(owner, f"D {s}-{t}", s, t),),
                                     f"{owner}'s diplomats in {s} stay or go to {t}")

    def barred(self, position: Position) -> frozenset[str]:
        """Spaces whose occupation by diplomats the rules publish: under Stab, the neutral
        countries (12c names their controllers); under Secret none (11 tells each player
        only his own allies and controlled neutrals)."""
        if self.hidden == "secret":
            return frozenset()
        playing = position.state.get("players")
        assert isinstance(playing, list)
        return frozenset(space for power, space in self.player.home_space.items()
                         if power not in playing)

    def unit_moves(self, position: Position, owner: str,
                   orders: Mapping[str, Sequence[Line]]) -> Iterator[Difference]:
        written = [line for lines in orders.values() for line in lines if line.power != owner]
        busy = {province(u.loc) for u in position.units
                if u.power != owner and u.kind != "D"} | _names(written, "main")
        mine = [u for u in position.units if u.power == owner and u.kind != "D"]
        for unit in mine:
            s = province(unit.loc)
            if s in busy or not self.quiet(s, owner):
                continue
            for t in self.player.near(self.player.kind(unit), unit.loc):
                if province(t) not in busy and self.quiet(province(t), owner) and not any(
                        province(u.loc) == province(t) for u in mine):
                    hold = _line(owner, f"{unit.kind} {unit.loc} H", s, layer="main")
                    move = _line(owner, f"{unit.kind} {unit.loc}-{t}", s, t, layer="main")
                    yield Difference(owner, (hold,), (move,),
                                     f"{owner}'s {unit.kind} {unit.loc} stays or goes to {t}")

    def quiet(self, place: str, owner: str) -> bool:
        """No centre, or one of the owner's home centres: no centre changes hands (12e)."""
        found = self.player.geo.provinces[place]
        return not found.supply or found.home == owner

    def builds(self, position: Position, owner: str,
               planned: Sequence[Line]) -> Iterator[Difference]:
        # The owner answers in both games: a game that hides anything waits for every
        # player's answer (judge/game/readiness.py `unanswered_powers`), and whether he
        # has answered is his doing, no fact the rules hide. With no planned line, A's
        # message would be no answer and B's one, the turn played a step apart (stab-66).
        if not planned:
            return
        home = self.player.home_space[owner]
        # A rival's diplomat at home meets the new one, a contact told to both (4, 11).
        if not any(u.kind == "D" and u.power != owner and u.loc == home for u in position.units):
            # Naming the space only: the built diplomat stands there, not on the centre.
            yield Difference(owner, (), (self.player.build_diplomat(owner, sites=False),),
                             f"{owner} builds a diplomat or not")
        if self.hidden != "stab":
            return
        taken = {province(u.loc) for u in position.units if u.kind != "D"}
        for centre in self.player.home_centres(owner):
            if centre not in taken and position.owners.get(centre) == owner:
                yield Difference(owner, (), (Line(f"Build A {centre}", frozenset({centre}),
                                                  "main", owner),),
                                 f"{owner} builds an army in {centre} or not")


def envoy_table(twin: Twin, hidden: str, powers: Sequence[str], seed: int) -> Table:
    """Game beta in both judges: `powers` played (each his first choice), an observer,
    the same secret `seed` in both (Stab's order of counts, 12e)."""
    for talk in (twin.a, twin.b):
        for address in (MASTER.address, OBSERVER.address, *map(_address, powers)):
            account(talk, address)
    twin.send(MASTER.address, f"CREATE {GAME} gmpw envoy players={len(powers)} "
                              f"hidden={hidden}")
    for talk in (twin.a, twin.b):
        with talk.judge.db.unit_of_work() as session:
            find_game(session, GAME).variant_seed = seed
    players = {}
    for power in powers:
        seat = Seat(power, _address(power), f"SIGNON {POWERS[power]}{GAME} pw-{power}")
        wishes = [POWERS[power], *(POWERS[p] for p in sorted(POWERS) if p != power)]
        twin.send(seat.address, f"JOIN {GAME} pw-{power} {' '.join(wishes)}")
        players[power] = seat
    asked, _ = twin.send(OBSERVER.address, f"OBSERVE {GAME} obspw")
    if "went to its master" in asked:  # observers see all: the master's leave (observe26)
        allow_in_twin(twin, (MASTER.address, MASTER.signon), GAME, OBSERVER.address, "obs",
                      "obspw")
    return Table(GAME, MASTER, players, (OBSERVER,))


def _distance(graph: Mapping[str, frozenset[str]], difference: Difference,
              position: Position, orders: Mapping[str, Sequence[Line]]) -> int:
    """Steps on the board (every kind's borders, diplomats' countries as their provinces)
    from the places the difference names to the nearest unit of another player."""
    others = {province(u.loc) for u in position.units
              if u.power in orders and u.power != difference.owner}
    frontier = {name for line in (*difference.a, *difference.b) for name in line.names}
    seen, steps = set(frontier), 0
    while frontier and not frontier & others:
        frontier = {n for p in frontier for n in graph.get(p, ())} - seen
        seen |= frontier
        steps += 1
    return steps if frontier else len(graph)


def _address(power: str) -> str:
    return f"{power.lower()}@example.org"


def _names(lines: Sequence[Line], layer: str) -> set[str]:
    return {name for line in lines if line.layer == layer for name in line.names}


def _line(power: str, text: str, *names: str, layer: str = DIPLOMAT) -> Line:
    """An order for the unit its first two words name."""
    kind, place = text.split()[:2]
    unit = f"{kind} {province(place.split('-')[0])}"
    return Line(text, frozenset(names), layer, power, unit=unit)

