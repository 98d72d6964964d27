"""A stack of diplomats split by numbered lines (Envoy 5.v; docs/variants/envoy.md,
"Stacks"), worked out by hand.

Each diplomat is a unit of its own: '2 D Fra-Bel' orders two of the diplomats in France, a
line without a number the ones no numbered line ordered, and those left unordered hold. A
move into a space must beat what stays there: the holders with their hold supports and the
movers that failed to leave (without supports); what stays is eliminated if it succeeds.
"""

from __future__ import annotations

from collections import Counter

import pytest

from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import Phase
from judge.game import ordering
from judge.grammar.notation import order_text
from judge.grammar.reader import Writer
from tests.variants.envoy.test_movement import ENVOY, board, run, unit

BOUNCED = (Outcome.FAILS, Reason.BOUNCED)
FRENCH_3 = ["FRANCE D fra"] * 3


def results(turn: TurnResult, loc: str) -> list[OrderResult]:
    return [r for r in turn.results if r.unit is not None and r.unit.loc == loc]


def written(turn: TurnResult, loc: str) -> dict[str, OrderResult]:
    """The results of the diplomats in `loc`, by the order's short text and count."""
    return {f"{getattr(r.order, 'count', '')} {type(r.order).__name__} "
            f"{getattr(r.order, 'dest', '') or ''}".strip(): r for r in results(turn, loc)}


def test_a_stack_of_three_splits_one_each_to_three_spaces() -> None:
    turn = run(FRENCH_3, {"FRANCE": ["1 D Fra-Bel", "1 D Fra-Spa", "D Fra-Lyo"]})
    assert [r.outcome for r in results(turn, "fra")] == [Outcome.SUCCEEDS] * 3
    assert board(turn) == Counter({"FRANCE D bel": 1, "FRANCE D spa": 1, "FRANCE D lyo": 1})


def test_the_whole_stack_still_moves_with_one_order() -> None:
    turn = run(FRENCH_3, {"FRANCE": ["D Fra-Bel"]})
    assert len(results(turn, "fra")) == 1
    assert board(turn) == Counter({"FRANCE D bel": 3})


@pytest.mark.parametrize(("germans", "after"), [
    # 2 against the one French diplomat left holding: it is eliminated (5.iv).
    (2, {"FRANCE D bel": 2, "GERMANY D fra": 2}),
    # 1 against 1: a bounce; the two that left are unaffected.
    (1, {"FRANCE D bel": 2, "FRANCE D fra": 1, "GERMANY D ger": 1}),
])
def test_two_leave_and_the_one_left_holds(germans: int, after: dict[str, int]) -> None:
    turn = run([*FRENCH_3, *["GERMANY D ger"] * germans],
               {"FRANCE": ["2 D Fra-Bel"], "GERMANY": ["D Ger-Fra"]})
    fra = written(turn, "fra")
    assert fra["2 CountedMove bel"].outcome == Outcome.SUCCEEDS
    held = fra["Hold"]  # the implicit hold of the diplomat no line ordered
    assert held.dislodged is (germans == 2)
    assert board(turn) == Counter(after)


@pytest.mark.parametrize(("spain", "after"), [
    # The French mover bounces off England in Spain and stays: 1 holding + 1 failed mover
    # = 2 against Germany's 2, a bounce.
    (["ENGLAND D spa"], {"FRANCE D fra": 2, "ENGLAND D spa": 1, "GERMANY D ger": 2}),
    # Spain empty: the mover leaves; Germany's 2 beat the holder's 1, which is eliminated.
    ([], {"FRANCE D spa": 1, "GERMANY D fra": 2}),
])
def test_a_failed_mover_adds_to_the_hold_strength(spain: list[str],
                                                  after: dict[str, int]) -> None:
    turn = run(["FRANCE D fra", "FRANCE D fra", *spain, "GERMANY D ger", "GERMANY D ger"],
               {"FRANCE": ["1 D Fra-Spa"], "GERMANY": ["D Ger-Fra"]})
    assert board(turn) == Counter(after)


def test_a_hold_support_goes_to_the_diplomats_that_stay() -> None:
    # One French diplomat leaves for Belgium; the one holding has Lyon's support: 2
    # against Germany's 2, a bounce.
    turn = run(["FRANCE D fra", "FRANCE D fra", "FRANCE D lyo", "GERMANY D ger",
                "GERMANY D ger"],
               {"FRANCE": ["1 D Fra-Bel", "D Lyo S D Fra"], "GERMANY": ["D Ger-Fra"]})
    assert results(turn, "lyo")[0].outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"FRANCE D bel": 1, "FRANCE D fra": 1, "FRANCE D lyo": 1,
                                   "GERMANY D ger": 2})


@pytest.mark.parametrize(("support", "after"), [
    # The support fits the sub-stack moving to Spain: 2 against England's 1.
    ("D Lyo S D Fra-Spa", {"FRANCE D spa": 1, "FRANCE D bel": 1, "FRANCE D lyo": 1}),
    # A hold support fits no French diplomat (both move): void; 1 against 1 bounces.
    ("D Lyo S D Fra", {"FRANCE D fra": 1, "FRANCE D bel": 1, "FRANCE D lyo": 1,
                       "ENGLAND D spa": 1}),
])
def test_a_support_names_the_sub_stack_by_its_order(support: str,
                                                    after: dict[str, int]) -> None:
    turn = run(["FRANCE D fra", "FRANCE D fra", "FRANCE D lyo", "ENGLAND D spa"],
               {"FRANCE": ["1 D Fra-Spa", "D Fra-Bel", support]})
    assert board(turn) == Counter(after)


