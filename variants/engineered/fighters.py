"""Fighter fields (rn45 C7): how far a fighter reaches, and its movement orders' legality.

A fighter moves, supports or damages "up to two areas from its location" (7a). Areas are
counted over every border of the map, land and sea alike (the air unit crosses water; the
rule does not say otherwise), but it moves only to land (7c 1): to an adjacent land area,
or to a land area two away only when it is a supply centre of its own country or of the
Neutral country (7c 2). Supports and damage reach any area two away (7a, 7e, 7f).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from judge.engine.board import Board, Illegal
from judge.engine.geo import Geography
from judge.engine.order_types import Registry
from judge.engine.orders import Convoy, Move, Order, Support
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit

from .fighters_advice import instead, not_a_navy
from .options import Options, level_at

FIGHTER = "F"
REACH = 2  # rn45 C7 7a: "up to two areas from its location"
# The Neutral country of rn45 D1 1a owns every centre no player owns: a centre without an
# owner, or one held by the power of that name (variants/engineered names it so).
NEUTRAL = "NEUTRAL"
LAND = frozenset({"land", "coast"})
LEVELS = ("complex", "advanced")

def area_distances(geo: Geography) -> dict[str, dict[str, int]]:
    """Each province -> the provinces and their distance over every border of the military
    units' graphs (an army's and a navy's: land and sea); callers keep those within REACH.

    The map's own table (Geography.distances, the same main-layer graph folded to
    provinces), remembered on the map itself: no cache of ours keyed on the map, since the
    compiled build's Geography (setup.py) takes no weak reference."""
    return geo.distances()


def distance(rules: Rules, here: str, there: str) -> int | None:
    """How many areas apart two provinces are, if within REACH."""
    steps = area_distances(rules.geo).get(here, {}).get(there)
    return steps if steps is not None and steps <= REACH else None


def is_fighter(unit: Unit) -> bool:
    return unit.kind == FIGHTER


def neutral_owner(owner: str | None) -> bool:
    return owner is None or owner == NEUTRAL


def check_fighter_move(board: Board, unit: Unit, order: Move) -> Move:
    """rn45 C7 7c: adjacent land, or a centre of one's own or the Neutral's two areas away."""
    here, there = board.where(unit.loc), board.where(order.dest)
    geo = board.geo
    if not geo.is_province(there):
        raise Illegal(f"there is no province {there!r}")
    if geo.provinces[there].terrain not in LAND:
        # A player used to the standard game writes F for the unit he takes for a fleet.
        raise Illegal(f"a fighter cannot move to {there}: it moves only to land (rn45 C7 "
                      f"7c); {not_a_navy(board, unit, simple=False)}")
    steps = distance(board.rules, here, there)
    if steps is None or steps == 0:
        raise Illegal(f"{there} is more than two areas from {here} (rn45 C7 7a)"
                      if steps is None else f"{unit} cannot move to the province it is in")
    if steps == 2:
        _two_away(board, unit, there)
    if order.via_convoy or order.route:
        raise Illegal("a fighter flies: it is never convoyed")
    return order if order.dest == there else Move(unit.loc, there, unit.kind)


def _two_away(board: Board, unit: Unit, there: str) -> None:
    if not board.geo.provinces[there].supply:
        raise Illegal(f"{there} is two areas away and not a supply centre: a fighter moves "
                      "two areas only to a centre of its own or the Neutral's (rn45 C7 7c)")
    owner = board.position.owners.get(there)
    if owner != unit.power and not neutral_owner(owner):
        raise Illegal(f"{there} is two areas away and belongs to {owner}: a fighter moves "
                      "two areas only to a centre of its own or the Neutral's (rn45 C7 7c)")


def within_reach(board: Board, unit: Unit, loc: str, what: str) -> str:
    """The province of `loc`, or Illegal when it is beyond the fighter's two areas."""
    there = board.where(loc)
    if not board.geo.is_province(there):
        raise Illegal(f"there is no province {there!r}")
    if distance(board.rules, board.where(unit.loc), there) is None:
        raise Illegal(f"{there} is more than two areas from {unit.loc}, so {unit} cannot "
                      f"{what} there (rn45 C7 7a)")
    return there


def check_fighter_support(board: Board, unit: Unit, order: Support) -> Support:
    """rn45 C7 7e: a fighter supports an action in an area it can reach (two areas)."""
    target = board.where(order.target)
    if target == board.where(unit.loc):
        raise Illegal(f"{unit} cannot support itself")
    i = board.index.get(target)
    if i is None:
        raise Illegal(f"there is no unit in {target} to support")
    if order.dest is None:
        within_reach(board, unit, target, "support")
        return order
    dest = within_reach(board, unit, order.dest, "support")
    if dest == target:
        raise Illegal(f"{board.units[i]} cannot move to the province it is in")
    return order


def _refuse_convoy(board: Board, unit: Unit, order: Convoy, simple: bool = False) -> Order:
    raise Illegal(f"only a navy at sea convoys: {not_a_navy(board, unit, simple)}")


Check = Callable[..., Order]
# The fighter's own check for each standard order type that has one in movement.
FIGHTER_CHECKS: dict[type, Check] = {Move: check_fighter_move, Support: check_fighter_support,
                                     Convoy: _refuse_convoy}


def with_fighter_checks(registry: Registry, defaults: Options) -> Registry:
    """The registry with Move, Support and Convoy checked as a fighter's for a fighter in a
    complex game and as before for any other unit (`defaults`: the game's options)."""
    types = [replace(t, check=_by_kind(FIGHTER_CHECKS[cls], t.check, defaults))
             for cls, t in registry.orders.items()
             if cls in FIGHTER_CHECKS and t.check is not None]
    return registry.with_orders(*types)


def complex_at(defaults: Options, position: Position) -> bool:
    """rn45 A: C7 and C8 are rules of the complex game (and so of the advanced)."""
    return level_at(defaults, position) in LEVELS


def _by_kind(fighter: Check, other: Check, defaults: Options) -> Check:
    def check(board: Board, unit: Unit, order: Order) -> Order:
        if not is_fighter(unit):
            return other(board, unit, order)
        if complex_at(defaults, board.position):
            return fighter(board, unit, order)
        return _as_an_army(board, unit, order, other)
    return check


def _as_an_army(board: Board, unit: Unit, order: Order, other: Check) -> Order:
    """rn45 A: C7 is the complex game's, so at the simple level a fighter's order is
    checked as an army's; a refusal says why its reach is not his, and what it can do."""
    if isinstance(order, Convoy):
        return _refuse_convoy(board, unit, order, simple=True)
    there = board.where(order.dest) if isinstance(order, Move) else ""
    if there and board.geo.is_province(there) \
            and board.geo.provinces[there].terrain not in LAND:
        raise Illegal(f"a fighter cannot move to {there}: "
                      f"{not_a_navy(board, unit, simple=True)}")
    try:
        return other(board, unit, order)
    except Illegal as exc:
        raise Illegal(f"{exc.message}: {instead(board, unit, simple=True)}",
                      exc.reason) from None
