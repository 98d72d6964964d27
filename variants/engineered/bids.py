"""Bidding for a madman's orders (rn45 D3): the BID order, its reading, its tally.

A player bids for one unit of a madmanned power (D2) by offering one or more of his own
units into civil disorder for one order of that unit (3a, 3b): `BID A Mos, F StP FOR
F Bla - Ank`. Like bids (the same order for the same unit, whoever wrote them) are added
up, one bid per unit offered, and compared with the opposing bids; the side ahead by at
least one (3b: "greater than a tie by one bid") orders the unit, and every unit its
bidders offered stands in civil disorder (3c). A tie orders nothing: the unit stands in
civil disorder as its power does, and nobody's offer is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from judge.engine.board import Board, Illegal
from judge.engine.legality import check_movement
from judge.engine.order_types import OrderType, SetKey, Writing
from judge.engine.orders import Convoy, Hold, Move, Order, Support, VariantOrder
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.standard_types import STANDARD
from judge.engine.types import MOVEMENT, Unit, UnitKind, province_of

from .bids_pairs import both_alike, decide_pairs
from .decoys_phase import stacked_decoys, without
from .fighters import NEUTRAL

Orders = Mapping[str, Sequence[Order]]


@dataclass(frozen=True, slots=True)
class Bid(VariantOrder):
    """A bid for the madman unit in `loc`: its order (`action` H, -, S or C with `dest`
    and `target` as the standard order has them) against the bidder's units `offered`."""

    loc: str
    action: str
    offered: tuple[str, ...]
    dest: str = ""
    target: str = ""
    kind: str | None = None

    def madman_order(self) -> Order:
        """The order the madman unit gets if this bid wins."""
        if self.action == "-":
            return Move(self.loc, self.dest, self.kind)
        if self.action == "S":
            return Support(self.loc, self.target, self.dest or None, self.kind)
        if self.action == "C":
            return Convoy(self.loc, self.target, self.dest, self.kind)
        return Hold(self.loc, self.kind)


def bid_for(order: Order, offered: Sequence[str]) -> Bid:
    """The bid offering `offered` (provinces) for the madman order `order`."""
    if isinstance(order, Move):
        return Bid(order.loc, "-", tuple(offered), order.dest, "", order.kind)
    if isinstance(order, Support):
        return Bid(order.loc, "S", tuple(offered), order.dest or "", order.target, order.kind)
    if isinstance(order, Convoy):
        return Bid(order.loc, "C", tuple(offered), order.dest, order.target, order.kind)
    if isinstance(order, Hold):
        return Bid(order.loc, "H", tuple(offered), kind=order.kind)
    raise Illegal("a bid offers your units for a hold, move, support or convoy of a "
                  "madman's unit.")


def read_bid(text: str, read: Callable[[str], Order]) -> Bid | None:
    """`BID A Mos, F StP FOR F Bla - Ank` as a Bid, or None when the line is no bid;
    `read` reads one movement order as the variant's grammar does."""
    words = text.replace(",", " , ").split()
    if not words or words[0].lower() != "bid":
        return None
    lowered = [w.lower() for w in words]
    if "for" not in lowered:
        raise Illegal("write a bid as BID <your units> FOR <the madman unit's order>, "
                      "e.g. BID A Mos, N StP FOR N Bla - Ank.")
    at = lowered.index("for")
    offered = [_offered(" ".join(group), read) for group in _groups(words[1:at])]
    if not offered:
        raise Illegal("a bid offers at least one of your units: BID A Mos FOR N Bla - Ank.")
    twice = sorted({loc for loc in offered if offered.count(loc) > 1})
    if twice:
        # 3b: a bid is one per unit offered into civil disorder.
        # Read before any map names it: the province as a player writes it ("in war" read
        # as words; "in War" as Warsaw).
        where = ", ".join(loc.title() for loc in twice)
        raise Illegal(f"your unit in {where} is offered twice: each unit counts "
                      "once in a bid (rn45 D3 3b).")
    return bid_for(read(" ".join(words[at + 1:])), offered)


def _groups(words: Sequence[str]) -> list[list[str]]:
    """'A Mos , F StP' or 'A Mos F StP': each unit is its kind and its place."""
    chunks = [c.split() for c in " ".join(words).split(",") if c.strip()]
    groups: list[list[str]] = []
    for chunk in chunks:
        groups.extend(chunk[i:i + 2] for i in range(0, len(chunk), 2))
    return groups


def _offered(text: str, read: Callable[[str], Order]) -> str:
    order = read(f"{text} H")
    if not isinstance(order, Hold):
        raise Illegal(f"'{text}' is not one of your units: offer units as A Mos, N StP.")
    return order.loc


def _short(order: Bid) -> str:
    inner = STANDARD.order_type(order.madman_order()).describe(order.madman_order())
    return f"BID {', '.join(order.offered)} FOR {inner}"


def _write(w: Writing, own: str, order: Bid) -> str:
    inner = order.madman_order()
    said = STANDARD.order_type(inner).write(w, own, inner).rstrip(".")
    offered = ", ".join(w.other(None, loc) for loc in order.offered)
    return f"Bid {offered} for {said}."


def _key(order: Bid, kind: UnitKind | None) -> SetKey:
    # One bid per madman unit and bidder: a later bid for the same unit replaces it.
    return SetKey(f"bid {province_of(order.loc)}")


BID = OrderType(Bid, "Bid", frozenset(MOVEMENT), _short, _write, _key)


