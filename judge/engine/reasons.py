"""The engine's reasons for refusing an order, in English: the one place their words are.

Each is a `Why` (judge/engine/refusal.py): a code and a template whose fields are the
refusal's parameters. Rendered in ids they are the adjudicator's messages, stored with
the turn ('A ber belongs to GERMANY, not FRANCE'); in a reader's names, the reply to his
orders ('A Berlin belongs to Germany, not France').
"""

from __future__ import annotations

from judge.engine.refusal import Why

# Any phase
NO_UNIT_IN = Why("no_unit_in", "there is no unit in {place}")
NOT_YOURS = Why("not_yours", "{unit} belongs to {owner}, not {power}")
SUPERSEDED = Why("superseded", "a later order for {unit} replaces this one")
WHICH_COAST = Why("which_coast", "say which coast of {place}: {coasts}")
NO_PROVINCE = Why("no_province", "there is no province {place!r}")

# Movement: the map
KIND_CANNOT_GO = Why("kind_cannot_go", "{kind} cannot go to {place} ({terrain})")
NOT_ADJACENT = Why("not_adjacent", "{here} is not adjacent to {there}")
NO_CONVOY_ROUTE = Why("no_convoy_route", "{unit} cannot go to {there} by convoy: no fleets "
                      "stand where they could convoy it")
NOT_ADJACENT_NO_CONVOY = Why("not_adjacent_no_convoy", "{here} is not adjacent to {there}, "
                             "and no fleets stand where they could convoy it")
MOVE_IN_PLACE = Why("move_in_place", "{unit} cannot move to the province it is in")
NO_KIND_THERE = Why("no_kind_there", "there is no {kind} in {place}")
NOT_IN_MOVEMENT = Why("not_in_movement", "{what} orders are not allowed in movement")

# Movement: supports and convoys
SUPPORT_ITSELF = Why("support_itself", "{unit} cannot support itself")
CANNOT_REACH_HOLD = Why("cannot_reach_hold",
                        "{unit} cannot reach {target}, so it cannot support a unit there")
CANNOT_REACH_MOVE = Why("cannot_reach_move",
                        "{unit} cannot reach {there}, so it cannot support a move there")
SUPPORT_INTO_OWN = Why("support_into_own", "{unit} cannot support a move into its own province")
NO_UNIT_TO_SUPPORT = Why("no_unit_to_support", "there is no unit in {target} to support")
NONE_COULD_MOVE = Why("none_could_move", "no unit in {target} could move to {there}")
CANNOT_REACH = Why("cannot_reach", "{unit} cannot reach {there}")
# DATC 6.F.1: a coast's fleet convoys nobody; the words say who does (a newcomer's
# `F Lon C A Lvp - Nwy` was told only "F London cannot convoy from London (coast)").
CANNOT_CONVOY_FROM = Why("cannot_convoy_from", "{unit} cannot convoy from {here} ({terrain}): "
                         "only fleets at sea convoy, each on a sea the army crosses")
NOT_CONVOYABLE = Why("not_convoyable", "{unit} cannot be convoyed")
CANNOT_BE_CONVOYED = Why("cannot_be_convoyed", "{unit} cannot be convoyed to {there}")
NONE_COULD_BE_CONVOYED = Why("none_could_be_convoyed",
                             "no unit in {target} could be convoyed to {there}")
NOT_NEEDED = Why("not_needed", "{unit} is not needed for any convoy from {target} to {there}")
NO_UNIT_TO_CONVOY = Why("no_unit_to_convoy", "there is no unit in {target} to convoy")

# Retreats
NOT_A_RETREAT = Why("not_a_retreat", "only retreats and disbands are allowed now, not {what}")
NO_DISLODGED = Why("no_dislodged", "there is no dislodged unit in {place}")
CANNOT_RETREAT = Why("cannot_retreat", "{unit} cannot retreat to {place}; it may retreat to "
                     "{allowed}")
NOWHERE_TO_RETREAT = Why("nowhere_to_retreat", "{unit} cannot retreat to {place}; it may "
                         "retreat to nowhere: it must disband")

# Adjustments
NOT_AN_ADJUSTMENT = Why("not_an_adjustment",
                        "only builds, removals and waives are allowed now, not {what}")
NO_BUILD_TO_USE = Why("no_build_to_use", "{power} has no build to use")
NOT_OWNED = Why("not_owned", "{power} does not own {place}")
NOT_VACANT = Why("not_vacant", "{place} is not vacant")
NOT_HOME = Why("not_home", "{place} is not a home centre of {power}")
NO_UNIT_OF_POWER = Why("no_unit_of_power", "{power} has no unit in {place}")
NO_REMOVAL = Why("no_removal", "{power} has no removal to make")
WHICH_UNIT = Why("which_unit", "say which unit to build in {place}: {what}")

ENGINE_REASONS: tuple[Why, ...] = tuple(
    value for value in globals().values() if isinstance(value, Why))
