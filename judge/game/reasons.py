"""The game's reasons for refusing an order line, in English: the one place their words are.

The engine's own reasons (what the rules forbid) are judge/engine/reasons.py; these say
what the game adds: a line that is no order, an order of another phase's kind, a build
over the count, a phase that has moved on, lines of one message that clash. Each is a
`Why` (judge/engine/refusal.py), worded for the reader only when the reply is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.reasons import ENGINE_REASONS
from judge.engine.refusal import Why

HELP_ORDERS = "HELP ORDERS shows how to write orders, with examples."

# A line that does not read: the grammar's own answer, quoting what he wrote.
UNREADABLE = Why("unreadable", "{said} " + HELP_ORDERS)
PROSE = Why("prose", "this is neither an order nor a command: write one order per line, "
            "and anything else after SIGNOFF. " + HELP_ORDERS)
# The engine's message in a variant's own words (ids named as the reports name them).
RULES_SAY = Why("rules_say", "{said}")
# An illegal order whose refusal says no more than the report's tag: 'illegal: no unit'.
TAGGED = Why("tagged", "{tag}")
# "There is no unit in Munich" of a place where a unit the writer cannot see may stand
# (a hidden game): what his own knowledge makes true (judge/game/refusals.py `_unseen`).
NONE_OF_YOURS = Why("none_of_yours", "you have no unit in {place}")
# What a refusal becomes when it names a unit its reader does not know (never expected:
# the check runs on his own board; this keeps it so).
NOT_AS_WRITTEN = Why("not_as_written", "this order cannot be carried out as written on the "
                     "board as you know it. " + HELP_ORDERS)
WRONG_KIND = Why("wrong_kind", "'{line}' is {what}, but {phase} takes only {takes}; "
                 + HELP_ORDERS)
# A convoy path (njudge's `A Edi-Nth-Nwy`) written for a unit of a kind never convoyed: the
# engine's "Edinburgh is not adjacent to Norway" is true but says nothing of the path.
NOT_THAT_KIND = Why("not_that_kind", "there is no {kind} in {place} to convoy: the unit "
                    "there is {unit}, which is never convoyed and moves only to a space next "
                    "to it")
# A movement order for the writer's own dislodged unit in its retreat phase: what it may do.
DISLODGED_MAY = Why("dislodged_may", "{unit} was dislodged: order its retreat, to {places}, "
                    "or its disband (Disband {unit})")
DISLODGED_NOWHERE = Why("dislodged_nowhere", "{unit} was dislodged and may retreat nowhere: "
                        "it is disbanded, and you owe no order for it")
# After "there is no dislodged unit in Belgium": which of his are, to be ordered now.
YOURS_DISLODGED = Why("yours_dislodged", "Your dislodged units: {units}.")
NONE_DISLODGED = Why("none_dislodged", "No unit of {power} was dislodged: you have nothing "
                     "to order in this phase.")
NONE_TO_MAKE = Why("none_to_make", "{power} has no {what} to make in {phase}")
MAY_BUILD = Why("may_build", "{power} may build {count} {units} in {phase}, and {taken} "
                "already {take}; to change them, send CLEAR and then the ones you want")
MAY_REMOVE = Why("may_remove", "{power} may remove {count} {units} in {phase}, and {taken} "
                 "already {take}; to change them, send CLEAR and then the ones you want")
MOVED_ON = Why("moved_on", "The phase has moved on: it is now {now}. This order fits "
               "{before}, which was processed {when}: orders for it came too late. Order "
               "the units as they stand now (see the last report).")
# Polish 25: what stands on a site a build was refused for ("Kiel is not vacant").
YOURS_THERE = Why("yours_there", "Your {unit} stands there.")
# Newcomer 25: after "Belgium is not a home centre of France", where he may build instead.
BUILD_IN = Why("build_in", "{power} may build in {places}.")
BUILD_NOWHERE = Why("build_nowhere", "{power} has no centre free to build in now: WAIVE "
                    "the build.")
THEIRS_THERE = Why("theirs_there", "{power}'s {unit} stands there.")
# Polish 25: 'F smy-aeg' for the writer's army was told only "armies cannot go to Aegean
# Sea" (1885-III newcomer run): the unit the order was read for, against the one he wrote.
OTHER_KIND = Why("other_kind", "Your unit there is {unit}, not a {written}: an order is for "
                 "the unit that stands there (DATC 4.C.1).")
# Polish 25: an order for a later phase sent without PHASE ('A ser-bul' in the Spring).
FOR_LATER = Why("for_later", "If it is meant for {later}, send it after a line PHASE {code}: "
                "orders for a later phase need PHASE first (HELP PHASE)")
# Two or more lines of one message for one unit (DATC 4.D.3).
CLASH_NONE_STANDS = Why(
    "clash_none_stands", "{lines} give {unit} different orders in one message, so none of "
    "them stands and {unit} is without orders (this game's rule duplicate_orders=hold, "
    "DATC 4.D.3); send the one order you mean; without one it holds when the turn is "
    "processed")
# Fix 26: "lines 2, 3 and 4 give A Paris different orders" was said when lines 2 and 3
# were one order written twice; then the words count the orders and say which repeat.
CLASH_REPEATED = Why(
    "clash_repeated", "{lines} give {unit} {count} different orders in one message "
    "({repeats}), so none of them stands and {unit} is without orders (this game's rule "
    "duplicate_orders=hold, DATC 4.D.3); send the one order you mean; without one it holds "
    "when the turn is processed")
REPLACED_BY = Why("replaced_by", "replaced by line {line}: the last order for {unit} in a "
                  "message stands")
STANDS = Why("stands", "stands: it replaces {lines} (the last order for {unit} in a message "
             "stands)")
# Lines for one slot at different places (one engineer placed, wherever): the slot, by name.
REPLACED_SLOT = Why("replaced_slot", "replaced by line {line}: a power makes one {slot}, and "
                    "the last in a message stands")
STANDS_SLOT = Why("stands_slot", "stands: it replaces {lines} (a power makes one {slot}, and "
                  "the last in a message stands)")
# The game's own refusal of every line of a message, in its words (no turn open, orders
# after PHASE for a phase that is over): they name the game and phases only.
GAME_SAYS = Why("game_says", "{said}")

GAME_REASONS: tuple[Why, ...] = tuple(
    value for value in globals().values() if isinstance(value, Why))


def every_reason(own: Mapping[str, Why] = {}) -> dict[str, Why]:
    """The reasons a game may store a refusal with: the engine's, the game's and the
    variant's own (`Registry.reasons`), by code."""
    return {w.code: w for w in (*ENGINE_REASONS, *GAME_REASONS, *own.values())}
