"""Algernon's reasons for refusing an order, in English: the one place their words are.

Each is a `Why` (judge/engine/refusal.py), registered on the variant's registry (rules.py)
so that a refusal stored with a turn reads back; the checks make them with their
parameters (`state`), and the reply is projected on the writer's board like the engine's
reasons (judge/game/refusals.py). A space is named as the game master's notation names it
(II: 'MN'), his own space: the maze itself is never a reader's to know (rule 3).
"""

from __future__ import annotations

from judge.engine.refusal import Why

# I.A.1: a rat moves out through a portal of its space, which its player knows (4, 6).
NO_PORTAL = Why("algernon_no_portal", "{space} has no portal {portal}")
# I.A.3-5: a support that names no attack there to back is void, not refused.
SUPPORTS_NOTHING = Why("algernon_supports_nothing", "the support had nothing to support")
# I.B.1-2: a retreat list is for a rat of the writer's that may be dislodged, so one for a
# space where he has none is no order; said of his own rats alone, as for any order for
# a space where he has none, never of what else may stand there (rule 3).
NO_RAT_TO_RETREAT = Why("algernon_no_rat_to_retreat",
                        "you have no unit in {space}, so no rat of yours there can be "
                        "dislodged: a retreat list is for a rat of yours (I.B.1)")

ALGERNON_REASONS: tuple[Why, ...] = tuple(
    value for value in globals().values() if isinstance(value, Why))
