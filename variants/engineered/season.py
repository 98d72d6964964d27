"""The end of a season for engineers and prisons (rn45 C4, C6), after the standard one
(centres change hands in the Fall):

- Spring and Fall: first C6 6a, an engineer and a prison in one area disband the prison,
  and two engineers in one area are both disbanded; then C4 4a, an engineer in an area
  where another country's army, navy or fighter stands is captured, and becomes that
  country's prison there (its payload names the country it was taken from: C3b).
- Winter: C4 4b, every prison ends with it ("till the spring season following its
  capture": one taken in a Spring or Fall is gone by the next Spring).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from judge.engine.calendar import Season
from judge.engine.centres import standard_season_end
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .orders import ENGINEER, PRISON, Engineering

WINTER = "W"
OWNER = "owner"  # a prison's payload: the country the engineer was taken from


SeasonEnd = Callable[[Rules, Position, Season], tuple[Position, list[Event]]]


def engineers_season_end(inner: SeasonEnd = standard_season_end) -> SeasonEnd:
    """The season's end the game had (standard: centres change hands), then the engineers'."""
    def season_end(rules: Rules, position: Position,
                   season: Season) -> tuple[Position, list[Event]]:
        position, events = inner(rules, position, season)
        if season.code == WINTER:
            return _terms_end(position, events)
        return _meetings(position, events)
    return season_end


def owner_of(prison: Unit) -> str:
    return str(dict(prison.payload).get(OWNER, ""))


def _terms_end(position: Position, events: list[Event]) -> tuple[Position, list[Event]]:
    prisons = [u for u in position.units if u.kind == PRISON]
    events += [Engineering("term_over", p) for p in prisons]
    units = tuple(u for u in position.units if u.kind != PRISON)
    return position.with_board(units, position.dislodged), events


def _meetings(position: Position, events: list[Event]) -> tuple[Position, list[Event]]:
    military = {province_of(u.loc): u.power for u in position.units
                if u.kind not in (ENGINEER, PRISON)}
    by_area: dict[str, list[Unit]] = defaultdict(list)
    for unit in position.units:
        if unit.kind in (ENGINEER, PRISON):
            by_area[unit.loc].append(unit)
    kept = [u for u in position.units if u.kind not in (ENGINEER, PRISON)]
    for area, there in by_area.items():
        engineers = [u for u in there if u.kind == ENGINEER]
        prisons = [u for u in there if u.kind == PRISON]
        if engineers:  # C6 6a
            events += [Engineering("freed", p) for p in prisons]
            prisons = []
        if len(engineers) > 1:
            events += [Engineering("two_engineers", e) for e in engineers]
            engineers = []
        kept += prisons
        for engineer in engineers:
            captor = military.get(area, engineer.power)
            if captor == engineer.power:
                kept.append(engineer)
                continue
            events.append(Engineering("captured", engineer, captor))  # C4 4a
            kept.append(Unit(captor, PRISON, area, ((OWNER, engineer.power),)))
    return position.with_board(tuple(kept), position.dislodged), events
