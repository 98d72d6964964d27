"""Held-out spellings (rules18d): a player writes a move with a dash as he does on every
other board ("VT-3", like "A Par-Bur"), or with rule 5's own verb ("PZ to 2" is an
attack: "VT attacks 3"); both were refused as "not an order" though "VT - 3" and
"VT -3" were read. A line that names no way to move is still refused with the forms."""

from __future__ import annotations

import pytest

from tests.variants.algernon.test_reader import read, refusal

MOVE = "PortalMove(loc='vt', portal=3, kind='R')"
BACKED = ("PortalSupport(loc='vt', portal=4, target='sq', target_portal=6, number=None, "
          "kind='R')")


@pytest.mark.parametrize("text", ["VT-3", "VT - 3", "vt -3", "VT attacks 3", "VT attack 3",
                                  "VT to 3"])
def test_a_move_out_of_a_portal(text: str) -> None:
    assert read(text) == MOVE


@pytest.mark.parametrize("text", ["VT s 4 (SQ-6)", "VT s 4 (SQ attacks 6)", "VT s 4 (SQ to 6)"])
def test_the_attack_a_support_names(text: str) -> None:
    assert read(text) == BACKED


@pytest.mark.parametrize("text", ["VT 3", "VT move 3", "VT-", "VTto 3"])
def test_a_line_with_no_way_to_move_is_refused_with_the_forms(text: str) -> None:
    assert refusal(text).startswith("not an order: write VT to 3, VT h, VT s 2")
