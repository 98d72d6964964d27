"""Bidding for a madman's orders (rn45 D3): the tally, with D3 3c's example as written."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from judge.engine.board import Illegal
from judge.engine.orders import Hold, Move, Order, Support, VariantOrder
from judge.engine.outcome import Outcome
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from judge.variant_loader import load_variant, load_variant_folder
from variants.engineered.bids import Bid, bid_for, read_bid, tally

RULES = load_variant_folder(load_variant("engineered").folder, {"level": "complex"}).rules
TURKEY = frozenset({"TURKEY"})


def _board(*units: tuple[str, str, str]) -> Position:
    return Position(Phase.parse("F1902M"), tuple(Unit(p, k, loc) for p, k, loc in units), {})


# D3 3c: Russia F StP and A Mos, Austria A Vie, Italy F Ion and A Nap; Turkey madmanned.
# The example's F is a fleet, a navy (N) in this variant's letters (rn45 B7).
EXAMPLE = _board(("RUSSIA", "N", "stp/sc"), ("RUSSIA", "A", "mos"), ("AUSTRIA", "A", "vie"),
                 ("ITALY", "N", "ion"), ("ITALY", "A", "nap"), ("TURKEY", "N", "bla"))


def test_d3c_f_bla_ank_wins_and_its_bidders_units_stand_in_civil_disorder() -> None:
    orders: dict[str, list[Order]] = {
        "RUSSIA": [bid_for(Move("bla", "ank", "F"), ["stp", "mos"])],
        "AUSTRIA": [bid_for(Move("bla", "ank", "F"), ["vie"])],
        "ITALY": [bid_for(Move("bla", "sev", "F"), ["ion", "nap"])],
    }
    result = tally(RULES, EXAMPLE, orders, TURKEY)
    assert result.orders == {"TURKEY": (Move("bla", "ank", "N"),)}
    # "F StP, A Mos, A Vie would be declared as being in Civil Disorder": not Italy's.
    assert set(result.disorder) == {"stp", "mos", "vie"}
    outcomes = {r.power: r.outcome for r in result.results}
    assert outcomes == {"RUSSIA": Outcome.SUCCEEDS, "AUSTRIA": Outcome.SUCCEEDS,
                        "ITALY": Outcome.FAILS}
    [italy] = [r for r in result.results if r.power == "ITALY"]
    assert italy.message == "lost, 2 bids to 3: your units keep their orders"


def test_a_tie_orders_nothing_and_takes_nobodys_units() -> None:
    orders: dict[str, list[Order]] = {
        "RUSSIA": [bid_for(Move("bla", "ank", "F"), ["stp", "mos"])],
        "ITALY": [bid_for(Move("bla", "sev", "F"), ["ion", "nap"])],
    }
    result = tally(RULES, EXAMPLE, orders, TURKEY)
    assert result.orders == {} and result.disorder == {}
    assert {r.outcome for r in result.results} == {Outcome.FAILS}
    assert all(r.message.startswith("no side led by a bid (2 against 2)")
               for r in result.results)


def test_like_bids_add_up_whatever_kind_their_writers_named() -> None:
    orders: dict[str, list[Order]] = {
        "RUSSIA": [bid_for(Move("bla", "ank", "N"), ["mos"])],
        "AUSTRIA": [bid_for(Move("bla", "ank", None), ["vie"])],
        "ITALY": [bid_for(Hold("bla", "F"), ["ion"])],
    }
    result = tally(RULES, EXAMPLE, orders, TURKEY)
    assert result.orders == {"TURKEY": (Move("bla", "ank", "N"),)}
    assert set(result.disorder) == {"mos", "vie"}


@pytest.mark.parametrize(("power", "bid", "message"), [
    ("RUSSIA", bid_for(Hold("ion"), ["mos"]),
     "N ion is not a madman's unit this season: bids are for units of Turkey"),
    ("RUSSIA", bid_for(Move("bla", "mos"), ["mos"]), "N bla cannot be ordered so"),
    ("RUSSIA", bid_for(Hold("bla"), ["vie"]), "you have no unit in vie to offer"),
    ("RUSSIA", bid_for(Hold("bla"), ["war"]), "you have no unit in war to offer"),
    ("TURKEY", bid_for(Hold("bla"), ["bla"]), "N bla is not a madman's unit"),
    ("RUSSIA", bid_for(Hold("con"), ["mos"]), "there is no unit in con to bid for"),
])
def test_a_bid_that_cannot_stand_is_illegal_with_its_reason(power: str, bid: Bid,
                                                            message: str) -> None:
    result = tally(RULES, EXAMPLE, {power: [bid]}, TURKEY)
    [refused] = result.results
    assert refused.outcome == Outcome.ILLEGAL and refused.order is bid
    assert refused.message.startswith(message), refused.message
    assert result.orders == {} and result.disorder == {}


def test_a_unit_is_offered_in_one_bid_only() -> None:
    orders: dict[str, list[Order]] = {"RUSSIA": [
        bid_for(Move("bla", "ank"), ["mos"]), bid_for(Move("con", "bul"), ["mos"])]}
    board = _board(("RUSSIA", "A", "mos"), ("TURKEY", "N", "bla"), ("TURKEY", "A", "con"))
    result = tally(RULES, board, orders, TURKEY)
    assert [r.outcome for r in result.results] == [Outcome.ILLEGAL, Outcome.SUCCEEDS]
    assert "already offered in another bid" in result.results[0].message


def _read(text: str) -> Order:
    words = text.lower().split()
    if words[-1] == "h":
        return Hold(words[1], words[0].upper())
    if "s" in words:
        return Support(words[1], words[4], words[6], words[0].upper())
    return Move(words[1], words[3], words[0].upper())


def test_a_bid_line_reads_its_units_and_the_madman_order() -> None:
    assert read_bid("BID F StP, A Mos FOR F Bla - Ank", _read) == \
        Bid("bla", "-", ("stp", "mos"), "ank", "", "F")
    assert read_bid("bid a vie f stp for f bla s a con - bul", _read) == \
        Bid("bla", "S", ("vie", "stp"), "bul", "con", "F")
    assert read_bid("F Bla - Ank", _read) is None
    with pytest.raises(Illegal, match="BID <your units> FOR"):
        read_bid("BID A Mos F Bla - Ank", _read)
    with pytest.raises(Illegal, match="at least one of your units"):
        read_bid("BID FOR F Bla - Ank", _read)


COMPLEX = load_variant_folder(load_variant("engineered").folder, {"level": "complex"})


@pytest.mark.parametrize(("line", "bid"), [
    # docs/variants/engineered.md, "Bidding (D3)": every example as the game reads it.
    ("BID A Mos, F StP FOR F Bla - Ank", Bid("bla", "-", ("mos", "stp"), "ank", "", "F")),
    ("bid a vie for n bla - ank", Bid("bla", "-", ("vie",), "ank", "", "N")),
    ("BID A Rom A Ven FOR N Bla H", Bid("bla", "H", ("rom", "ven"), kind="N")),
    ("BID A Gal FOR A Bud S A Ser - Rum", Bid("bud", "S", ("gal",), "rum", "ser", "A")),
])
def test_the_documented_bid_lines_read_with_the_games_reader(line: str, bid: Bid) -> None:
    read = reader_for(COMPLEX).read(line, "M", Writer(None))
    # The game's folder is loaded as a package of its own: its Bid is another class.
    assert type(read).__name__ == "Bid" and isinstance(read, VariantOrder)
    assert asdict(read) == {**asdict(bid), "kind": asdict(read)["kind"]}


def test_a_bid_line_without_for_is_answered_with_how_to_write_it() -> None:
    with pytest.raises(OrderSyntaxError, match="write a bid as BID <your units> FOR"):
        reader_for(COMPLEX).read("BID A Mos F Bla - Ank", "M", Writer(None))


def test_bids_are_refused_at_the_simple_level_whatever_the_board_says() -> None:
    simple = load_variant_folder(load_variant("engineered").folder, {"level": "simple"})
    assert not simple.stages  # no bidding stage opens
    bid = reader_for(simple).read("BID A Vie FOR N Bla - Ank", "M", Writer("AUSTRIA"))
    board = EXAMPLE._replace(state={"stages": {"bidding": ["TURKEY"]}})
    out = simple.rules.handler(board.phase).adjudicate(simple.rules, board,
                                                       {"AUSTRIA": [bid]})
    [refused] = [r for r in out.results if r.order is bid]
    assert refused.outcome == Outcome.ILLEGAL
    assert refused.message == ("there is no madman bidding at the simple level (rn45 D: "
                               "complex and advanced)")
    assert ("TURKEY", "N", "bla") in {(u.power, u.kind, u.loc) for u in out.position.units}
