"""A madman's unit and its decoy beside it (rn45 D3 with C8 8b; issue #15 item 3): both are
his units, so both are bid for, as one area with two units that nobody but the master can
tell apart; worked out by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase
from judge.grammar.reader import Writer, reader_for
from tests.variants.engineered.fighting import DECOYS, START, unit, written
from variants.engineered.bids_pairs import copy_first

RULES = DECOYS.rules
PAIR = ["TURKEY A con", "TURKEY A con decoy", "AUSTRIA A bud", "AUSTRIA A ser",
        "RUSSIA A sev", "RUSSIA A ukr"]


def play(units: Sequence[str], orders: Mapping[str, Sequence[str]],
         phase: str = "S1903M") -> TurnResult:
    reader = reader_for(DECOYS)
    parsed = {p: [reader.read(t, "M", Writer(p)) for t in texts] for p, texts in orders.items()}
    position = Position(Phase.parse(phase), tuple(unit(u) for u in units), dict(START),
                        state={"stages": {"bidding": ["TURKEY"]}})
    return adjudicate(RULES, position, parsed)


def bids(turn: TurnResult) -> list[OrderResult]:
    return [r for r in turn.results if type(r.order).__name__ == "Bid"]


def turkish(turn: TurnResult) -> set[str]:
    return {written(u) for u in turn.position.units if u.power == "TURKEY"}


def disbanded(turn: TurnResult) -> list[Any]:
    return [e for e in turn.events if type(e).__name__ == "DecoyDisbanded"]


def test_the_two_sides_ahead_each_order_one_of_the_two_units() -> None:
    # Austria's two bids for A Con - Bul and Russia's one for A Con H lead every other side
    # (none) by a bid: one unit goes to Bulgaria, the other stays, both by themselves (8b).
    turn = play(PAIR, {"AUSTRIA": ["BID A Bud, A Ser FOR A Con - Bul"],
                       "RUSSIA": ["BID A Sev FOR A Con H", "A Ukr H"]})
    assert [r.outcome for r in bids(turn)] == [Outcome.SUCCEEDS, Outcome.SUCCEEDS]
    assert all("one of the two A con takes this order" in r.message for r in bids(turn))
    # The lot (the game's seed, unseen) says which one went: here, seed 0.
    moved = "TURKEY A bul" if copy_first(0, "S1903M", "con") else "TURKEY A bul decoy"
    stayed = "TURKEY A con decoy" if moved == "TURKEY A bul" else "TURKEY A con"
    assert turkish(turn) == {moved, stayed}
    assert not disbanded(turn)
    # The winners' offered units stand in civil disorder (3c): they hold.
    held = {r.unit.loc for r in turn.results if r.unit is not None and r.power != "TURKEY"
            and r.message.startswith("in civil disorder")}
    assert held == {"bud", "ser", "sev"}


def test_one_side_ahead_orders_one_unit_and_the_other_stands() -> None:
    # One side only: it takes one unit, the other has no order and stays; if that is the
    # decoy beside a unit that left, it is by itself; if it is the unit, the decoy left.
    turn = play(PAIR, {"AUSTRIA": ["BID A Bud FOR A Con - Bul"]})
    assert {u.removesuffix(" decoy") for u in turkish(turn)} == {"TURKEY A bul", "TURKEY A con"}
    assert not disbanded(turn)


def test_a_support_is_refused_for_two_units_that_share_an_area() -> None:
    # A Con could support A Ser - Bul (it borders Bulgaria), but only one of the two could.
    turn = play(PAIR, {"AUSTRIA": ["BID A Bud FOR A Con S A Ser - Bul", "A Ser - Bul"]})
    [refused] = bids(turn)
    assert refused.outcome == Outcome.ILLEGAL
    assert "bid a move or a hold for them" in refused.message
    assert "rn45 C8 8b" in refused.message


def test_the_lot_falls_both_ways() -> None:
    # A lot, not a rule: over areas and phases, sometimes the unit takes the first side's
    # order, sometimes its decoy.
    drawn = {copy_first(0, phase, where) for phase in ("S1902M", "S1903M", "S1904M")
             for where in ("con", "ank", "smy", "mun")}
    assert drawn == {True, False}
