"""Rule-edition choices, each a named setting; the defaults are DATC v3.0's preferences.

docs/adjudication.md explains each choice with its DATC issue number.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ConvoyDisruption(StrEnum):
    ALL_ROUTES = "all_routes"  # DATC 4.A.1 b (2000 rules): disrupted only if every route is
    ANY_ROUTE = "any_route"  # 1971 rules: disrupted if any route is


class AdjacentConvoy(StrEnum):
    VIA_OR_OWN_FLEET = "via_or_own_fleet"  # DATC 4.A.3, 2000/2023 rules, no land fallback
    VIA_ONLY = "via_only"  # DPTG: only an explicit "via convoy" uses the convoy
    # The 1971 rules as DATC 4.A.3 reads them: any power's convoy is the route when the
    # unit at the destination moves the opposite way (a swap; DATC 6.G.2's kidnapping).
    RULE_1971 = "1971"


class ParadoxRule(StrEnum):
    SZYKMAN = "szykman"  # DATC 4.A.2 (preferred): the convoying fleets of the paradox hold
    # DATC 4.A.2's 'All Hold' backup rule: every order of the paradox fails, so each of its
    # units stands (a variant's rules may say so: "all units will stand").
    ALL_HOLD = "all_hold"
    # The 1971 rulebook's XII.5 (DATC 4.A.2): a convoyed army does not cut a support into
    # a province where one of its convoying fleets stands; cycles it leaves (6.F.18) go by
    # Szykman. It differs from Szykman in Pandin's extended paradox (6.F.17).
    RULE_1971 = "1971"


class DuplicateOrders(StrEnum):
    HOLD = "hold"  # DATC 4.D.3 c: two different orders for one unit, the unit holds
    LAST = "last"  # the last order written wins


class RemovalDistance(StrEnum):
    OWNED = "owned"  # DATC 4.D.8, 2023 rules: from the nearest owned supply centre
    HOME = "home"  # the 1971 and 1982 rules: from the nearest home supply centre


class BuildSites(StrEnum):
    HOME = "home"  # owned, vacant home centres (the rulebook)
    ANY_OWNED = "any_owned"  # any owned vacant centre (e.g. Chaos-style variants)


@dataclass(frozen=True, slots=True)
class Rulebook:
    convoy_disruption: ConvoyDisruption = ConvoyDisruption.ALL_ROUTES
    adjacent_convoy: AdjacentConvoy = AdjacentConvoy.VIA_OR_OWN_FLEET
    duplicate_orders: DuplicateOrders = DuplicateOrders.HOLD
    paradox: ParadoxRule = ParadoxRule.SZYKMAN
    build_sites: BuildSites = BuildSites.HOME
    removal_distance: RemovalDistance = RemovalDistance.OWNED  # civil disorder (4.D.8)
    # DATC 4.A.5 b (2023 rules): a unit dislodged by a convoyed army may retreat to the
    # province that army came from.
    retreat_to_convoy_origin: bool = True
    victory_centres: int = 18