def test_a_numbered_line_asking_too_many_is_refused_and_they_hold() -> None:
    turn = run(FRENCH_3, {"FRANCE": ["2 D Fra-Bel", "2 D Fra-Spa"]})
    fra = written(turn, "fra")
    refused = fra["2 CountedMove spa"]
    assert refused.outcome == Outcome.ILLEGAL
    assert "'2 D fra - spa'" in refused.message and "only 1" in refused.message
    assert fra["2 CountedMove bel"].outcome == Outcome.SUCCEEDS
    assert board(turn) == Counter({"FRANCE D bel": 2, "FRANCE D fra": 1})


def test_a_number_beyond_the_stack_moves_nobody() -> None:
    turn = run(FRENCH_3, {"FRANCE": ["4 D Fra-Bel"]})
    (only,) = results(turn, "fra")
    assert only.outcome == Outcome.ILLEGAL
    assert board(turn) == Counter({"FRANCE D fra": 3})


def test_a_line_without_number_when_none_is_left_is_refused() -> None:
    turn = run(FRENCH_3, {"FRANCE": ["3 D Fra-Bel", "D Fra-Spa"]})
    assert written(turn, "fra")["Move spa"].outcome == Outcome.ILLEGAL
    assert board(turn) == Counter({"FRANCE D bel": 3})


def test_two_sub_stacks_into_one_space_combine() -> None:
    # 1 + 2 = 3 against Germany's 2 holding in Belgium: eliminated.
    turn = run([*FRENCH_3, "GERMANY D bel", "GERMANY D bel"],
               {"FRANCE": ["1 D Fra-Bel", "D Fra-Bel"]})
    assert [r.outcome for r in results(turn, "fra")] == [Outcome.SUCCEEDS] * 2
    assert results(turn, "bel")[0].dislodged
    assert board(turn) == Counter({"FRANCE D bel": 3})


@pytest.mark.parametrize(("germans", "after"), [
    # Head to head Germany's 2 beat the French one coming to Germany (defence 1), then the
    # one French diplomat staying (1): both French are eliminated.
    (2, {"GERMANY D fra": 2}),
    # 1 against 1 head to head: both bounce.
    (1, {"FRANCE D fra": 2, "GERMANY D ger": 1}),
])
def test_head_to_head_is_with_the_sub_stack_coming_the_other_way(
        germans: int, after: dict[str, int]) -> None:
    turn = run(["FRANCE D fra", "FRANCE D fra", *["GERMANY D ger"] * germans],
               {"FRANCE": ["1 D Fra-Ger"], "GERMANY": ["D Ger-Fra"]})
    mover = written(turn, "fra")["1 CountedMove ger"]
    assert (mover[4:6], mover.dislodged) == (BOUNCED, germans == 2)
    assert board(turn) == Counter(after)


def _merged(lines: list[str]) -> tuple[list[str], list[tuple[int, str]]]:
    """Lines as a message gives them to the judge's order set (judge.game.ordering): the
    lines kept, and the refused ones with their line numbers."""
    position = Position(Phase.parse("S1914M"), tuple(unit(u) for u in FRENCH_3), {})
    read, errors = ordering.read_lines(ENVOY, position.phase, list(enumerate(lines, 1)),
                                        Writer("FRANCE"))
    assert errors == []
    merged: dict[str, ordering.Written] = {}
    refused = ordering.merge(ENVOY, position, "FRANCE", merged, read)
    return [w.text for w in merged.values()], [(e.line_no, e.text) for e in refused]


def test_numbered_lines_by_mail_add_up_rather_than_replace_each_other() -> None:
    kept, refused = _merged(["2 D Fra-Bel", "1 D Fra-Spa"])
    assert (kept, refused) == (["2 D Fra-Bel", "1 D Fra-Spa"], [])


def test_numbered_lines_by_mail_asking_too_many_are_refused() -> None:
    kept, refused = _merged(["2 D Fra-Bel", "2 D Fra-Spa", "D Fra-Lyo"])
    assert (kept, refused) == (["2 D Fra-Bel", "D Fra-Lyo"], [(2, "2 D Fra-Spa")])


def test_an_unnumbered_line_by_mail_still_replaces_the_last_one() -> None:
    kept, refused = _merged(["D Fra-Bel", "D Fra-Spa"])
    assert (kept, refused) == (["D Fra-Spa"], [])


def test_the_confirmation_and_the_report_keep_the_number() -> None:
    position = Position(Phase.parse("S1914M"), tuple(unit(u) for u in FRENCH_3), {})
    read, _ = ordering.read_lines(ENVOY, position.phase, [(1, "2 D Fra-Bel"), (2, "D Fra-Spa")],
                                  Writer("FRANCE"))
    merged: dict[str, ordering.Written] = {}
    ordering.merge(ENVOY, position, "FRANCE", merged, read)
    assert ordering.describe_set(ENVOY, position, "FRANCE", merged) == (
        "2 D France -> Belgium.", "D France -> Spain.")
    turn = run(FRENCH_3, {"FRANCE": ["2 D Fra-Bel", "D Fra-Spa"]})
    assert sorted(order_text(ENVOY.rules, r, "M", {}) for r in turn.results) == [
        "2 D France -> Belgium.", "D France -> Spain."]
