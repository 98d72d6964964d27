"""Held-out scenarios (rules18d item 2): Envoy's rule 1 plays "the normal rules of
Diplomacy (1971 rulebook)", whose convoy paradox rule (XII.5, DATC 4.A.2) is "If a
convoyed army attacks a fleet which is supporting a fleet which is attacking one of the
convoy fleets, that support is not cut." Envoy took the 1971 choices of 4.A.1 and 4.A.5
but settled paradoxes by the Szykman rule, which answers Pandin's extended paradox
(DATC 6.F.17) otherwise. Each expectation is the DATC's own for the 1971 rulebook,
in the DATC's order text; where the 1971 rule gives no answer (6.F.18) the Szykman rule
still settles it."""

from __future__ import annotations

from typing import Any

from judge.protocol import handle
from tests.variants.replies import dislodged, outcome

PLAYERS = ["ENGLAND", "FRANCE", "GERMANY", "ITALY"]


def adjudicate(units: dict[str, list[str]], orders: dict[str, list[str]]) -> dict[str, Any]:
    board = [{"power": p, "type": u.split()[0], "loc": u.split()[1]}
             for p, us in units.items() for u in us]
    reply = handle({"variant": "envoy", "phase": "S1914M", "units": board,
                    "orders": orders, "state": {"players": PLAYERS}})
    assert "error" not in reply, reply
    return reply


PANDIN = {"ENGLAND": ["F lon", "F wal"], "FRANCE": ["A bre", "F eng"],
          "GERMANY": ["F nth", "F bel"]}
PANDIN_ORDERS = {
    "ENGLAND": ["F London Supports F Wales - English Channel", "F Wales - English Channel"],
    "FRANCE": ["A Brest - London", "F English Channel Convoys A Brest - London"],
    "GERMANY": ["F North Sea Supports F Belgium - English Channel",
                "F Belgium - English Channel"],
}


def test_pandins_extended_paradox_dislodges_london_under_the_1971_rule() -> None:
    """DATC 6.F.17: "When the 1971/1982/2000/2023 rules are used, the support of London
    is not cut. That means that the fleet in the English Channel is not dislodged. The
    convoy will succeed and dislodge the fleet in London." (Szykman: nobody dislodged.)"""
    units = {**PANDIN, "FRANCE": ["A bre", "F eng", "F yor"]}
    orders = {**PANDIN_ORDERS,
              "FRANCE": [*PANDIN_ORDERS["FRANCE"], "F Yorkshire Supports A Brest - London"]}
    reply = adjudicate(units, orders)
    assert outcome(reply, "F London Supports F Wales - English Channel") == "succeeds"
    assert outcome(reply, "F Wales - English Channel") == "fails"
    assert outcome(reply, "F Belgium - English Channel") == "fails"
    assert outcome(reply, "A Brest - London") == "succeeds"
    assert dislodged(reply) == ["ENGLAND lon"]


def test_pandins_paradox_reads_alike_under_every_rule() -> None:
    """DATC 6.F.16: the support of London is not cut, nothing moves."""
    reply = adjudicate(PANDIN, PANDIN_ORDERS)
    assert outcome(reply, "F London Supports F Wales - English Channel") == "succeeds"
    assert outcome(reply, "A Brest - London") == "fails"
    assert dislodged(reply) == []


def test_a_two_route_convoy_under_the_1971_rules() -> None:
    """DATC 6.F.19: "If the 1971 rulebook is used ... The support of the fleet in Naples is
    not cut and the fleet in Rome dislodges the fleet in the Tyrrhenian Sea." """
    reply = adjudicate(
        {"FRANCE": ["A tun", "F tys", "F ion"], "ITALY": ["F nap", "F rom"]},
        {"FRANCE": ["A Tunis - Naples", "F Tyrrhenian Sea Convoys A Tunis - Naples",
                    "F Ionian Sea Convoys A Tunis - Naples"],
         "ITALY": ["F Naples Supports F Rome - Tyrrhenian Sea", "F Rome - Tyrrhenian Sea"]})
    assert outcome(reply, "F Naples Supports F Rome - Tyrrhenian Sea") == "succeeds"
    assert outcome(reply, "F Rome - Tyrrhenian Sea") == "succeeds"
    assert dislodged(reply) == ["FRANCE tys"]


def test_the_betrayal_paradox_the_1971_rule_leaves_open_goes_by_szykman() -> None:
    """DATC 6.F.18: "The 1971, 2000 and 2023 rules do not give an answer"; by Szykman the
    convoy fails, the support in Belgium stands, the North Sea is not dislodged."""
    reply = adjudicate(
        {"ENGLAND": ["F nth", "A lon", "F eng"], "FRANCE": ["F bel"],
         "GERMANY": ["F hel", "F ska"]},
        {"ENGLAND": ["F North Sea Convoys A London - Belgium", "A London - Belgium",
                     "F English Channel Supports A London - Belgium"],
         "FRANCE": ["F Belgium Supports F North Sea"],
         "GERMANY": ["F Helgoland Bight Supports F Skagerrak - North Sea",
                     "F Skagerrak - North Sea"]})
    assert outcome(reply, "A London - Belgium") == "fails"
    assert outcome(reply, "F Belgium Supports F North Sea") == "succeeds"
    assert dislodged(reply) == []
