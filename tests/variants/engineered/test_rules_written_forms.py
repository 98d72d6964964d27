"""Orders written as the rules write them (rn45 B7: "Move (M or -)"), and a newcomer's
forms around C1 1a's placement: each comes out as the rule says, with a true reason; a
line of Engineered's own that does not read is answered in whole sentences, by mail."""

from __future__ import annotations

import pytest

from judge.engine.orders import Move
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.turn import TurnResult
from tests.conversations.harness import Conversation
from tests.variants.engineered.scenario import ENGINEERED, board, result, run
from tests.variants.folder_games import send_orders, started

START = [f"{u.power[:3]} {u.kind} {u.loc}" for u in ENGINEERED.start.units]


def engineer_move(turn: TurnResult) -> OrderResult:
    (found,) = [r for r in turn.results if isinstance(r.order, Move) and r.order.kind == "E"]
    return found


@pytest.mark.parametrize("line", ["A Vie M Gal", "a vie m gal", "A Vie - Gal"])
def test_b7_m_is_a_move(line: str) -> None:
    turn = run(START, {"AUS": [line]}, "S1901M")
    assert "AUS A gal" in board(turn)
    assert result(turn, "AUS", "vie").outcome == Outcome.SUCCEEDS


def test_b7_m_in_a_support() -> None:
    # The support names the move with M too: Vienna enters Galicia 2 against Warsaw's 1.
    turn = run(START, {"AUS": ["A Vie M Gal", "A Bud S A Vie M Gal"], "RUS": ["A War M Gal"]},
               "S1901M")
    assert {"AUS A gal", "RUS A war"} <= board(turn)


def test_a_placed_engineer_ordered_where_its_unit_goes_goes_there() -> None:
    # C1 1a: placed with A Par, it goes with it; the player's own move order for it, to
    # the same place, is carried out, not reported as a transport nobody ordered.
    turn = run(START, {"FRA": ["PLACE E Par", "A Par - Bur", "E Par - Bur"]}, "S1901M")
    assert "FRA E bur" in board(turn)
    moved = engineer_move(turn)
    assert moved.outcome == Outcome.SUCCEEDS, moved.message


def test_a_placed_engineer_ordered_elsewhere_says_where_it_went() -> None:
    turn = run(START, {"FRA": ["E Par", "A Par - Bur", "E Par - Pic"]}, "S1901M")
    assert "FRA E bur" in board(turn)
    moved = engineer_move(turn)
    assert moved.outcome == Outcome.FAILS
    assert moved.message == "the engineer placed this Spring went with its unit to bur " \
        "(rn45 C1 1a)"


@pytest.mark.parametrize(("line", "said"), [
    ("A StP T", "write a transport as A StP T E Rum: the unit, T, then the engineer."),
    ("A StP T A Rum", "only an engineer is transported (rn45 C5 5d): A StP T E Rum."),
    ("convert A Mun", "write a conversion as CONVERT A Bre TO N (army A, navy N, fighter F)."),
    ("F War D", "write a damage as F War D A Ser-Bud (a move) or F War D A Gal (a unit)."),
    ("BID FOR N Ank - Bla", "a bid offers at least one of your units: BID A Mos FOR N Bla "
     "- Ank."),
    ("DECOY A War - Gal", "DECOY is an order of a game with decoys (rn45 C2 2b, C8: CREATE "
     "... level=complex decoys=yes); this game has none."),
])
def test_a_line_that_does_not_read_is_answered_in_sentences(talk: Conversation, line: str,
                                                            said: str) -> None:
    # The reply puts "HELP ORDERS shows how ..." after the reason: a sentence of its own.
    seats = started(talk, "engineered", players=7, options={"level": "complex"})
    replied = send_orders(talk, seats["RUSSIA"], line)
    assert f"{said} HELP ORDERS shows how to write orders" in replied.body, replied.body
