"""The player madman (rn45 D2, D3; complex and advanced levels): a player who has sent no
orders 24 hours before the deadline is madmanned for the season, and the others bid for
his units' orders (bids.py).

The bidding stage (judge/game/stages.py) opens that long before each movement deadline:
it writes down who had sent nothing, mails every player and master the madmen's units,
and holds the turn for its deadline so that the bids have their time. The movement
handler here then drops the madmen's own orders (D2: "madmaned for that season"), tallies
the bids, gives the madman units the winning orders and leaves the winners' offered units
without orders: in civil disorder, they hold (1971 rules XIV 3; 3a).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import timedelta

from judge.engine.board import Illegal
from judge.engine.orders import Order
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseHandler, PhaseOutcome, Rules, WrappedPhase
from judge.engine.types import MOVEMENT, Unit, province_of
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.notation import unit_text
from judge.grammar.reader import OrderReader, ReaderFactory, Writer, reading_first
from judge.variant import Stage, Variant

from .bids import BID, Bid, read_bid, tally
from .bids_pairs import deal
from .fighters import NEUTRAL
from .maps import STANDARD
from .neutral import after_movement
from .options import Options, level_at

STAGE = "bidding"
HOURS = 24  # D2: "24 hrs before the deadline"
MAIN_LAYER = "main"
# A bid on each map (maps.py), as HELP ORDERS gives it there (help-orders*.txt): navies
# written N (B7), and on the 1885 map a place of that map (it has no Ankara).
EXAMPLES = {STANDARD: "BID A Mos, N StP FOR N Bla - Ank",
            "1885": "BID A Mos, A StP FOR N Bla - Con"}
Orders = Mapping[str, Sequence[Order]]


def notice(map_name: str) -> str:
    """The bidding notice, its example a bid on the game's map."""
    return ("Madman bidding is open until the deadline (rn45 D2, D3). Bid for a madman "
            "unit's order by offering your own units into civil disorder:\n"
            f"  {EXAMPLES.get(map_name, EXAMPLES[STANDARD])}\n"
            "The side with at least one bid more than any other orders the unit, and its "
            "bidders' offered units stand in civil disorder.")


CLOSED = (f"bidding opens {HOURS} hours before the deadline, for the units of players who "
          "have sent no orders by then (rn45 D2)")
SIMPLE = "there is no madman bidding at the simple level (rn45 D: complex and advanced)"
MayOrder = Callable[[Position, str, Unit], bool]


def wire(variant: Variant) -> Variant:
    """The madman rules at the complex and advanced levels. The BID order and its reading
    are always there, so that `judge adjudicate` (whose request gives the level in its
    state) can check a phase; at the simple level the handler refuses bids."""
    rules = variant.rules
    may_order = rules.may_order
    handlers = {**rules.handlers, MOVEMENT: MadmanMovement(
        rules.handlers[MOVEMENT], may_order, variant.options, variant.seed)}

    def not_madmanned(position: Position, power: str, unit: Unit) -> bool:
        # D2: his units are the bidders' this season; the turn no longer waits for him.
        mad = madmen(position)
        return (mad is None or power not in mad) and may_order(position, power, unit)

    rules = replace(rules, registry=rules.registry.with_orders(BID), handlers=handlers,
                    may_order=not_madmanned)
    stage = Stage(STAGE, timedelta(hours=HOURS), frozenset(MOVEMENT),
                  notice(str(variant.options.get("map", STANDARD)).lower()), holds=True,
                  describe=madman_units)
    simple = str(variant.options.get("level", "simple")) == "simple"
    return replace(variant, rules=rules, stages=variant.stages if simple else
                   (*variant.stages, stage), reader=bid_reader(variant.reader))


def madmen(position: Position) -> frozenset[str] | None:
    """The powers whose units are bid for this phase, or None before the bidding opens:
    those madmanned as it opened, and the Neutral (D1 1c: its units are madman units)."""
    stages = position.state.get("stages")
    if not isinstance(stages, Mapping) or STAGE not in stages:
        return None
    return frozenset([*(str(p) for p in stages[STAGE]), NEUTRAL])


def madman_units(variant: Variant, position: Position, late: tuple[str, ...]) -> str:
    """The bidding notice's list: every unit up for bids, by power."""
    names = {p.name: p.adjective for p in variant.powers}
    lines = []
    for power in (*late, NEUTRAL):
        # By place, never in the board's stored order: a decoy is stored after the units
        # there before it, so that order told which of two identical pieces it is (C8).
        units = sorted((u for u in position.units if u.power == power and _main(variant, u)),
                       key=lambda u: (u.loc, u.kind))
        if units:
            who = names.get(power, power.title())
            lines.append(f"{who} units: " + ", ".join(
                unit_text(variant.rules.geo, u.kind, u.loc) for u in units))
    if not lines:
        return "No player is madmanned this season, and the Neutral has no units."
    madmanned = ", ".join(p.title() for p in late) or "nobody"
    return f"Madmanned this season: {madmanned}.\n" + "\n".join(lines)


def _main(variant: Variant, unit: Unit) -> bool:
    kind = variant.rules.kinds.get(unit.kind)
    return kind is None or kind.layer == MAIN_LAYER


