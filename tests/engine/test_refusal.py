"""Refusals as a reason and its parameters (issue #12 item 4): the engine's message is the
same text as before, and keeps the structure it was worded from."""

from __future__ import annotations

import copy
import json
import pickle

from judge.engine import reasons as R
from judge.engine.board import Board
from judge.engine.legality import check_movement
from judge.engine.orders import Support
from judge.engine.outcome import Outcome
from judge.engine.refusal import (
    Loc,
    Locs,
    Power,
    Refusal,
    refusal_from_json,
    refusal_of,
    refusal_to_json,
    state,
)
from judge.engine.types import Unit
from judge.variant_loader import load_variant


class Upper:
    def place(self, loc: str) -> str:
        return loc.upper()

    def unit(self, unit: Unit) -> str:
        return f"the {unit.kind} in {unit.loc.upper()}"

    def power(self, power: str) -> str:
        return power.title()

    def words(self, text: str) -> str:
        return text.upper()


def test_a_refusal_is_worded_in_the_readers_names_only_when_rendered() -> None:
    why = Refusal.of(R.NOT_YOURS, unit=Unit("GERMANY", "A", "ber"), owner=Power("GERMANY"),
                     power=Power("FRANCE"))
    assert why.render() == "A ber belongs to GERMANY, not FRANCE"
    assert why.render(Upper()) == "the A in BER belongs to Germany, not France"
    coasts = Refusal.of(R.WHICH_COAST, place=Loc("spa"), coasts=Locs(("spa/nc", "spa/sc")))
    assert coasts.render(Upper()) == "say which coast of SPA: SPA/NC or SPA/SC"


def test_the_engine_message_is_its_old_text_and_keeps_its_refusal() -> None:
    variant = load_variant("standard")
    order = Support("par", "gas", "spa", "A")
    (result,) = check_movement(Board(variant.rules, variant.start), {"FRANCE": [order]})[1]
    assert result.outcome == Outcome.ILLEGAL and result.order is order
    assert result.message == "there is no unit in gas to support"
    refusal = refusal_of(result.message)
    assert refusal is not None and refusal.render() == result.message
    assert json.dumps(result.message) == json.dumps(str(result.message))  # stored as text
    copied = copy.deepcopy(result)
    assert copied == result and refusal_of(copied.message) == refusal
    assert refusal_of(pickle.loads(pickle.dumps(result.message))) == refusal


def test_a_message_in_a_variants_own_words_has_no_refusal() -> None:
    assert refusal_of("no open portal to retreat through") is None
    assert refusal_of(state(R.NO_REMOVAL, power=Power("ITALY"))) == \
        Refusal.of(R.NO_REMOVAL, power=Power("ITALY"))


def test_a_refusal_round_trips_through_json_text() -> None:
    refusal = Refusal.of(R.CANNOT_RETREAT, unit=Unit("ITALY", "F", "nap"), place=Loc("rom"),
                         allowed=Locs(("ion", "tys"), ", "))
    back = refusal_from_json({r.code: r for r in R.ENGINE_REASONS},
                             json.loads(json.dumps(refusal_to_json(refusal))))
    assert back == refusal
    assert back.render() == "F nap cannot retreat to rom; it may retreat to ion, tys"
