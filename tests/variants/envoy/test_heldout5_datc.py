"""Every DATC v3.0 case (tests/datc/) through Envoy, every power played (no neutral
country, so rules 6-8 never apply): rule 1 plays "All the normal rules of Diplomacy (1971
rulebook)", so each case of armies and fleets comes out as the DATC says except where the
1971 rulebook's choice (docs/variants/envoy.md) or Envoy's own rules differ, listed below
with the reason. A listed case must still differ, so the list stays true; a case not
listed must agree."""

from __future__ import annotations

from typing import Any

import pytest

from judge.game.instance import variant_instance
from judge.variant import Variant
from tests.variants.datc_through import Through, cases, check, unknown

ENVOY: Variant = variant_instance("envoy", {}, 0)
THROUGH = Through.reading(ENVOY)

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


def test_the_list_names_datc_cases() -> None:
    assert unknown(DIFFERS) == []


@pytest.mark.parametrize("case", cases())
def test_datc_through_envoy(case: dict[str, Any]) -> None:
    check(THROUGH, case, DIFFERS)


# Secret and Stab Envoy (rules 11, 12) change what a player is told, not the moves: every
# case comes out as in the open game (orders read with no knowledge record of the writer's).
HIDDEN = {hidden: Through.reading(variant_instance("envoy", {"hidden": hidden}, 0))
          for hidden in ("secret", "stab")}


@pytest.mark.parametrize("hidden", sorted(HIDDEN))
@pytest.mark.parametrize("case", cases())
def test_datc_through_hidden_envoy(case: dict[str, Any], hidden: str) -> None:
    check(HIDDEN[hidden], case, DIFFERS)
