"""The survival game (rn45 F; the advanced level, optional: `survival = true`).

F1: after 1902, in a game of `survival_players` (10, the rule's figure; the master may set
fewer) or more players, the observers vote off the weakest or most underachieving player
each year: a poll (judge/game/polls.py, POLL vote-off <power>) open in every Fall movement
turn from 1903; the power with the most votes hands its units and centres to the Neutral,
whose madman units they become (D). A tie votes nobody off.
F2: players write to each other only through the judge, which never tells them who plays
which power: press and reports name powers, and LIST and SUMMARY show no player's name to
anyone but the master until the game is over (`Variant.names_hidden`); grey press hides
even the power. F3's commentator is the judge's own (judge.game.commentator: the master
appoints an observer with SET COMMENTATOR; he reads all press between players, as they
read it, and publishes a COLUMN to the master and observers, which F2 keeps from players).
F4 (`prize = true`): no draws; the last power left with units or centres wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from judge.engine.orders import Order
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.questions import Question
from judge.engine.rules import PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import MOVEMENT
from judge.variant import Variant

from .fighters import NEUTRAL
from .neutral import hand_over

VOTE_OFF = "vote-off"
FIRST_YEAR = 1903  # F1: "after 1902"
PLAYERS = 10  # F1: "in a 10 or more player variant"
FALL = "F"


def wire(variant: Variant) -> Variant:
    options = variant.options
    if str(options.get("level", "simple")) != "advanced" or not options.get("survival"):
        return variant
    variant = replace(variant, names_hidden=True)  # F2: no player's name, but the master's
    rules = variant.rules
    if len(variant.powers) >= int(options.get("survival_players", PLAYERS)):
        handlers = {**rules.handlers, MOVEMENT: VoteOff(rules.handlers[MOVEMENT])}
        rules = replace(rules, handlers=handlers)
        variant = replace(variant, polls=vote_off_poll)
    if options.get("prize"):
        victory = rules.victory

        def last_one_standing(r: Rules, position: Position) -> tuple[str, ...]:
            left = alive(r, position)
            return (left[0],) if len(left) == 1 else victory(r, position)

        rules = replace(rules, victory=last_one_standing)
        variant = replace(variant, draws=False)
    return replace(variant, rules=rules)


def alive(rules: Rules, position: Position) -> list[str]:
    """The players' powers with a unit or a centre (never the Neutral)."""
    present = {u.power for u in position.units} | set(position.owners.values())
    return [p for p in rules.powers if p in present and p != NEUTRAL]


def vote_off_poll(variant: Variant, position: Position) -> Sequence[Question]:
    phase = position.phase
    if phase.season != FALL or phase.kind != MOVEMENT or phase.year < FIRST_YEAR:
        return ()
    choices = tuple(p.title() for p in alive(variant.rules, position))
    return (Question(VOTE_OFF, "Whom do you vote off this year, the weakest or most "
                     "underachieving player (rn45 F1)? His units become madman units.",
                     choices),)


class VoteOff(WrappedPhase):
    """F1: the poll's result carried out after the Fall's moves."""

    def adjudicate(self, rules: Rules, position: Position,
                   orders: Mapping[str, Sequence[Order]]) -> PhaseOutcome:
        out = self.inner.adjudicate(rules, position, orders)
        found = position.state.get("polls", {})
        voted = found.get(VOTE_OFF) if isinstance(found, Mapping) else None
        if not isinstance(voted, str) or voted.upper() not in rules.powers:
            return out
        board, handed = hand_over(rules, out.position, voted.upper(), "F1")
        events: tuple[Event, ...] = (*out.events, *handed)
        return PhaseOutcome(out.results, board, events)
