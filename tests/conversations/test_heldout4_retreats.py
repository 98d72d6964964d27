"""Held-out by mail (rules18f item c): two units retreating to one province. The standard
rule (DATC 6.H.7, the 2023 rulebook: "if two or more units retreat to the same province,
they are all disbanded") destroys both; the report must say so of each unit, not only
'(*bounce*)', which reads as if the unit had stayed where it was."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import put_board, send
from tests.conversations.seating_helpers import Player
from tests.conversations.test_heldout_orders import process, units_now


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_two_powers_retreating_to_one_province_are_both_told_destroyed(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "S1901M",
              ["FRANCE A bur", "FRANCE F tys", "FRANCE F wes", "GERMANY A mun",
               "GERMANY A ruh", "ITALY F lyo"], {"par": "FRANCE", "mun": "GERMANY"})
    send(talk, players["GERMANY"], "A Mun-Bur", "A Ruh S A Mun-Bur")
    send(talk, players["FRANCE"], "F tys - lyo", "F wes s F tys - lyo")
    process(talk, "S1901M", players, "FRANCE")
    for power in ("ITALY", "GERMANY"):
        talk.mails_to(players[power].address)  # their Spring reports, read
    # Both dislodged units may retreat to Marseilles (empty, neither attacker came from it).
    send(talk, players["FRANCE"], "A bur r mar")
    send(talk, players["ITALY"], "F Gulf of Lyon retreats to Marseilles")
    for power in ("FRANCE", "ITALY", "GERMANY"):
        body = process(talk, "S1901R", players, power)
        assert "France:   A Burgundy -> Marseilles. (*bounce, destroyed*)\n" in body, body
        assert "Italy:    F Gulf of Lyon -> Marseilles. (*bounce, destroyed*)\n" in body
    assert units_now(talk) == ["FRANCE F lyo", "FRANCE F wes", "GERMANY A bur",
                               "GERMANY A ruh"]
