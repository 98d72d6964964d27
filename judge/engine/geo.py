"""The map graph, built from a variant's data and validated before any game uses it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.native import copied_by_fields
from judge.engine.types import UnitKind, province_of

IMPASSABLE = "impassable"
SEA = "sea"


_NOWHERE: frozenset[str] = frozenset()
_NO_EDGES: dict[str, frozenset[str]] = {}


class MapError(ValueError):
    """A map's data is inconsistent; the message lists every problem found."""


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    terrain: str
    coasts: tuple[str, ...] = ()
    supply: int = 0
    home: str | None = None
    aliases: tuple[str, ...] = ()
    # Unit kinds of which any number may stand here at once, of any power (1885-III's High
    # Ocean Box holds any number of fleets): the map allows it; adjudicating such a place
    # is the variant's own handler's business (the standard ones refuse the board).
    holds: frozenset[str] = frozenset()
    # Unit kinds that may stand here although no border of their kind leads here: an island
    # reached by sea only, where an army may stand (1885-III's Azores, Ireland, Iceland);
    # such a unit comes and goes by the ways its variant gives it (a convoy, boarding).
    stands: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Border:
    a: str
    b: str
    graphs: frozenset[str]


class Geography:
    """Provinces, their locations (a province or one of its coasts) and one graph per kind."""

    def __init__(
        self,
        provinces: Iterable[Province],
        borders: Iterable[Border],
        kinds: Mapping[str, UnitKind],
    ) -> None:
        self.provinces: dict[str, Province] = {p.id: p for p in provinces}
        self.kinds = dict(kinds)
        self.locations: dict[str, tuple[str, ...]] = {
            p.id: tuple(f"{p.id}/{c}" for c in p.coasts) or (p.id,)
            for p in self.provinces.values()
        }
        self.province: dict[str, str] = {
            loc: prov for prov, locs in self.locations.items() for loc in (prov, *locs)
        }
        self.graphs: dict[str, dict[str, frozenset[str]]] = {}
        self._build_graphs(list(borders))
        self.supply_centres = frozenset(p.id for p in self.provinces.values() if p.supply)
        self.supply_value = {p.id: p.supply for p in self.provinces.values() if p.supply}
        self.one_point_centres = all(v == 1 for v in self.supply_value.values())
        self._last_counts: tuple[Mapping[str, str] | None, dict[str, int]] = (None, {})
        self.other_layers = frozenset(c for c, k in self.kinds.items() if k.layer != "main")
        self._reach: dict[tuple[str, str, str], tuple[str, ...]] = {}
        # Answers that depend on this map only (engine/checks.py), remembered.
        self.support_memo: dict[tuple[str, ...], object] = {}
        self.move_memo: dict[tuple[str, str, str], tuple[Any, ...]] = {}
        # Per unit kind code: its graph, and the provinces where it may convoy.
        self.near: dict[str, dict[str, frozenset[str]]] = {
            code: self.graphs.get(kind.graph, {}) for code, kind in self.kinds.items()
        }
        self.convoy_places: dict[str, frozenset[str]] = {
            code: frozenset(p for p, prov in self.provinces.items()
                            if prov.terrain in kind.convoys_in)
            for code, kind in self.kinds.items()
        }
        self.convoy_anywhere: frozenset[str] = frozenset().union(*self.convoy_places.values())
        self._stand = {
            code: {prov: self._stand_locations(kind, prov) for prov in self.provinces}
            for code, kind in self.kinds.items()
        }
        # Per unit kind code and location: the provinces `reachable` finds a way into, for
        # the check of a support to hold without a call (legality, once per such order).
        self.reach_provinces = {code: self._provinces_reached(code) for code in self.kinds}
        # Rules.convoy_adjacency, Rules.distances and Rules.main_units' test: facts of the
        # map alone, kept here rather than by functools.cached_property on Rules, which a
        # compiled Rules (setup.py) would recompute at every access, and which each Rules
        # replace()d from another (a writer's view) would compute again.
        self.convoy_adjacency = self._convoy_borders()
        self.one_layer = all(k.layer == "main" for k in self.kinds.values())
        self._distances: dict[str, dict[str, int]] | None = None

    def _build_graphs(self, borders: list[Border]) -> None:
        raw: dict[str, dict[str, set[str]]] = {}
        for border in borders:
            for graph in border.graphs:
                edges = raw.setdefault(graph, {})
                edges.setdefault(border.a, set()).add(border.b)
                edges.setdefault(border.b, set()).add(border.a)
        self.graphs = {g: {k: frozenset(v) for k, v in e.items()} for g, e in raw.items()}

    def _provinces_reached(self, code: str) -> dict[str, frozenset[str]]:
        stand = self._stand[code]
        return {loc: frozenset(province_of(n) for n in near if n in stand.get(province_of(n), ()))
                for loc, near in self.near[code].items()}

    def _convoy_borders(self) -> dict[str, frozenset[str]]:
        out: dict[str, set[str]] = {}
        for kind in self.kinds.values():
            if not kind.convoys_in:
                continue
            for a, near in self.graphs.get(kind.graph, {}).items():
                out.setdefault(province_of(a), set()).update(province_of(b) for b in near)
        return {p: frozenset(n) for p, n in out.items()}

    def distances(self) -> dict[str, dict[str, int]]:
        """Shortest distance between provinces over the main layer's land and sea alike
        (2023 civil disorder), worked out at the first question."""
        if self._distances is None:
            main = {k.graph for k in self.kinds.values() if k.layer == "main"}
            graph = self.province_graph(main)
            self._distances = {p: _bfs(graph, p) for p in graph}
        return self._distances

    def stand_locations(self, kind: UnitKind, prov: str) -> tuple[str, ...]:
        """Where in `prov` a unit of `kind` may stand: the province, or its coasts."""
        by_prov = self._stand.get(kind.code)
        if by_prov is None or kind is not self.kinds.get(kind.code):
            return self._stand_locations(kind, prov)
        return by_prov.get(prov, ())

    def _stand_locations(self, kind: UnitKind, prov: str) -> tuple[str, ...]:
        province = self.provinces.get(prov)
        if province is None or province.terrain not in kind.terrains:
            return ()
        graph = self.graphs.get(kind.graph, {})
        if province.coasts and any(c in graph for c in self.locations[prov]):
            return self.locations[prov]
        if graph and prov not in graph and kind.code not in province.stands:
            # A kind whose graph leaves a province out cannot stand there, whatever the
            # terrain: Envoy's home provinces and North Sea are no diplomat spaces (5.ii,
            # 5.iii), unless the map says it may (`stands`: an island an army reaches by
            # sea). A kind without borders (rn45's engineer) stands by terrain alone.
            return ()
        return (prov,)

    def neighbours(self, kind: UnitKind, loc: str) -> frozenset[str]:
        return self.graphs.get(kind.graph, _NO_EDGES).get(loc, _NOWHERE)

    def reachable(self, kind: UnitKind, loc: str, prov: str) -> tuple[str, ...]:
        """The locations of `prov` that a unit of `kind` standing on `loc` can move to."""
        key = (kind.code, loc, prov)
        hit = self._reach.get(key)
        if hit is None:
            near = self.neighbours(kind, loc)
            hit = tuple(at for at in self.stand_locations(kind, prov) if at in near)
            if prov in self.provinces and loc in self.province:
                self._reach[key] = hit  # memo of map facts only, so it stays bounded
        return hit

    def touches(self, kind: UnitKind, loc: str, prov: str) -> bool:
        return bool(self.reachable(kind, loc, prov))

    def is_province(self, prov: str) -> bool:
        return prov in self.provinces

    def centre_counts(self, owners: Mapping[str, str]) -> dict[str, int]:
        """Supply-centre points per owner (a count on maps where every centre is worth 1).

        The last answer is kept: positions share one owners mapping until centres change
        hands, and the victory test asks at every season end."""
        last_owners, last_counts = self._last_counts
        if owners is last_owners:
            return dict(last_counts)
        counts = self._count_centres(owners)
        self._last_counts = (owners, counts)
        return dict(counts)

    def owned_centres(self, owners: Mapping[str, str], power: str) -> list[str]:
        """The supply centres `power` owns, of all the areas it may own."""
        return sorted(c for c, p in owners.items() if p == power and c in self.supply_centres)

    def _count_centres(self, owners: Mapping[str, str]) -> dict[str, int]:
        counts: dict[str, int] = {}
        if self.one_point_centres:
            if owners.keys() <= self.supply_centres:
                # Only centres owned (standard Diplomacy), in the order of first ownership
                # as below; this runs at every season's end (issue #18). A plain loop, not
                # Counter: Counter's own code is Python, which a compiled build (setup.py)
                # would call into for every request.
                for power in owners.values():
                    counts[power] = counts.get(power, 0) + 1
                return counts
            # Owners may hold areas that are not centres (Global Diplomacy owns land and
            # coasts): only the centres count.
            centres = self.supply_centres
            for centre, power in owners.items():
                if centre in centres:
                    counts[power] = counts.get(power, 0) + 1
            return counts
        for centre, power in owners.items():
            counts[power] = counts.get(power, 0) + self.supply_value.get(centre, 0)
        return counts

    def name(self, loc: str) -> str:
        province = self.provinces[province_of(loc)]
        return province.name if loc == province.id else f"{province.name} ({loc.split('/')[1]})"

    def province_graph(self, graphs: Iterable[str] | None = None) -> dict[str, frozenset[str]]:
        """Borders of the given graphs (all by default) folded to provinces."""
        out: dict[str, set[str]] = {p: set() for p in self.provinces}
        wanted = self.graphs.keys() if graphs is None else set(graphs)
        for name, edges in self.graphs.items():
            if name not in wanted:
                continue
            for a, near in edges.items():
                out[province_of(a)].update(province_of(b) for b in near)
        return {p: frozenset(n - {p}) for p, n in out.items()}


def _bfs(graph: Mapping[str, frozenset[str]], start: str) -> dict[str, int]:
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for q in graph[p]:
                if q not in seen:
                    seen[q] = seen[p] + 1
                    nxt.append(q)
        frontier = nxt
    return seen


copied_by_fields(Province, Border)
