"""A maze made by the judge for N players from a seed (rule 3: the master builds it "to
suit the number of players"; issue #17: balanced).

Balance by symmetry: one sector is drawn from the seed (the homes joined in a chain, the
other spaces hung on them, a few cross links, the neutral centres placed), every player
gets a copy of it, and each copy's gate space opens into one central space, a neutral
centre with one portal per player. Any two players can be swapped without changing the
maze's shape, so every player's homes are as far from each other player's homes and from
every neutral centre as anybody's are. Names are drawn at random (rule 4's design note:
nothing to count by), and each space's portals are numbered in an order of their own, so
the copies do not read alike.
"""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Sequence
from dataclasses import dataclass

from .maze import Maze, Portal, Space
from .mazecheck import RESERVED

Edge = tuple[int, int]


@dataclass(frozen=True)
class Plan:
    """The generator's parameters (docs/variants/algernon.md, "Generating a maze")."""

    players: int = 2
    spaces: int = 8     # spaces per player, his homes included
    homes: int = 3      # home centres per player
    portals: int = 4    # the most portals a space of a sector has
    centres: int = 2    # neutral centres per player (the central space is one more)
    seed: int = 0

    def problems(self) -> list[str]:
        out = []
        if self.players < 2:
            out.append("a maze is for 2 players or more")
        if self.homes < 1 or self.spaces <= self.homes:
            out.append("each player needs a home and more spaces than homes")
        if self.portals < 3:
            out.append("spaces need up to 3 portals at least")
        if not 0 <= self.centres <= self.spaces - self.homes:
            out.append(f"a sector of {self.spaces} spaces with {self.homes} homes has room "
                       f"for {self.spaces - self.homes} neutral centres at most")
        return out


def generate(plan: Plan, powers: Sequence[str]) -> Maze:
    """The maze for the first `plan.players` of `powers`, drawn from `plan.seed`."""
    rng = random.Random(plan.seed)
    edges, gate, centres = _sector(plan, rng)
    hub = plan.players * plan.spaces
    links: list[Edge] = []
    for p in range(plan.players):
        base = p * plan.spaces
        links += [(base + a, base + b) for a, b in edges]
        links.append((base + gate, hub))
    names = _names(hub + 1, rng)
    values = {p * plan.spaces + c: 1 for p in range(plan.players) for c in centres}
    values |= {p * plan.spaces + h: 1 for p in range(plan.players) for h in range(plan.homes)}
    values[hub] = 1
    owners = {p * plan.spaces + h: powers[p] for p in range(plan.players)
              for h in range(plan.homes)}
    return _numbered(names, links, values, owners, rng)


def _sector(plan: Plan, rng: random.Random) -> tuple[list[Edge], int, list[int]]:
    """One player's sector: its links, its gate to the centre, its neutral centres."""
    degree = [0] * plan.spaces
    edges: list[Edge] = []

    def link(a: int, b: int) -> None:
        edges.append((a, b))
        degree[a] += 1
        degree[b] += 1

    for h in range(1, plan.homes):
        link(h - 1, h)
    # One portal of every space is kept for the gate, so the cap is one below `portals`.
    for s in range(plan.homes, plan.spaces):
        link(rng.choice([t for t in range(s) if degree[t] < plan.portals - 1]), s)
    for _ in range(plan.spaces // 3):
        pairs = [(a, b) for a, b in itertools.combinations(range(plan.spaces), 2)
                 if (a, b) not in edges and max(degree[a], degree[b]) < plan.portals - 1]
        if pairs:
            link(*rng.choice(pairs))
    gate = _farthest(plan.spaces, edges, plan.homes)
    centres = sorted(rng.sample(range(plan.homes, plan.spaces), plan.centres))
    return edges, gate, centres


def _farthest(count: int, edges: list[Edge], homes: int) -> int:
    """The space of the sector farthest from its homes (the last such): the gate."""
    near = {h: 0 for h in range(homes)}
    frontier = list(near)
    while frontier:
        nxt = []
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x in frontier and y not in near:
                    near[y] = near[x] + 1
                    nxt.append(y)
        frontier = nxt
    return max(range(count), key=lambda s: (near[s], s))


def _names(count: int, rng: random.Random) -> list[str]:
    size = 2 if count <= 400 else 3
    pool = ["".join(t) for t in itertools.product(string.ascii_uppercase, repeat=size)]
    return rng.sample([n for n in pool if n not in RESERVED], count)


def _numbered(names: list[str], links: list[Edge], values: dict[int, int],
              owners: dict[int, str], rng: random.Random) -> Maze:
    ends: list[list[int]] = [[] for _ in names]
    for a, b in links:
        ends[a].append(b)
        ends[b].append(a)
    for row in ends:
        rng.shuffle(row)
    spaces = [Space(names[s], values.get(s, 0), owners.get(s),
                    tuple(Portal(names[t], ends[t].index(s) + 1) for t in row))
              for s, row in enumerate(ends)]
    return Maze({s.name: s for s in spaces})
