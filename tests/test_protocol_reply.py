"""`judge adjudicate`'s reply written straight from the turn (judge/protocol_reply.py,
issue #18): byte for byte the text of the reply object, on every phase of seeded random
games and on the replies the fast writer hands to the object (a variant's state, a game
won, lines not understood, errors)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from judge.grammar import Grammar
from judge.protocol import handle_line, handle_line_text
from judge.protocol_json import reply_text
from judge.variant_loader import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import adjudication


def _same(line: str) -> str:
    text = handle_line_text(line)
    assert text == reply_text(handle_line(line))
    return text


def _random_lines(games: int, years: int) -> list[str]:
    variant = load_variant("standard")
    return adjudication.request_lines(variant, Grammar.for_variant(variant), games=games,
                                      seed=18, years=years)


def test_every_phase_of_random_games_reads_as_the_reply_object() -> None:
    lines = _random_lines(games=3, years=8)
    kinds = {json.loads(line)["phase"][-1] for line in lines}
    assert kinds == {"M", "R", "A"}
    for line in lines:
        reply = json.loads(_same(line))
        assert reply["results"] and reply["units"]
    # Dislodgements and centre changes are among them: the phases are not all quiet.
    assert any(json.loads(handle_line_text(line))["dislodged"] for line in lines)


MOVES = {"variant": "standard", "phase": "F1901M",
         "orders": {"FRANCE": ["A Par - Bur", "A Mar \u2192 Spa", "F Bre - Pqr", "A Par H"],
                    "GERMANY": ["A Mun - Bur", "F Kie - Den", 'A "Ber" x'],
                    "ITALY": ["A Ven - Tyr", "A Ven - Tyr"]}}


@pytest.mark.parametrize("request_", [
    MOVES,  # an arrow (escaped as \u2192), a line not understood, a repeated line
    {**MOVES, "phase": "S1901M", "units": [
        {"power": "FRANCE", "type": "A", "loc": "bur"},
        {"power": "GERMANY", "type": "A", "loc": "mun"},
        {"power": "GERMANY", "type": "A", "loc": "ruh"}],
     "orders": {"GERMANY": ["A Mun - Bur", "A Ruh S A Mun - Bur"]}},  # a dislodgement
    {"phase": "F1905M", "units": [{"power": "FRANCE", "type": "A", "loc": "bel"}],
     "centers": {"FRANCE": ["par", "mar", "bre", "spa", "por", "mun", "ber", "kie", "hol",
                            "den", "swe", "nwy", "stp", "mos", "war", "vie", "bud"],
                 "ENGLAND": ["lon"]},
     "orders": {"FRANCE": ["A Bel H"]}},  # a solo: "winners"
    {"variant": "envoy", "phase": "W1914A", "state": {"players": ["FRANCE", "GERMANY"]},
     "units": [{"power": "FRANCE", "type": "A", "loc": "par"}],
     "centers": {"ITALY": ["nap", "rom", "ven"], "FRANCE": ["bre", "mar", "par"]},
     "orders": {"FRANCE": ["Build A Ven"]}},  # a variant that keeps state
    {"variant": "nowhere"}, {"phase": "X"}, [1, 2],  # errors
    {**MOVES, "views": ["FRANCE"]}, {"variant": "standard", "allocate": ["a", "b"]},
])
def test_the_replies_handed_to_the_object_read_the_same(request_: Any) -> None:
    reply = json.loads(_same(json.dumps(request_)))
    assert reply.get("error") or reply["results"]


def test_a_line_that_is_not_json_reads_the_same() -> None:
    assert json.loads(_same("{not json"))["error"].startswith("the request is not valid JSON")
