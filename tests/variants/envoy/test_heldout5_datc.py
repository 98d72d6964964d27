"""Every DATC v3.0 case (tests/datc/) through Envoy, every power played (no neutral
country, so rules 6-8 never apply): rule 1 plays "All the normal rules of Diplomacy (1971
rulebook)", so each case of armies and fleets comes out as the DATC says except where the
1971 rulebook's choice (docs/variants/envoy.md) or Envoy's own rules differ, listed below
with the reason. A listed case must still differ, so the list stays true; a case not
listed must agree."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from tests.engine.test_datc import _cases, _check_step

ENVOY: Variant = variant_instance("envoy", {}, 0)

DIFFERS = {
    # 1971: a convoy is disrupted when any of its routes is (DATC 4.A.1 a, 6.F.9 reversed).
    "6.F.9": "4.A.1 a", "6.F.10": "4.A.1 a", "6.F.11": "4.A.1 a", "6.F.13": "4.A.1 a",
    "6.F.19": "4.A.1 a", "6.F.20": "4.A.1 a",
    # 1971 XII.5: a convoyed army does not cut a support against its convoy (DATC 4.A.2):
    # Pandin's extended paradox dislodges London; in 6.F.16 the convoy is told as done.
    "6.F.16": "XII.5", "6.F.17": "XII.5",
    # 1971: any power's convoy to an adjacent province is the route when the unit there
    # moves the opposite way (DATC 4.A.3 a): the swaps of 6.G.2, 6.G.7 and 6.G.19 happen,
    # and in 6.G.11 (Norway not moving back) the army goes by land. 6.G.4 agrees: the
    # disrupted convoy is not taken, the army goes by land (judge/engine/movement.py).
    "6.G.2": "4.A.3 a", "6.G.7": "4.A.3 a", "6.G.11": "4.A.3 a", "6.G.19": "4.A.3 a",
    # 1971: no retreat to where a convoyed attacker came from (DATC 4.A.5 a).
    "6.H.11": "4.A.5 a", "6.H.12": "4.A.5 a",
    # Rule 3: a player's home capital counts double, so Germany (Berlin, Kiel, Munich) keeps
    # four units and builds Munich too; France with Paris alone keeps two (6.J.1 removes
    # nothing, 6.J.2 only Paris), Russia with Moscow two (6.J.4 removes nothing).
    "6.I.1": "rule 3", "6.J.1": "rule 3", "6.J.2": "rule 3", "6.J.4": "rule 3",
    # 1971 civil disorder: the unit farthest from a *home* supply centre goes (DATC 4.D.8;
    # docs/variants/envoy.md): the North Sea (6.J.6), Greece (6.J.10: Piedmont is next to
    # Venice), Warsaw (6.J.11: Tuscany is next to Rome and Venice).
    "6.J.6": "4.D.8", "6.J.10": "4.D.8", "6.J.11": "4.D.8",
}


def _play(case: dict[str, Any]) -> None:
    reader, position = reader_for(ENVOY), None
    for step in case["phase"]:
        if position is None:
            owners = {c: p for p, cs in step.get("centres", {}).items() for c in cs}
            units = tuple(Unit(p, kind, loc) for p, us in step["units"].items()
                          for kind, loc in (u.split() for u in us))
            position = Position(Phase.parse(step["phase"]), units,
                                owners or dict(ENVOY.start.owners))
        orders: dict[str, list[Any]] = {}
        expected: dict[int, str] = {}
        for power, lines in step.get("orders", {}).items():
            for line in lines:
                text, want = (part.strip() for part in line.split("=>"))
                order = reader.read(text, step["phase"][-1], Writer(power, {}))
                orders.setdefault(power, []).append(order)
                expected[id(order)] = want
        turn = adjudicate(ENVOY.rules, position, orders)
        _check_step(step, turn, expected)
        position = turn.position


@pytest.mark.parametrize("case", _cases())
def test_datc_through_envoy(case: dict[str, Any]) -> None:
    if case["id"] in DIFFERS:
        with pytest.raises(AssertionError):
            _play(case)
    else:
        _play(case)
