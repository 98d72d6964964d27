"""Convoy routes over province-level borders through provinces holding convoying units."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

Adjacency = Mapping[str, Collection[str]]


def can_convoy(adj: Adjacency, fleets: Collection[str], origin: str, dest: str) -> bool:
    """Whether a chain of `fleets` joins `origin` to `dest`."""
    return route_exists(adj, origin, dest, lambda p: p in fleets)


def route_exists(adj: Adjacency, origin: str, dest: str, usable: Callable[[str], bool]) -> bool:
    """Breadth-first search; `usable` is asked once per fleet province reached, in BFS order."""
    seen = {origin}
    frontier = [origin]
    while frontier:
        nxt: list[str] = []
        for p in frontier:
            for q in adj.get(p, ()):
                if q in seen:
                    continue
                seen.add(q)
                if usable(q):
                    if dest in adj.get(q, ()):
                        return True
                    nxt.append(q)
        frontier = nxt
    return False


def on_minimal_route(
    adj: Adjacency, fleets: Collection[str], origin: str, dest: str, fleet: str
) -> bool:
    """Whether `fleet` is necessary to some convoy route (DATC 6.G.19).

    A route is minimal when no fleet of it can be left out: a chordless chain from
    origin to dest. Such a fleet is on one.
    """

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if len(path) > 1 and dest in adj.get(last, ()):
            return fleet in path
        for nxt in adj.get(last, ()):
            if nxt in fleets and nxt not in path and not any(
                nxt in adj.get(p, ()) for p in path[:-1]
            ) and extend([*path, nxt]):
                return True
        return False

    return fleet in fleets and extend([origin])
