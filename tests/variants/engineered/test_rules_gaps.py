"""Rule paragraphs the other scenario files did not state on their own (the audit in
docs/variants/engineered.md, "Rules and their tests"), worked out by hand."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from tests.variants.engineered.scenario import board, result, run

GERMAN = {"ber": "GERMANY", "kie": "GERMANY", "mun": "GERMANY", "den": "GERMANY",
          "hol": "GERMANY"}


def test_c3c_an_engineer_is_created_with_a_military_unit_on_one_centre() -> None:
    # C3 3c: "at the same time as a military unit": Berlin empty, both built there.
    turn = run(["GER A kie"], {"GER": ["Build A Ber", "Build E Ber"]}, "W1902A",
               owners=GERMAN)
    assert {"GER A ber", "GER E ber"} <= board(turn)
    assert {r.outcome for r in turn.results} == {Outcome.SUCCEEDS}


def test_c3c_an_engineer_is_created_only_on_a_home_centre() -> None:
    # Denmark is Germany's, but no home of its: 3c names "Home or start up BCs".
    turn = run(["GER A kie"], {"GER": ["Build E Den"]}, "W1902A", owners=GERMAN)
    assert "GER E den" not in board(turn)
    refused = result(turn, "GER", "den")
    assert refused.outcome != Outcome.SUCCEEDS
    assert "home centre" in refused.message, refused.message


def test_b4_a_home_centre_with_an_engineer_on_it_is_built_on() -> None:
    # B2, B4: a home centre is a build centre anyway; the engineer standing there (no
    # military unit) does not make it occupied.
    turn = run(["GER A kie", "GER E mun"], {"GER": ["Build A Mun"]}, "W1902A",
               owners=GERMAN)
    assert {"GER A mun", "GER E mun", "GER A kie"} == board(turn)