class MadmanMovement(WrappedPhase):
    """D2, D3 around the movement the game had before. `may_order`: who orders which
    unit before the madmen are set aside, the rule the winning bids are ordered by."""

    def __init__(self, inner: PhaseHandler, may_order: MayOrder, options: Options,
                 seed: int = 0) -> None:
        super().__init__(inner)
        self.may_order = may_order
        self.options = options
        self.seed = seed  # the lot that deals a shared area's two orders (bids_pairs.py)
        # The rules with `may_order` put back, made once per rules given: a new Rules
        # recomputes its caches, and every order line a player sends is checked here.
        self._unmasked: tuple[Rules, Rules] | None = None

    def adjudicate(self, rules: Rules, position: Position, orders: Orders) -> PhaseOutcome:
        if level_at(self.options, position) == "simple":
            return self._closed(rules, position, orders, SIMPLE)
        mad = madmen(position)
        if mad is None:
            return self._closed(rules, position, orders, CLOSED)
        rules = self._unmask(rules)
        refused = [_madmanned(p, o) for p, given in orders.items() if p in mad for o in given]
        playing = {p: given for p, given in orders.items() if p not in mad}
        bids = tally(rules, position, playing, mad)
        given = {p: [o for o in os if not isinstance(o, Bid)
                     and not _disordered(rules, o, bids.disorder)] for p, os in playing.items()}
        for power, won in (*bids.orders.items(),
                           *deal(rules, position, bids.pairs, self.seed).items()):
            given[power] = [*given.get(power, []), *won]
        out = self.inner.adjudicate(rules, position, given)
        board, handed = after_movement(rules, position, out.position)
        # One record per result, in the results and the events alike: a reader that lists
        # each result once (judge adjudicate's reply) knows them by identity.
        told = {id(r): _in_disorder(r, bids.disorder) for r in out.results}
        results = tuple(told[id(r)] for r in out.results)
        extra = (*bids.results, *refused)
        events = (*extra, *(told.get(id(e), e) if isinstance(e, OrderResult) else e
                            for e in out.events), *handed)
        return PhaseOutcome((*results, *extra), board, events)

    def choices(self, rules: Rules, position: Position, power: str,
                orders: Sequence[Order] = ()) -> tuple[str, ...]:
        """D2: a madmanned player orders nothing this season, so none of the orders he
        could otherwise give (C1 1a's placement) is offered to him."""
        mad = madmen(position)
        if mad is not None and power in mad:
            return ()
        return self.inner.choices(rules, position, power, orders)

    def _unmask(self, rules: Rules) -> Rules:
        kept = self._unmasked
        if kept is None or kept[0] is not rules:
            kept = self._unmasked = (rules, replace(rules, may_order=self.may_order))
        return kept[1]

    def _closed(self, rules: Rules, position: Position, orders: Orders,
                why: str) -> PhaseOutcome:
        early = [OrderResult(p, None, o, "", Outcome.ILLEGAL, Reason.ILLEGAL, why)
                 for p, given in orders.items() for o in given if isinstance(o, Bid)]
        rest = {p: [o for o in given if not isinstance(o, Bid)] for p, given in orders.items()}
        out = self.inner.adjudicate(rules, position, rest)
        return PhaseOutcome((*out.results, *early), out.position, (*early, *out.events))


def _madmanned(power: str, order: Order) -> OrderResult:
    return OrderResult(power, None, order, "", Outcome.ILLEGAL, Reason.ILLEGAL,
                       "your orders were not in 24 hours before the deadline, so your "
                       "units are madmanned this season and others bid for them (rn45 D2)")


def _disordered(rules: Rules, order: Order, disorder: Mapping[str, str]) -> bool:
    kind = rules.kinds.get(order.kind or "")
    return province_of(order.loc) in disorder and (kind is None or kind.layer == MAIN_LAYER)


def _in_disorder(result: OrderResult, disorder: Mapping[str, str]) -> OrderResult:
    """A unit its bidder gave up stands in civil disorder (3b, 3c): its report line says so
    and why, where a unit nobody ordered says "(no order)". It holds by the rules (1971
    XIV 3), not for want of orders: its player sent them, and his bid took it."""
    unit = result.unit
    if unit is None or not result.unordered or province_of(unit.loc) not in disorder:
        return result
    return result._replace(unordered=False, message=(
        f"in civil disorder: offered in the winning bid for the unit in "
        f"{disorder[province_of(unit.loc)]} (rn45 D3 3b)"))


def bid_reader(inner: ReaderFactory | None) -> ReaderFactory:
    """A reader factory reading BID lines before those of the reader the game had."""
    return reading_first(inner, BidReader)


class BidReader:
    def __init__(self, inner: OrderReader) -> None:
        self.inner = inner

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        if phase_kind != MOVEMENT or text.lower().split()[:1] != ["bid"]:
            return self.inner.read(text, phase_kind, writer)
        try:
            found = read_bid(text, lambda line: self.inner.read(line, MOVEMENT, writer))
        except Illegal as exc:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, exc.message, text.strip()) from exc
        assert found is not None
        return found

    def reads_as_prose(self, text: str) -> bool:
        return text.lower().split()[:1] != ["bid"] and self.inner.reads_as_prose(text)
