"""The ends of Envoy's seasons: invasions of neutral home centres when an Autumn ends (rule
8), and Controlled Neutrals' units outside their area marked, then removed after the next
Autumn's retreats (rule 7). docs/variants/envoy.md, "Control"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from judge.engine.calendar import Season
from judge.engine.centres import standard_season_end
from judge.engine.orders import Disband, Move, Support
from judge.engine.outcome import Event, OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .control import (
    CONTROLLED,
    DIPLOMAT,
    Countries,
    controller,
    neutrals,
    occupant,
    players,
    rule7_area,
    status,
    table,
    with_control,
)

AUTUMN = "F"
# province -> [neutral, season]: a Controlled Neutral's unit found outside its rule 7 area
# and the season at whose end it was found ("S1914"). Never shown to players in Secret or
# Stab Envoy (sight.py keeps only PUBLIC_STATE and the viewer's control).
STRANDED = "stranded"
SeasonEnd = Callable[[Rules, Position, Season], tuple[Position, list[Event]]]


def autumn_record(rules: Rules, before: Position, countries: Countries,
                  results: Iterable[OrderResult]) -> dict[str, list[list[str]]]:
    """What rule 8 needs from an Autumn movement phase, by the players who ordered the
    units at its start: each unit standing after it in a neutral's home centre that the
    neutral held when the Autumn began, whether it moved in now or stood there already
    (8: "has invaded and is occupying"), and supports given (a support that was not
    illegal and matched its move or hold, cut or not)."""
    given = list(results)
    at = {province_of(u.loc): u for u in before.units if u.kind != DIPLOMAT}
    at_d = {u.loc: u for u in before.units if u.kind == DIPLOMAT}
    supports: list[list[str]] = []
    for r in given:
        if r.unit is None or not isinstance(r.order, Support) or \
                r.outcome in (Outcome.ILLEGAL, Outcome.VOID):
            continue
        by = controller(before, countries, r.unit.power)
        if by is not None:
            target = (at_d.get(r.order.target) if r.unit.kind == DIPLOMAT
                      else at.get(province_of(r.order.target)))
            to = controller(before, countries, target.power) if target else None
            if to is not None and to != by:
                supports.append([by, to])
    return {"invasions": _occupations(rules, before, countries, given),
            "supports": supports}


def _occupations(rules: Rules, before: Position, countries: Countries,
                 results: list[OrderResult]) -> list[list[str]]:
    """[player, neutral, centre, unit's power] for each neutral home centre held by its
    neutral at the Autumn's start and occupied by a unit a player ordered, once the
    movement is over (a bounced or dislodged unit is not there)."""
    gone = {r.unit for r in results if r.unit is not None and r.dislodged}
    moved = {r.unit: rules.geo.province.get(r.order.dest) or province_of(r.order.dest)
             for r in results if r.unit is not None and isinstance(r.order, Move)
             and r.outcome == Outcome.SUCCEEDS}
    victims = {c: n for n in neutrals(before, rules) for c in rules.homes[n]
               if before.owners.get(c) == n}
    out: list[list[str]] = []
    for u in rules.main_units(before):
        where = moved.get(u, province_of(u.loc))
        victim = victims.get(where)
        by = controller(before, countries, u.power)
        if u not in gone and victim not in (None, u.power) and by is not None:
            out.append([by, str(victim), where, u.power])
    return sorted(out)


def season_end_for(countries: Countries) -> SeasonEnd:
    def season_end(rules: Rules, position: Position,
                   season: Season) -> tuple[Position, list[Event]]:
        """Centres change hands as usual; after an Autumn, rule 8; after every season, rule
        7's marks (and after an Autumn, its removals)."""
        board, events = standard_season_end(rules, position, season)
        if players(board) is None:
            return board, events
        autumn = season.code == AUTUMN
        if autumn:
            board = _invasions(rules, board, countries)
            board = with_control(rules, board, countries, autumn={})
        board, removed = _outside_area(rules, board, countries, autumn)
        return board, [*events, *removed]
    return season_end


def _invasions(rules: Rules, board: Position, countries: Countries) -> Position:
    """Rule 8: a player occupying a neutral's home centre when the Autumn ends (recorded
    after its movement) loses all influence there; with three or more players, so does
    every player who gave support to him or received it from him this Autumn. Another
    player's diplomat there then makes the neutral his Major Ally."""
    autumn: dict[str, Any] = table(board, "autumn")
    barred, last, allied = table(board, "barred"), table(board, "last"), table(board, "allied")
    main_at = {province_of(u.loc): u for u in rules.main_units(board)}
    partners = {(a, b) for a, b in autumn.get("supports", [])}
    many = len(players(board) or ()) >= 3
    invaded: set[str] = set()
    for by, victim, centre, power in autumn.get("invasions", []):
        if main_at.get(centre, Unit("", "", "")).power != power:
            continue  # no longer occupying it when the Autumn ends
        invaded.add(victim)
        losers = {by} | ({b for a, b in partners if a == by} | {a for a, b in partners
                                                              if b == by} if many else set())
        barred[victim] = sorted(set(barred.get(victim, [])) | losers)
        if last.get(victim) in losers:
            del last[victim]
    board = board._replace(state={**board.state, "barred": barred, "last": last})
    for victim in invaded:
        who, _ = occupant(board, countries, victim)
        if who is not None:
            allied[victim] = who
    return board._replace(state={**board.state, "allied": allied})


def _outside_area(rules: Rules, board: Position, countries: Countries,
                  autumn: bool) -> tuple[Position, list[OrderResult]]:
    """Rule 7: a Controlled Neutral's unit outside its area when a season ends is marked
    with that season; after an Autumn's retreats, one found before that Autumn ended ("the
    next Autumn") and still outside is removed (its controller rebuilds
    it later). A unit back inside, or of a country no longer a Controlled Neutral, loses
    its mark."""
    old = table(board, STRANDED)
    now = f"{board.phase.season}{board.phase.year}"  # marks are made only as seasons end
    marks: dict[str, list[str]] = {}
    removed: list[OrderResult] = []
    for neutral in neutrals(board, rules):
        if status(board, countries, neutral)[0] != CONTROLLED:
            continue
        area = rule7_area(rules, board, countries, neutral)
        for u in rules.main_units(board):
            prov = province_of(u.loc)
            if u.power != neutral or prov in area:
                continue
            mark = old.get(prov)
            found = str(mark[1]) if isinstance(mark, list) and mark[0] == neutral else now
            if autumn and found != now:
                removed.append(OrderResult(neutral, u, Disband(u.loc, u.kind), "",
                                           Outcome.SUCCEEDS, None,
                                           f"{u} stood outside {neutral}'s area (Envoy 7)"))
            else:
                marks[prov] = [neutral, found]
    gone = {r.unit for r in removed}
    units = tuple(u for u in board.units if u not in gone)
    state = {k: v for k, v in board.state.items() if k != STRANDED}
    board = board._replace(state={**state, STRANDED: marks} if marks else state)
    return board.with_board(units, board.dislodged), removed