@dataclass(frozen=True)
class Tally:
    """What the bids decide: each madman unit's winning order (by its power), the units
    offered by winners that stand in civil disorder (province -> the bid's madman unit),
    and a result for every bid. `pairs`: where a madman's unit and its decoy share an
    area (C8 8b), the two winning orders for the two (either None), for the handler to
    deal out unseen (madman.py)."""

    orders: Mapping[str, tuple[Order, ...]]
    disorder: Mapping[str, str]
    results: tuple[OrderResult, ...]
    pairs: Mapping[str, tuple[Order | None, Order | None]] = field(default_factory=dict)


def tally(rules: Rules, position: Position, orders: Orders, madmen: frozenset[str]) -> Tally:
    """The bids among `orders` for units of the powers in `madmen` (3a-3c). A decoy
    beside its copy is no unit of its own on the tally's board: its area is bid for as
    one with two units, the two sides ahead taking one each (bids_pairs.py)."""
    lifted = stacked_decoys(rules, position)
    board = Board(rules, without(position, lifted))
    shared = frozenset(province_of(d.loc) for d in lifted if d.power in madmen)
    valid: list[tuple[str, Bid, Unit, Order]] = []
    results: list[OrderResult] = []
    for power, given in orders.items():
        taken: set[str] = set()
        for bid in (o for o in given if isinstance(o, Bid)):
            try:
                unit, order = _check(board, power, bid, madmen, taken)
                both_alike(bid, unit, shared)
            except Illegal as exc:
                results.append(OrderResult(power, board.unit_in(province_of(bid.loc)), bid,
                                           "", Outcome.ILLEGAL, Reason.ILLEGAL, exc.message))
                continue
            valid.append((power, bid, unit, order))
    pairs, paired, paired_disorder = decide_pairs(
        [v for v in valid if province_of(v[2].loc) in shared])
    won, disorder, counted = _decide([v for v in valid if province_of(v[2].loc) not in shared])
    results.extend((*counted, *paired))
    return Tally(won, {**disorder, **paired_disorder}, tuple(results), pairs)


def _check(board: Board, power: str, bid: Bid, madmen: frozenset[str],
           taken: set[str]) -> tuple[Unit, Order]:
    unit = board.unit_in(province_of(bid.loc))
    if unit is None:
        raise Illegal(f"there is no unit in {province_of(bid.loc)} to bid for")
    if unit.power == power or unit.power not in madmen:
        raise Illegal(f"{unit} is not a madman's unit this season: bids are for units of "
                      f"{_listed(madmen)} (rn45 D1, D2, D3)")
    for loc in bid.offered:
        own = board.unit_in(province_of(loc))
        if own is None or own.power != power:
            raise Illegal(f"you have no unit in {province_of(loc)} to offer")
        if province_of(loc) in taken:
            raise Illegal(f"your unit in {province_of(loc)} is already offered in "
                          "another bid")
    taken.update(province_of(loc) for loc in bid.offered)
    legal, illegal = check_movement(board, {unit.power: [bid.madman_order()]})
    if illegal:
        raise Illegal(f"{unit} cannot be ordered so: {illegal[0].message}")
    checked = next(c for c in legal if c is not None)
    return unit, _plain(checked[3], unit)


def _plain(order: Order, unit: Unit) -> Order:
    """The order as the unit's, whatever kinds its writer named: like bids are the same
    order for the same unit (3b), `F Bla - Ank` and `N Bla - Ank` alike."""
    plain = bid_for(order, ())
    return Bid(plain.loc, plain.action, (), plain.dest, plain.target, unit.kind).madman_order()


def _listed(madmen: frozenset[str]) -> str:
    players = ", ".join(sorted(p.title() for p in madmen if p != NEUTRAL))
    neutral = "the Neutral" if NEUTRAL in madmen else ""
    return " and of ".join(w for w in (players, neutral) if w) or "no power this season"


def _decide(valid: Sequence[tuple[str, Bid, Unit, Order]]
            ) -> tuple[dict[str, tuple[Order, ...]], dict[str, str], list[OrderResult]]:
    by_unit: dict[Unit, list[tuple[str, Bid, Order]]] = {}
    for power, bid, unit, order in valid:
        by_unit.setdefault(unit, []).append((power, bid, order))
    won: dict[str, tuple[Order, ...]] = {}
    disorder: dict[str, str] = {}
    results: list[OrderResult] = []
    for unit, bids in by_unit.items():
        sides: dict[Order, int] = {}
        for _, bid, order in bids:
            sides[order] = sides.get(order, 0) + len(bid.offered)
        ranked = sorted(sides.values(), reverse=True)
        top, second = ranked[0], (ranked[1] if len(ranked) > 1 else 0)
        winner = next(o for o, n in sides.items() if n == top) if top > second else None
        if winner is not None:
            won[unit.power] = (*won.get(unit.power, ()), winner)
        for power, bid, order in bids:
            results.append(_result(power, unit, bid, order == winner, sides[order],
                                   top if order != winner else second, winner is None))
            if order == winner:
                disorder.update({province_of(loc): unit.loc for loc in bid.offered})
    return won, disorder, results


def _result(power: str, unit: Unit, bid: Bid, wins: bool, mine: int, against: int,
            tied: bool) -> OrderResult:
    if wins:
        message = (f"won, {_bids(mine)} to {against}: {unit} takes this order, and the "
                   f"units offered for it stand in civil disorder")
        return OrderResult(power, unit, bid, "", Outcome.SUCCEEDS, None, message)
    if tied:
        message = (f"no side led by a bid ({mine} against {against}): {unit} stands in "
                   "civil disorder, and your units keep their orders")
    else:
        message = f"lost, {_bids(mine)} to {against}: your units keep their orders"
    return OrderResult(power, unit, bid, "", Outcome.FAILS, None, message)


def _bids(count: int) -> str:
    return f"{count} bid" if count == 1 else f"{count} bids"
