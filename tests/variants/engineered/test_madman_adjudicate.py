"""`judge adjudicate` checks a madman season on its own (docs/adjudicate.md, Engineered):
the level and the madmen in the request's state, the bids as order lines; D3 3c's example."""

from __future__ import annotations

from typing import Any

from judge.protocol import handle

UNITS = [{"power": "RUSSIA", "type": "N", "loc": "stp/sc"},
         {"power": "RUSSIA", "type": "A", "loc": "mos"},
         {"power": "AUSTRIA", "type": "A", "loc": "vie"},
         {"power": "ITALY", "type": "N", "loc": "ion"},
         {"power": "ITALY", "type": "A", "loc": "nap"},
         {"power": "TURKEY", "type": "N", "loc": "bla"}]
D3C = {"RUSSIA": ["N StP - Bot", "A Mos - Ukr", "BID F StP, A Mos FOR F Bla - Ank"],
       "AUSTRIA": ["A Vie - Gal", "BID A Vie FOR F Bla - Ank"],
       "ITALY": ["N Ion - Tun", "A Nap H", "BID F Ion, A Nap FOR F Bla - Sev"]}


def _run(state: dict[str, Any]) -> dict[str, Any]:
    reply = handle({"variant": "engineered", "phase": "F1902M", "state": state,
                    "units": UNITS, "orders": D3C})
    assert "error" not in reply, reply
    return reply


def _at(reply: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["loc"]) for u in reply["units"]}


def test_d3c_as_the_rules_write_it() -> None:
    reply = _run({"level": "complex", "stages": {"bidding": ["TURKEY"]}})
    units = _at(reply)
    assert ("TURKEY", "N", "ank") in units  # "F Bla-Ank would happen"
    # "F StP, A Mos, A Vie would be declared as being in Civil Disorder": they hold.
    assert {("RUSSIA", "N", "stp/sc"), ("RUSSIA", "A", "mos"), ("AUSTRIA", "A", "vie")} <= units
    assert ("ITALY", "N", "tun") in units  # the losing bidder's units keep their orders
    won = [r for r in reply["results"] if r["order"].startswith("BID")]
    assert {r["outcome"] for r in won} == {"succeeds", "fails"}


def test_without_the_bidding_open_or_at_the_simple_level_bids_are_refused() -> None:
    for state in ({"level": "complex"}, {"level": "simple", "stages": {"bidding": ["TURKEY"]}}):
        reply = _run(state)
        assert ("TURKEY", "N", "bla") in _at(reply)
        assert ("RUSSIA", "A", "ukr") in _at(reply)
        bids = [r for r in reply["results"] if r["order"].startswith("BID")]
        assert len(bids) == 3 and {r["outcome"] for r in bids} == {"illegal"}
