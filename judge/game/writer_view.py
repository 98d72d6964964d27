"""The board an order's writer knows, which his orders are checked against (issue #13).

An order that names a unit, place or fact outside its writer's knowledge is taken as written
and judged at adjudication, and the reply to it is the same whatever really stands there.
So a line is checked on the board his knowledge record keeps (judge/engine/knowledge.py,
`Rules.known_board`: by default the units and owners he saw when the last turn was
processed, on the open phase as the visibility shows it), and the engine is told where
units he cannot see might stand (judge/engine/unseen.py): a refusal can only say what he
could know. Under full information his board is the real one, the record is not read, and
nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of
from judge.engine.unseen import Unseen
from judge.engine.visibility import Viewer
from judge.variant import Variant

View = tuple[Rules, Position]
# The seat's knowledge record (judge/game/knowledge.py); None: none at hand (`judge
# adjudicate`, a board gone by), and the board is the one the visibility shows.
Known = Mapping[str, Any] | None
# The last view made: every line of a message is checked against one board, so the view is
# asked for again and again. One entry, replaced whole (the worker and the deadline sweeper
# may both ask); it holds the board and record it was made for, so their identity stays.
_last: tuple[Variant, Position, str, Known, View] | None = None


def writer_view(variant: Variant, position: Position, power: str,
                known: Known = None) -> View:
    """The rules to check `power`'s orders with, and the board he knows."""
    global _last
    last = _last
    if last is not None and last[0] is variant and last[1] is position \
            and last[2] == power and last[3] is known:
        return last[4]
    rules = variant.rules
    seen = rules.visibility.board(position, Viewer.player(power))
    if seen is position:
        return rules, position  # full information
    if known is not None:
        seen = rules.known_board(known, seen)
    view = replace(rules, unseen=unseen_places(rules, seen, power)), seen
    _last = (variant, position, power, known, view)
    return view


def unseen_places(rules: Rules, seen: Position, power: str) -> Unseen:
    """Every place where a unit of another power, were it there, would not be shown to
    `power`: asked of the visibility itself, on the board he sees, so the answer depends
    on nothing he may not know."""
    layer = {code: kind.layer for code, kind in rules.kinds.items()}
    taken = {(layer[u.kind], province_of(u.loc)) for u in seen.units}
    spots = [(code, locs[0]) for code, kind in rules.kinds.items()
             for prov in rules.geo.provinces
             if (locs := rules.geo.stand_locations(kind, prov))
             and (kind.layer, prov) not in taken]
    viewer = Viewer.player(power)
    places: dict[str, set[str]] = {}
    for other in rules.powers:
        if other == power:
            continue
        probes = tuple(Unit(other, code, loc) for code, loc in spots)
        shown = set(rules.visibility.board(seen._replace(units=seen.units + probes),
                                           viewer).units)
        for probe in probes:
            if probe not in shown:
                places.setdefault(probe.kind, set()).add(province_of(probe.loc))
    return Unseen({kind: frozenset(provs) for kind, provs in places.items()})
