"""`judge adjudicate` with `"variant": "engineered"` as docs/adjudicate.md writes it: its
example runs and answers what the page says, the options it names in `state` are the
game's, and a decoy given as a unit is judged without breaking the reply (rn45 C8 8c)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from judge.protocol import handle
from tests.variants.engineered.test_madman_adjudicate import D3C, UNITS

DOC = Path(__file__).resolve().parents[3] / "docs" / "adjudicate.md"


def engineered_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split("\n## Engineered\n", 1)[1].split("\n## ", 1)[0]


def documented_requests() -> list[dict[str, Any]]:
    blocks = re.findall(r"```json\n(.*?)```", engineered_section(), re.DOTALL)
    return [json.loads(b) for b in blocks]


def ask(request: dict[str, Any]) -> dict[str, Any]:
    reply = handle(request)
    assert "error" not in reply, reply
    return reply


def test_the_documented_capture_answers_as_the_page_says() -> None:
    [request] = documented_requests()
    reply = ask(request)
    # "answers, besides the move, {"power": "AUSTRIA", "type": "P", "loc": "gal", ...}
    # in units and the capture in events" (rn45 C4 4a).
    assert {"power": "AUSTRIA", "type": "P", "loc": "gal",
            "payload": [["owner", "RUSSIA"]]} in reply["units"]
    assert [e["what"] for e in reply["events"]] == ["captured"]
    [move] = reply["results"]
    assert (move["order"], move["outcome"]) == ("A Bud - Gal", "succeeds")


def _two_areas(state: dict[str, Any]) -> str:
    """Italy's fighter to Tunis, Naples-Ionian Sea-Tunis: two areas (rn45 C7 7c)."""
    reply = ask({"variant": "engineered", "phase": "S1902M", "state": state,
                 "units": [{"power": "ITALY", "type": "F", "loc": "nap"}],
                 "orders": {"ITALY": ["F Nap - Tun"]}})
    [result] = reply["results"]
    return str(result["outcome"])


def test_the_level_in_the_state_is_the_games() -> None:
    found = re.search(r"`(\{\"level\".*?\})`", engineered_section())
    assert found is not None
    documented = json.loads(found[1])
    assert documented == {"level": "complex", "engineer_ratio": "c3a"}
    assert _two_areas(documented) == "succeeds"  # C7 7c: to a Neutral centre two away
    assert _two_areas({"level": "advanced"}) == "succeeds"  # A: advanced includes complex
    # A: "the simple game excludes the complex" rules: a fighter moves as an army.
    assert _two_areas({"level": "simple"}) == "illegal"
    assert _two_areas({}) == "illegal"  # the variant's default level is simple


def test_a_decoy_given_as_a_unit_is_exposed_and_the_reply_says_so() -> None:
    # C8 8a, 8c: an unsupported army moves on a holding decoy; a real army would hold (1
    # against 1), so the decoy is exposed and disbanded.
    reply = ask({"variant": "engineered", "phase": "S1902M", "state": {"level": "complex"},
                 "units": [{"power": "RUSSIA", "type": "A", "loc": "war",
                            "payload": [["decoy", True]]},
                           {"power": "AUSTRIA", "type": "A", "loc": "gal"}],
                 "orders": {"AUSTRIA": ["A Gal - War"]}})
    assert {"power": "AUSTRIA", "type": "A", "loc": "war"} in reply["units"]
    assert not [u for u in reply["units"] if u["power"] == "RUSSIA"]
    assert [(e["event"], e["why"]) for e in reply["events"]] == [("decoy_disbanded", "exposed")]


def test_a_transporting_unit_given_a_move_too_moves_and_its_transport_fails() -> None:
    # C5 5d: the transport succeeds "provided it does not make any other order". A game
    # keeps one order per unit; a request may give two, and both are answered.
    reply = ask({"variant": "engineered", "phase": "S1902M",
                 "units": [{"power": "RUSSIA", "type": "A", "loc": "stp"},
                           {"power": "RUSSIA", "type": "E", "loc": "rum"}],
                 "orders": {"RUSSIA": ["A StP T E Rum", "A StP - Fin"]}})
    said = {r["order"]: (r["outcome"], r["reason"]) for r in reply["results"]}
    assert said == {"A StP - Fin": ("succeeds", None),
                    "A StP T E Rum": ("fails", "stp was given another order too, and a "
                                      "transporting unit makes none (rn45 C5 5d)")}
    assert {"power": "RUSSIA", "type": "E", "loc": "rum"} in reply["units"]


def test_the_documented_madman_state_and_bid_run_d3c() -> None:
    # The page's `"stages": {"bidding": ["TURKEY"]}` and its bid line, in D3 3c's example.
    section = engineered_section()
    found = re.search(r'`("stages": \{.*?\})`', section)
    bid = re.search(r'`"(BID [^"]+)"`', section)
    assert found is not None and bid is not None
    state = {"level": "complex", **json.loads("{" + found[1] + "}")}
    assert state["stages"] == {"bidding": ["TURKEY"]}
    orders = {**D3C, "RUSSIA": [*D3C["RUSSIA"][:2], bid[1]]}
    reply = ask({"variant": "engineered", "phase": "F1902M", "state": state, "units": UNITS,
                 "orders": orders})
    # "F Bla-Ank would happen and F StP, A Mos, A Vie would be declared as being in Civil
    # Disorder": they hold.
    at = {(u["power"], u["type"], u["loc"]) for u in reply["units"]}
    assert {("TURKEY", "N", "ank"), ("RUSSIA", "N", "stp/sc"), ("RUSSIA", "A", "mos"),
            ("AUSTRIA", "A", "vie")} <= at
