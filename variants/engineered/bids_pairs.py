"""Bids for a madman's unit and its decoy beside it (rn45 D3 with C8 8b; issue #15).

In the Spring after a Winter that made a madman's decoy, two units of his, alike to every
other player (2b: "identical"), share one area. Each is his unit, so each is bid for (3a:
"each NMR'd country's individual unit"), and nobody but the master may learn which is
which. Readings (docs/variants/engineered.md, "The madman's decoy"):

- a bid names the area's order as for any unit (`BID A Bud FOR A Mun - Boh`); the two sides
  ahead of every other side by at least one bid (3b) each take one of the two units;
- bids for them are moves and holds only: the decoy beside its copy only leaves or stays
  (8b), and a support or convoy the bidders could see one unit refuse would tell them
  which it is;
- which unit takes which winning order is drawn by the game's seed, unseen (madman.py):
  a fixed rule (the real unit takes the first side's) would tell the bidders, once the
  units part, which one was real.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from judge.engine.board import Illegal
from judge.engine.orders import Hold, Move, Order
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .decoys_orders import DecoyHold, DecoyMove
from .decoys_phase import stacked_decoys

if TYPE_CHECKING:  # bids.py tallies with this module
    from .bids import Bid

Valid = tuple[str, "Bid", Unit, Order]
PAIR = 2  # units in a shared area: a unit and its decoy


def both_alike(bid: Bid, unit: Unit, shared: frozenset[str]) -> None:
    """Refuse a bid for a shared area that is no move or hold (8b)."""
    where = province_of(unit.loc)
    if where in shared and bid.action not in ("H", "-"):
        raise Illegal(f"two units of {unit.power.title()} share {where}, and one must stand "
                      "by itself at the end of the Spring (rn45 C8 8b): bid a move or a hold "
                      "for them")


def decide_pairs(valid: Sequence[Valid]) -> tuple[
        dict[str, tuple[Order | None, Order | None]], list[OrderResult], dict[str, str]]:
    """Per shared area: the two winning orders, a result for every bid, and the winners'
    offered units in civil disorder."""
    by_area: dict[str, list[Valid]] = {}
    for v in valid:
        by_area.setdefault(province_of(v[2].loc), []).append(v)
    pairs: dict[str, tuple[Order | None, Order | None]] = {}
    results: list[OrderResult] = []
    disorder: dict[str, str] = {}
    for where, bids in by_area.items():
        sides: dict[Order, int] = {}
        for _, bid, _, order in bids:
            sides[order] = sides.get(order, 0) + len(bid.offered)
        ranked = sorted(sides.items(), key=lambda side: -side[1])
        cut = ranked[PAIR][1] if len(ranked) > PAIR else 0
        winners = [o for o, n in ranked[:PAIR] if n > cut]
        pairs[where] = (winners[0] if winners else None,
                        winners[1] if len(winners) > 1 else None)
        for power, bid, unit, order in bids:
            results.append(_result(power, unit, bid, order in winners, sides[order], cut))
            if order in winners:
                disorder.update({province_of(loc): unit.loc for loc in bid.offered})
    return pairs, results, disorder


def _result(power: str, unit: Unit, bid: Bid, wins: bool, mine: int, cut: int) -> OrderResult:
    if wins:
        message = (f"won, {_bids(mine)} to {cut}: one of the two {unit} takes this order, "
                   "which one drawn by lot, and the units offered for it stand in civil "
                   "disorder")
        return OrderResult(power, unit, bid, "", Outcome.SUCCEEDS, None, message)
    message = (f"lost, {_bids(mine)}: two sides ahead of the others by a bid take the two "
               f"{unit}; your units keep their orders")
    return OrderResult(power, unit, bid, "", Outcome.FAILS, None, message)


def _bids(n: int) -> str:
    return f"{n} bid{'' if n == 1 else 's'}"


def deal(rules: Rules, position: Position, pairs: Mapping[str, tuple[Order | None, Order | None]],
         seed: int) -> dict[str, list[Order]]:
    """The two winning orders of each shared area, one to the unit and one to its decoy
    (as its DECOY order, 8b), which to which drawn from the game's seed: by power."""
    dealt: dict[str, list[Order]] = {}
    for decoy in stacked_decoys(rules, position):
        where = province_of(decoy.loc)
        if where not in pairs:
            continue
        first, second = pairs[where]
        mine, its = (first, second) if copy_first(seed, str(position.phase), where) \
            else (second, first)
        given = dealt.setdefault(decoy.power, [])
        if mine is not None:
            given.append(mine)
        if isinstance(its, Move):
            given.append(DecoyMove(decoy.loc, its.dest, its.kind))
        elif isinstance(its, Hold):
            given.append(DecoyHold(decoy.loc, its.kind))
    return dealt


def copy_first(seed: int, phase: str, where: str) -> bool:
    """Whether the unit, not its decoy, takes the first side's order: a lot drawn from the
    game's seed, which no player knows, for the phase and the area."""
    return random.Random(f"{seed} {phase} {where}").random() < 0.5
