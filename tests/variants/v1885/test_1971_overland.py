"""1885-III with `adjacent_convoy=1971` chosen at CREATE (docs/variants/1885-iii.md, "The
1971 rules"): a convoy to an adjacent province is the army's route, whoever's fleet convoys,
when the unit there moves the opposite way (DATC 4.A.3 a, 6.G.2), and when that convoy is
disrupted the army goes by land (6.G.4's 1971 reading): the generic fallback of the
engine's movement (judge/engine/movement.py, `_overland`), which Envoy's and Engineered's
1971 reading have, taken by 1885-III's own resolver too."""

from __future__ import annotations

from typing import Any

import pytest

from judge.game.instance import variant_instance
from judge.grammar import Grammar
from judge.variant import with_rulebook
from judge.variant_loader import load_variant
from tests.variants.datc_through import Through, cases, check, unknown

from .board import REGULAR, dislodged, move, standing
from .test_heldout3_datc import DIFFERS as PLAIN

V1971 = variant_instance("1885", {"adjacent_convoy": "1971"}, 0)

# DATC 6.G.4 on 1885-III's map: France's Picardy army is ferried by England's Channel fleet
# (a foreign convoy, which the 1971 rules take for the route of a swap with Belgium), and
# the Channel is dislodged by Brest with the Mid-Atlantic's support.
G4_UNITS = ["FRANCE F bre", "FRANCE A pic", "FRANCE A bur", "FRANCE F mao",
            "ENGLAND F eng", "ENGLAND A bel"]
G4_ORDERS = {"FRANCE": ["F Bre - Eng", "A Pic - Bel", "A Bur S A Pic - Bel",
                        "F Mao S F Bre - Eng"],
             "ENGLAND": ["F Eng C A Pic - Bel", "A Bel - Pic"]}


def test_a_disrupted_foreign_convoy_of_a_swap_goes_by_land() -> None:
    # 1971 (DATC 6.G.4): the army "will not take the convoy if it is disrupted": it moves
    # by land, head to head with Belgium, 2 against 1, and dislodges it. Without the
    # fallback it stayed in Picardy and Belgium bounced off it.
    out = move(V1971, G4_UNITS, G4_ORDERS)
    assert standing(out) == {"FRANCE F eng", "FRANCE A bel", "FRANCE A bur", "FRANCE F mao"}
    assert set(dislodged(out)) == {"ENGLAND F eng", "ENGLAND A bel"}


def test_an_undisrupted_foreign_convoy_of_a_swap_is_the_route() -> None:
    # 1971 (DATC 6.G.2): the Channel holds, so the swap by convoy happens; the army lands
    # from another power's fleet and forms no A/F (l.37-39 are the fast ferry's own).
    out = move(V1971, ["FRANCE A pic", "ENGLAND F eng", "ENGLAND A bel"],
               {"FRANCE": ["A Pic - Bel"], "ENGLAND": ["F Eng C A Pic - Bel", "A Bel - Pic"]})
    assert standing(out) == {"FRANCE A bel", "ENGLAND F eng", "ENGLAND A pic"}


def test_an_own_fast_ferry_to_a_neighbour_is_the_route_only_when_written_so() -> None:
    # 1971 (DATC 4.A.3 a): a convoy to an adjacent province is the route only for a swap
    # or when "via convoy" is written; otherwise the army walks, so one that cannot land
    # stays at home, where the default reading makes it an A/F (l.37-39).
    units = ["ENGLAND A lon", "ENGLAND F eng", "FRANCE A wal"]
    walked = move(V1971, units, {"ENGLAND": ["A Lon - Wal", "F Eng C A Lon - Wal"]})
    assert standing(walked) == {"ENGLAND A lon", "ENGLAND F eng", "FRANCE A wal"}
    for variant, line in ((V1971, "A Lon - Wal via convoy"),
                          (load_variant("1885"), "A Lon - Wal")):
        ferried = move(variant, units, {"ENGLAND": [line, "F Eng C A Lon - Wal"]})
        assert standing(ferried) == {"ENGLAND AF eng", "FRANCE A wal"}


def test_the_default_reading_keeps_the_land_move() -> None:
    # The variant's default (via_or_own_fleet, DATC 4.A.3): a foreign convoy is no route,
    # so 6.G.4 comes out as the DATC says, the same board as the 1971 fallback's.
    out = move(load_variant("1885"), G4_UNITS, G4_ORDERS)
    assert set(dislodged(out)) == {"ENGLAND F eng", "ENGLAND A bel"}


# Every DATC case on the A/F board with the 1971 choice: those the 1885-III reading already
# changes (test_heldout3_datc), and the swaps by another power's convoy (DATC 4.A.3 a: 6.G.2,
# 6.G.7, 6.G.19; 6.G.11's Norway does not move back, so the army goes by land), as in
# Envoy's and Engineered's. 6.G.4 agrees, by the land fallback.
KIDNAP = ("6.G.2", "6.G.7", "6.G.11", "6.G.19")
DIFFERS = {*PLAIN, *KIDNAP}
GRAMMAR = Grammar.for_variant(load_variant("standard"))
THROUGH = Through(with_rulebook(REGULAR, adjacent_convoy="1971").rules,
                  lambda text, kind, power: GRAMMAR.parse(text, kind))


def test_the_list_names_datc_cases() -> None:
    assert unknown(DIFFERS) == []


@pytest.mark.parametrize("case", cases())
def test_datc_with_army_fleets_1971(case: dict[str, Any]) -> None:
    check(THROUGH, case, DIFFERS)
