"""What a player's start notice tells of the set-up turn (l.9-15), the first phase and one
no other game has: Italy, Russia and Sweden how to write their choice and what none leaves;
everyone else that he has nothing to order in it and how to say so. The choices are hidden
until January 1885 is adjudicated, so the turn waits for every player's answer, or its
deadline (docs/secrecy.md), and a player with nothing to order must be told to answer."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.visibility import Role, Viewer
from judge.variant import Variant

from .setup import SETUP  # type: ignore[import-not-found]

SETUP_TURN = "December 1884 Set-up is the rules' set-up turn (l.9-15)"
CHOICES = {
    "ITALY": "Build F Rom (a fleet in Rome) or Build A Rom (an army); none leaves A Rom",
    "RUSSIA": "Build A Sev (an army in Sevastopol, a fleet in St Petersburg) or Build A StP "
              "(an army in St Petersburg, a fleet in Sevastopol); none leaves A StP and F Sev",
    "SWEDEN": "Build F Osl (a fleet in Oslo) or Build A Osl (an army); none leaves A Osl",
}
WAITS = ("The choices are hidden until January 1885 is adjudicated, so this turn is "
         "processed once every player has answered, or at its deadline.")
FIRST_MOVES = ("Your first moves are for January 1885 Movement: send them when it opens, or "
               "now after a line PHASE January 1885 Movement.")


def start_words(variant: Variant, position: Position, viewer: Viewer) -> list[str]:
    if viewer.role != Role.PLAYER or viewer.power is None or position.phase.kind != SETUP:
        return []
    choice = CHOICES.get(viewer.power)
    if choice is not None:
        return [f"{SETUP_TURN}: send your choice, {choice}. Nobody else sees it until "
                "January 1885 is adjudicated.", WAITS, FIRST_MOVES]
    return [f"{SETUP_TURN}, in which only Italy, Russia and Sweden choose units: you have "
            "nothing to order in it. Send CLEAR to say so.", WAITS, FIRST_MOVES]
