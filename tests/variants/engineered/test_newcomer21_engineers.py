"""Hugh's Engineered by mail: a newcomer's engineer lines in the first Spring (rn45 C1 1a,
C3, C5), each answered with what to write."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started


def test_an_engineer_s_move_is_quoted_as_written(talk: Conversation) -> None:
    # `E Par-Bur` was read as the placement `E Par-Bur` and refused as
    # "I don't understand 'h' in "par-bur h"": words he never wrote.
    seats = started(talk, "engineered", players=7)
    sent = send_orders(talk, seats["FRANCE"], "E Par-Bur")
    assert "par-bur h" not in sent.body, sent.body
    assert ("line 2: E Par-Bur\n    there is no engineer of yours in Paris: you have none; in "
            "the game's first Spring one is placed with a unit of yours (E Paris: it goes "
            "where that unit goes, rn45 C1 1a), and in a Winter built on a home centre "
            "(BUILD E Paris, C3)\n") in sent.body, sent.body
    # Written after its placement, the move is taken (it goes with the army, C1 1a).
    placed = send_orders(talk, seats["FRANCE"], "E Par", "A Par-Bur", "E Par-Bur")
    assert "error" not in placed.body.lower(), placed.body


def test_an_engineer_s_build_in_a_spring_says_when_one_is_built(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    sent = send_orders(talk, seats["FRANCE"], "Build E Par")
    assert ("line 2: Build E Par\n    an engineer is built in a Winter only, on a home centre "
            "of yours (BUILD E Paris, rn45 C3); in the game's first Spring one is placed with "
            "a unit of yours (E Paris, C1 1a)\n") in sent.body, sent.body
