"""Held-out DATC v3.0 cases played by mail (rules18f), the orders typed as players type
them (abbreviations, words, slashes and brackets for coasts, upper and lower case), each
result predicted from the case's own text (shared/reference/datc/DATC_v3_0.txt) before
the test was run; a wrong line is refused with a reply quoting it and saying why."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import put_board, send
from tests.conversations.seating_helpers import Player
from tests.conversations.test_heldout_orders import process, refused, units_now


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_6_b_4_support_to_an_unreachable_coast(
        talk: Conversation, players: dict[str, Player]) -> None:
    """Marseilles cannot reach Spain's north coast but may support a move there; Gascony
    gets in, the Italian fleet fails."""
    put_board(talk, "S1901M", ["FRANCE F gas", "FRANCE F mar", "ITALY F wes"],
              {"mar": "FRANCE"})
    send(talk, players["FRANCE"], "F gas - spa/nc",
         "F Marseilles supports F Gascony to Spain (nc)")
    reply = send(talk, players["ITALY"], "f wes-spa(sc)")
    assert "  F Western Mediterranean -> Spain (sc).\n" in reply.body, reply.body
    body = process(talk, "S1901M", players, "ITALY")
    assert "Italy:    F Western Mediterranean -> Spain (sc). (*bounce*)\n" in body, body
    assert units_now(talk) == ["FRANCE F mar", "FRANCE F spa/nc", "ITALY F wes"]


def test_6_d_2_a_move_cuts_a_support_on_hold(
        talk: Conversation, players: dict[str, Player]) -> None:
    """Vienna's move cuts Tyrolia's support, so Trieste, supported, dislodges Venice."""
    put_board(talk, "S1901M",
              ["AUSTRIA F adr", "AUSTRIA A tri", "AUSTRIA A vie", "ITALY A ven",
               "ITALY A tyr"], {"tri": "AUSTRIA", "ven": "ITALY"})
    send(talk, players["AUSTRIA"], "F ADR S A TRI-VEN", "a tri to venice",
         "Army Vienna moves to Tyrolia")
    send(talk, players["ITALY"], "A Ven H", "A Tyr S A Ven")
    body = process(talk, "S1901M", players, "ITALY")
    assert "Italy:    A Tyrolia SUPPORT A Venice. (*cut*)\n" in body, body
    assert "Italy:    A Venice HOLD. (*dislodged*)\n" in body, body
    assert "AUSTRIA A ven" in units_now(talk)


def test_6_e_1_a_dislodged_unit_has_no_effect_on_the_attacker_s_area(
        talk: Conversation, players: dict[str, Player]) -> None:
    """The army in Prussia is dislodged by Berlin's supported move; the fleet in Kiel
    follows into Berlin."""
    put_board(talk, "S1901M",
              ["GERMANY A ber", "GERMANY F kie", "GERMANY A sil", "RUSSIA A pru"],
              {"ber": "GERMANY"})
    send(talk, players["GERMANY"], "A Ber-Pru", "F kiel - berlin", "A sil s a ber - pru")
    send(talk, players["RUSSIA"], "A Prussia -> Berlin")
    body = process(talk, "S1901M", players, "RUSSIA")
    assert "Russia:   A Prussia -> Berlin. (*bounce, dislodged*)\n" in body, body
    assert "Germany:  F Kiel -> Berlin.\n" in body, body
    assert [u for u in units_now(talk) if u.startswith("GERMANY")] == [
        "GERMANY A pru", "GERMANY A sil", "GERMANY F ber"]


def test_6_g_1_two_units_swap_by_convoy(talk: Conversation,
                                        players: dict[str, Player]) -> None:
    """England's convoy gives the intent: the armies swap Norway and Sweden."""
    put_board(talk, "S1901M", ["ENGLAND A nwy", "ENGLAND F ska", "RUSSIA A swe"],
              {"nwy": "ENGLAND", "swe": "RUSSIA"})
    send(talk, players["ENGLAND"], "A nwy - swe", "F Skagerrak convoys A Norway - Sweden")
    send(talk, players["RUSSIA"], "a swe-nwy")
    process(talk, "S1901M", players, "ENGLAND")
    assert units_now(talk) == ["ENGLAND A swe", "ENGLAND F ska", "RUSSIA A nwy"]


def test_wrong_lines_are_refused_quoting_the_line_and_saying_why(
        talk: Conversation, players: dict[str, Player]) -> None:
    """6.B.5's rule (no support from a coast that cannot reach the area), 6.A.6's (no
    order to another power's unit), 6.A.2's (an army to sea); the good line is kept."""
    put_board(talk, "S1901M",
              ["FRANCE F spa/nc", "FRANCE A par", "ITALY F lyo", "GERMANY A mun"],
              {"par": "FRANCE"})
    reply = send(talk, players["FRANCE"], "F spa/nc s f lyo - mar", "A mun - bur",
                 "A par - eng", "A Par H")
    refused(reply, 2, "F spa/nc s f lyo - mar",
            "F Spain (nc) cannot reach Marseilles, so it cannot support a move there")
    refused(reply, 3, "A mun - bur", "A Munich belongs to Germany, not France")
    refused(reply, 4, "A par - eng", "armies cannot go to English Channel (sea)")
    assert "  A Paris HOLD.\n" in reply.body, reply.body
