"""Who owns what in 1885-III, and what it supports (Special Characteristics, l.24-29; the
Macedonia rule, l.93-95).

- Centres change hands after the March, June, September and December moves (the seasons
  with `takes_centres` in variant.toml), as after the regular Fall move: those are the moves
  the builds and removals follow (l.15-17). The text does not say; the game option
  `centres_change = "monthly"` moves them after every month's move instead, as Sicily's
  owner changes "in any season" and Macedonia's control is asked "after February".
- Sicily is no supply centre but Italy's build site "whenever she owns the province (was
  the last Power to occupy it in any season)" (l.24-27): its owner is kept in the board's
  state (`sicily`; it is no centre, so not among the owners of centres) and changes at the
  end of every month to the power with a unit there; Italy owns it from the start (l.25),
  which a state without the key means.
- Turkey "may build a unit for [Macedonia] in any Home S.C. in March" if "she still
  controls Macedonia after February 1885" (l.93-95): when February 1885 ends, whether no
  other power's unit stands there is kept in the state, and that, not the March move,
  decides whether Macedonia counts for Turkey at the March 1885 adjustments (the game
  option `macedonia_build = "after_february"`, the default). The option's other value,
  `"also_march"`, reads the clause as a condition added to the regular rules: Macedonia
  counts for Turkey in March only if she controlled it after February and still owns it
  after the March move.
"""

from __future__ import annotations

from collections.abc import Callable

from judge.engine.calendar import Season
from judge.engine.centres import take_centres
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.rules import Rules, centre_supply
from judge.engine.types import province_of

SICILY, ITALY = "sic", "ITALY"
SICILY_OWNER = "sicily"  # position.state: the last power to occupy Sicily
MACEDONIA, TURKEY = "mac", "TURKEY"
# position.state: whether Turkey still controlled Macedonia when February 1885 ended.
MACEDONIA_AFTER_FEBRUARY = "macedonia_after_february"
FIRST_YEAR = 1885


SeasonEnd = Callable[[Rules, Position, Season], tuple[Position, list[Event]]]


def season_end_for(option: str) -> SeasonEnd:
    """The game option `centres_change`: `builds` (centres change hands after the moves
    the builds follow, the seasons that take centres) or `monthly` (after every move)."""
    monthly = option == "monthly"

    def season_end(rules: Rules, position: Position,
                   season: Season) -> tuple[Position, list[Event]]:
        return _season_end(rules, position, season, monthly)

    return season_end


def _season_end(rules: Rules, position: Position, season: Season,
                monthly: bool) -> tuple[Position, list[Event]]:
    events: list[Event] = []
    a_month = season.kinds != ("A",)  # a month's move, not a build season
    if a_month:
        position = _occupy_sicily(rules, position)
    if season.takes_centres or (monthly and a_month):
        position, changes = take_centres(rules, position)
        events.extend(changes)
    if season.code == "FEB" and position.phase.year == FIRST_YEAR:
        held = _turkey_controls_macedonia(rules, position)
        position = position._replace(state={**position.state, MACEDONIA_AFTER_FEBRUARY: held})
    return position, events


def sicily_owner(position: Position) -> str:
    return str(position.state.get(SICILY_OWNER, ITALY))


def _occupy_sicily(rules: Rules, position: Position) -> Position:
    there = [u for u in rules.main_units(position) if province_of(u.loc) == SICILY]
    if not there or sicily_owner(position) == there[0].power:
        return position
    return position._replace(state={**position.state, SICILY_OWNER: there[0].power})


def _turkey_controls_macedonia(rules: Rules, position: Position) -> bool:
    if position.owners.get(MACEDONIA) != TURKEY:
        return False
    return not any(province_of(u.loc) == MACEDONIA and u.power != TURKEY
                   for u in rules.main_units(position))


def supply_for(option: str) -> Callable[[Rules, Position], dict[str, int]]:
    """The game option `macedonia_build`: `after_february` (February's control alone
    decides Turkey's March count of Macedonia) or `also_march` (and her owning it after the
    March move)."""
    also_march = option == "also_march"

    def supply(rules: Rules, position: Position) -> dict[str, int]:
        return _supply(rules, position, also_march)

    return supply


def _supply(rules: Rules, position: Position, also_march: bool) -> dict[str, int]:
    """Each power's centres; in March 1885 Macedonia counts for Turkey as February left it
    (and, `also_march`, only if she still owns it)."""
    counts = centre_supply(rules, position)
    decided = position.state.get(MACEDONIA_AFTER_FEBRUARY)
    phase = position.phase
    if (phase.season, phase.year) != ("MARB", FIRST_YEAR) or not isinstance(decided, bool):
        return counts
    owns = position.owners.get(MACEDONIA) == TURKEY
    counts_it = decided and (owns or not also_march)
    counts[TURKEY] = counts.get(TURKEY, 0) + (int(counts_it) - int(owns))
    return counts
