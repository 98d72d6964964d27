"""Envoy's reasons for refusing an order, in English: the one place their words are.

Each is a `Why` (judge/engine/refusal.py), registered on the variant's registry (rules.py)
so that a refusal stored with a turn reads back. The checks make them with their
parameters (a unit, a place, a power: `state`), so the reply to a line is projected on the
board its writer knows, like the engine's reasons (judge/game/refusals.py), and no check
here can say more than a report may. Rendered in ids they are the adjudicator's messages.
"""

from __future__ import annotations

from judge.engine.refusal import Why

# Rule 5: who may support whom, and where diplomats may go.
ONLY_DIPLOMATS = Why("envoy_only_diplomats", "diplomats support only diplomats (Envoy 5.iv)")
NOT_FOR_DIPLOMATS = Why("envoy_not_for_diplomats",
                        "armies and fleets cannot support diplomats (Envoy 5.iv)")
NO_SEA_FOR_DIPLOMATS = Why("envoy_no_sea_for_diplomats",
                           "{sea} does not exist for diplomats (Envoy 5.iii)")
# Rule 5.v: a stack ordered apart by numbered lines.
TOO_MANY_OF_STACK = Why("envoy_too_many_of_stack",
                        "'{count} {order}' asks for {count} units of the {size} in {place}, "
                        "and only {left} are not ordered by the lines before it")
NONE_LEFT_OF_STACK = Why("envoy_none_left_of_stack", "all {size} units in {place} have "
                         "numbered orders: none is left for this one")

# Rules 6 and 7: who orders a country.
NEUTRAL_UNITS = Why("envoy_neutral_units", "{power} is a neutral country: its units are "
                    "ordered by the player who controls it, if any (Envoy 6)")
NEUTRAL_ADJUSTS = Why("envoy_neutral_adjusts", "{power} is a neutral country: its "
                      "adjustments are ordered by the player who controls it, if any (Envoy 6)")
NOT_ITS_BUILDS = Why("envoy_not_its_builds", "{place} is a home centre of {owner}, whose "
                     "builds {power} does not order (Envoy 6)")
CONTROLLED_AREA = Why("envoy_controlled_area", "{power} is a Controlled Neutral: its units "
                      "move only next to its home centres and occupied home provinces, not "
                      "to {place} (Envoy 7)")
STARTING_TYPE = Why("envoy_starting_type", "{power} is a Controlled Neutral: its build in "
                    "{place} is the {kind} that started there (Envoy 7)")

# Rules 3 and 9: builds.
SECOND_BUILD = Why("envoy_second_build", "{place} has its new unit: the second build in a "
                   "capital must be a diplomat (Envoy 3)")
NO_BUILD_LEFT = Why("envoy_no_build_left", "{place} has no build left this turn (Envoy 3)")
NEUTRAL_NO_DIPLOMATS = Why("envoy_neutral_no_diplomats",
                           "{power} is a neutral country: only players build diplomats "
                           "(Envoy 9)")
DIPLOMAT_AT_HOME = Why("envoy_diplomat_at_home", "a diplomat is built at a home centre of "
                       "{power}, or write 'Build D {place}' (Envoy 9)")
RIVAL_DIPLOMATS = Why("envoy_rival_diplomats", "{rival} has diplomats in {place}: no "
                      "diplomat can be built there until they leave (Envoy 9)")
NO_VACANT_HOME = Why("envoy_no_vacant_home",
                     "{power} has no vacant home centre left to build at")
NEVER_REMOVED = Why("envoy_never_removed",
                    "diplomats are never removed: only a dislodgement ends one (Envoy 9)")

# Rule 4: the placement turn.
ONLY_BUILDS = Why("envoy_only_builds", "the placement turn takes only 'Build D <space>' (a "
                  "diplomat) and 'Build A|F <province>' (change one unit's type) (Envoy 4)")
NEUTRAL_PLACES_NOTHING = Why("envoy_neutral_places_nothing",
                             "{power} is not played: a neutral country places nothing "
                             "(Envoy 4)")
ONE_CHANGE = Why("envoy_one_change",
                 "only one unit of the set-up may change its type (Envoy 4)")
DIPLOMATS_TO_PLACE = Why("envoy_diplomats_to_place",
                         "{power} has {count} diplomats to place, no more (Envoy 4)")
NO_DIPLOMAT_SPACE = Why("envoy_no_diplomat_space",
                        "{place} is no diplomat space (Envoy 5.ii, 5.iii)")
TOO_FAR_TO_PLACE = Why("envoy_too_far_to_place", "{place} is more than one diplomat move from "
                       "{home}: diplomats are placed within the normal diplomat moves from "
                       "the home country (Envoy 4)")
NO_UNIT_TO_CHANGE = Why("envoy_no_unit_to_change",
                        "{power} has no unit in {place} to change (Envoy 4)")
OTHER_TYPE = Why("envoy_other_type",
                 "write the other type: {unit} can only become {other} (Envoy 4)")
NO_NORTH_COAST_FLEET = Why("envoy_no_north_coast_fleet", "Russia may not place a fleet in "
                           "St. Petersburg north coast (Envoy 4)")
CANNOT_STAND = Why("envoy_cannot_stand", "a {kind} cannot stand in {place} (Envoy 4)")
WHICH_COAST = Why("envoy_which_coast", "a {kind} in {place} stands on {coasts}: write which")

ENVOY_REASONS: tuple[Why, ...] = tuple(
    value for value in globals().values() if isinstance(value, Why))
