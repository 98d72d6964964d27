"""Validation of a map and its variant data: symmetry, coasts, reachability, homes, start."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.engine.geo import IMPASSABLE, SEA, Border, Geography, MapError, Province
from judge.engine.types import Unit, coast_of, province_of


def check_borders(provinces: Mapping[str, Province], borders: Iterable[Border]) -> list[str]:
    problems: list[str] = []
    seen: set[frozenset[str]] = set()
    locations = {f"{p.id}/{c}" for p in provinces.values() for c in p.coasts} | set(provinces)
    for b in borders:
        pair = frozenset((b.a, b.b))
        where = f"border {b.a}-{b.b}"
        if len(pair) == 1:
            problems.append(f"{where}: a location cannot border itself")
        if pair in seen:
            problems.append(f"{where}: listed twice")
        seen.add(pair)
        problems.extend(f"{where}: unknown location {x!r}" for x in pair if x not in locations)
        if "army" in b.graphs and any(coast_of(x) for x in pair):
            problems.append(f"{where}: an army border cannot join a coast")
        if "fleet" in b.graphs:
            problems.extend(
                f"{where}: {x} has coasts, so fleets border its coasts, not it"
                for x in pair if x in provinces and provinces[x].coasts
            )
    return problems


def check_geography(geo: Geography) -> list[str]:
    problems: list[str] = []
    fleet = geo.graphs.get("fleet", {})
    for p in geo.provinces.values():
        if p.coasts:
            problems.extend(f"coast {loc} has no fleet border"
                            for loc in geo.locations[p.id] if loc not in fleet)
        if p.terrain == "coast" and fleet and not _touches_sea(geo, p.id):
            problems.append(f"{p.id} is coastal but touches no sea")
        if p.terrain == "land" and p.id in fleet:
            problems.append(f"{p.id} is inland but has a fleet border")
        problems.extend(_stands_problems(geo, p))
    problems.extend(_unreachable(geo))
    return problems


def _stands_problems(geo: Geography, p: Province) -> list[str]:
    """A `stands` entry that would change nothing is a typing error: say so."""
    problems = []
    for code in sorted(p.stands):
        kind = geo.kinds.get(code)
        if kind is None:
            problems.append(f"{p.id} stands: unknown unit kind {code!r}")
        elif p.terrain not in kind.terrains:
            problems.append(f"{p.id} stands: kind {code} ({kind.name}) never stands on "
                            f"{p.terrain}")
    return problems


def _touches_sea(geo: Geography, prov: str) -> bool:
    fleet = geo.graphs.get("fleet", {})
    near = {province_of(n) for loc in geo.locations[prov] for n in fleet.get(loc, ())}
    return any(geo.provinces[n].terrain == SEA for n in near)


def _unreachable(geo: Geography) -> list[str]:
    graph = geo.province_graph()
    places = [p for p, prov in geo.provinces.items() if prov.terrain != IMPASSABLE]
    if not places:
        return ["the map has no provinces"]
    seen, todo = {places[0]}, [places[0]]
    while todo:
        for q in graph[todo.pop()]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return [f"{p} cannot be reached from {places[0]}" for p in places if p not in seen]


def check_setup(geo: Geography, powers: Iterable[str], start: Iterable[Unit]) -> list[str]:
    names = set(powers)
    problems = [f"home centre {p.id} names unknown power {p.home}"
                for p in geo.provinces.values() if p.home and p.home not in names]
    problems += [f"home centre {p.id} is not a supply centre"
                 for p in geo.provinces.values() if p.home and not p.supply]
    taken: set[tuple[str, str]] = set()
    for unit in start:
        kind = geo.kinds.get(unit.kind)
        prov = province_of(unit.loc)
        if kind is None:
            problems.append(f"starting unit {unit}: unknown unit kind {unit.kind!r}")
            continue
        if unit.loc not in geo.stand_locations(kind, prov):
            problems.append(f"starting unit {unit} cannot stand on {unit.loc}")
        many = unit.kind in geo.provinces[prov].holds if prov in geo.provinces else False
        if (kind.layer, prov) in taken and kind.layer == "main" and not many:
            problems.append(f"two starting units in {prov}")
        taken.add((kind.layer, prov))
    return problems


def raise_if(problems: list[str], what: str) -> None:
    if problems:
        raise MapError(f"{what}: " + "; ".join(problems))
