"""The Neutral country (rn45 D1; complex and advanced levels).

It is no power of the game (nobody plays it, it has no seat, no vote and never wins):
`NEUTRAL` owns centres and units on the board. It holds every centre no player owns from
the start (1a), never builds and never has to remove (1b: "its SC's can maintain units
already in existence"; the reading: its units are kept whatever its count), and takes
over the units and centres of a country left with no home centre (1c) or of one the
master hands it after two missed seasons (1d, asked with DECIDE: questions()). Its units
are madman units, bid for every season (madman.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from judge.engine.calendar import Season
from judge.engine.orders import Order
from judge.engine.outcome import CentreChange, Event
from judge.engine.position import Position
from judge.engine.questions import Question, answers_of
from judge.engine.rules import Rules
from judge.engine.types import Unit
from judge.variant import Variant

from .fighters import NEUTRAL
from .neutral_report import HANDED_OVER, SECTIONS, HandedOver
from .options import level_at

SIMPLE = "simple"
MISSED = "missed"  # Position.state: each power's seasons madmanned so far (D1 1d)
KEPT = "kept"  # Position.state: powers the master chose to leave with their players
HAND_OVER = "neutral-"  # a question's key: "neutral-russia"
YES, NO = "yes", "no"


def wire(variant: Variant) -> Variant:
    """The Neutral at the complex and advanced levels: the hooks ask the level of the board
    they are given (a game's, or `judge adjudicate`'s request state); the start gives it the
    free centres when the game's level has it."""
    rules, defaults = variant.rules, variant.options
    season_end, supply, questions = rules.season_end, rules.supply, rules.questions

    def neutral_season_end(r: Rules, position: Position,
                           season: Season) -> tuple[Position, list[Event]]:
        board, events = season_end(r, position, season)
        if not season.takes_centres or level_at(defaults, position) == SIMPLE:
            return board, events
        for power in homeless(r, board):
            board, handed = hand_over(r, board, power)
            events = [*events, *handed]
        return board, events

    def neutral_supply(r: Rules, position: Position) -> dict[str, int]:
        counts = supply(r, position)
        # 1b: no builds, and its units are kept: its count is its units'.
        kept = len([u for u in r.main_units(position) if u.power == NEUTRAL])
        return {**{p: n for p, n in counts.items() if p != NEUTRAL},
                **({NEUTRAL: kept} if kept else {})}

    def neutral_questions(r: Rules, position: Position,
                          orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
        return (*questions(r, position, orders), *hand_over_questions(position))

    rules = replace(rules, season_end=neutral_season_end, supply=neutral_supply,
                    questions=neutral_questions, victory=players_only(rules.victory),
                    registry=rules.registry.with_events(HANDED_OVER))
    variant = replace(variant, rules=rules, sections=(*variant.sections, *SECTIONS))
    if str(defaults.get("level", SIMPLE)) == SIMPLE:
        return variant
    start = variant.start
    free = {c: NEUTRAL for c in rules.geo.supply_centres if c not in start.owners}
    return replace(variant, rules=rules, start=start._replace(owners={**start.owners, **free}))


def players_only(victory: Callable[[Rules, Position], tuple[str, ...]]
                 ) -> Callable[[Rules, Position], tuple[str, ...]]:
    """D1 1a: "a non playing Madman Neutral country": no player, so it never wins, and its
    centres count for nobody (a player with the centres a win needs beside a Neutral with
    as many still wins)."""

    def no_neutral(r: Rules, position: Position) -> tuple[str, ...]:
        owners = {c: p for c, p in position.owners.items() if p != NEUTRAL}
        return victory(r, position._replace(owners=owners))

    return no_neutral


def homeless(rules: Rules, position: Position) -> list[str]:
    """The countries with units or centres but no home centre left (D1 1c)."""
    alive = {u.power for u in position.units} | set(position.owners.values())
    return [p for p in rules.powers if p in alive and p != NEUTRAL
            and not any(position.owners.get(h) == p for h in rules.homes.get(p, ()))]


def hand_over(rules: Rules, position: Position, power: str,
              rule: str = "D1 1c") -> tuple[Position, list[Event]]:
    """`power`'s units and centres become the Neutral's (D1 1c, 1d, F1: `rule`), told in
    the reports (neutral_report.py)."""
    units = tuple(Unit(NEUTRAL, u.kind, u.loc, u.payload) if u.power == power else u
                  for u in position.units)
    owners = {c: NEUTRAL if p == power else p for c, p in position.owners.items()}
    changes: list[Event] = [CentreChange(c, power, NEUTRAL)
                            for c, p in sorted(position.owners.items()) if p == power]
    changes.append(HandedOver(power, rule))
    return position.with_board(units, position.dislodged, owners), changes


def missed(position: Position) -> dict[str, int]:
    found = position.state.get(MISSED, {})
    return {str(p): int(n) for p, n in found.items()} if isinstance(found, Mapping) else {}


def kept_powers(position: Position) -> tuple[str, ...]:
    found = position.state.get(KEPT, [])
    return tuple(str(p) for p in found) if isinstance(found, list) else ()


def madmanned_now(position: Position) -> list[str]:
    stages = position.state.get("stages")
    late = stages.get("bidding", []) if isinstance(stages, Mapping) else []
    return [str(p) for p in late]


def hand_over_questions(position: Position) -> tuple[Question, ...]:
    """D1 1d: for each power madmanned this season and at least once before, whether the
    master hands it to the Neutral (unless he has answered no for it already)."""
    counts, kept = missed(position), kept_powers(position)
    return tuple(Question(f"{HAND_OVER}{p.lower()}",
                          f"{p.title()} has now missed its orders {counts.get(p, 0) + 1} "
                          "times: do its units and centres become the Neutral's (rn45 "
                          "D1 1d)?", (YES, NO))
                 for p in madmanned_now(position)
                 if counts.get(p, 0) >= 1 and p not in kept)


def after_movement(rules: Rules, before: Position, after: Position
                   ) -> tuple[Position, list[Event]]:
    """What the madman's movement leaves for the next phase: the seasons each power was
    madmanned, and the master's answers to hand_over_questions carried out."""
    counts = missed(before)
    for power in madmanned_now(before):
        counts[power] = counts.get(power, 0) + 1
    answers, kept = answers_of(before), list(kept_powers(before))
    events: list[Event] = []
    for question in hand_over_questions(before):
        power = question.key.removeprefix(HAND_OVER).upper()
        if answers.get(question.key) == YES:
            after, handed = hand_over(rules, after, power, "D1 1d")
            events.extend(handed)
        else:
            kept.append(power)
    state = {**after.state, MISSED: counts, KEPT: kept} if counts or kept else after.state
    return after._replace(state=state), events
