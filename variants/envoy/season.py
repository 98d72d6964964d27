"""The end of an Autumn in Envoy: invasions of neutral home centres (rule 8) and Controlled
Neutrals' units outside their area removed (rule 7). docs/variants/envoy.md, "Control"."""

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
SeasonEnd = Callable[[Rules, Position, Season], tuple[Position, list[Event]]]


def autumn_record(rules: Rules, before: Position, countries: Countries,
                  results: Iterable[OrderResult]) -> dict[str, list[list[str]]]:
    """What rule 8 needs from an Autumn movement phase, by the players who ordered the
    units at its start: moves into a neutral's home centre, and supports given (a support
    that was not illegal and matched its move or hold, cut or not)."""
    neutral = set(neutrals(before, rules))
    at = {province_of(u.loc): u for u in before.units if u.kind != DIPLOMAT}
    at_d = {u.loc: u for u in before.units if u.kind == DIPLOMAT}
    invasions: list[list[str]] = []
    supports: list[list[str]] = []
    for r in results:
        if r.unit is None or r.outcome in (Outcome.ILLEGAL, Outcome.VOID):
            continue
        by = controller(before, countries, r.unit.power)
        if isinstance(r.order, Move) and r.outcome == Outcome.SUCCEEDS and by is not None:
            dest = rules.geo.province.get(r.order.dest) or province_of(r.order.dest)
            for victim in neutral - {r.unit.power}:
                if dest in rules.homes[victim]:
                    invasions.append([by, victim, dest, r.unit.power])
        elif isinstance(r.order, Support) and by is not None:
            target = (at_d.get(r.order.target) if r.unit.kind == DIPLOMAT
                      else at.get(province_of(r.order.target)))
            to = controller(before, countries, target.power) if target else None
            if to is not None and to != by:
                supports.append([by, to])
    return {"invasions": invasions, "supports": supports}


def season_end_for(countries: Countries) -> SeasonEnd:
    def season_end(rules: Rules, position: Position,
                   season: Season) -> tuple[Position, list[Event]]:
        """Centres change hands as usual; after an Autumn, rules 8 then 7."""
        board, events = standard_season_end(rules, position, season)
        if season.code != AUTUMN or players(board) is None:
            return board, events
        board = _invasions(rules, board, countries)
        board, removed = _outside_area(rules, board, countries)
        board = with_control(rules, board, countries, autumn={})
        return board, [*events, *removed]
    return season_end


def _invasions(rules: Rules, board: Position, countries: Countries) -> Position:
    """Rule 8: a player occupying a neutral's home centre he invaded this Autumn loses all
    influence there; with three or more players, so does every player who gave support to
    him or received it from him this Autumn. Another player's diplomat there then makes the
    neutral his Major Ally."""
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


def _outside_area(rules: Rules, board: Position,
                  countries: Countries) -> tuple[Position, list[OrderResult]]:
    """Rule 7: after the Autumn's retreats, a Controlled Neutral's units outside its area
    are removed (its controller rebuilds them in a later adjustment phase)."""
    removed: list[OrderResult] = []
    for neutral in neutrals(board, rules):
        if status(board, countries, neutral)[0] != CONTROLLED:
            continue
        area = rule7_area(rules, board, countries, neutral)
        for u in rules.main_units(board):
            if u.power == neutral and province_of(u.loc) not in area:
                removed.append(OrderResult(neutral, u, Disband(u.loc, u.kind), "",
                                           Outcome.SUCCEEDS, None,
                                           f"{u} stood outside {neutral}'s area (Envoy 7)"))
    gone = {r.unit for r in removed}
    units = tuple(u for u in board.units if u not in gone)
    return board.with_board(units, board.dislodged), removed
