"""Issue #15 gap 1: `judge adjudicate "variant": "engineered"` reads every option of the
game from the request's "state", those wired when the variant is built too (decoys,
survival, prize; docs/adjudicate.md), and a variant without the hook keeps its own
state keys' meaning (Envoy's `players`, `hidden`)."""

from __future__ import annotations

from typing import Any

from judge.protocol import handle

# Russia's engineer and army in Warsaw, a home centre of hers: a decoy may be made (C2 2b).
WARSAW = [{"power": "RUSSIA", "type": "A", "loc": "war"},
          {"power": "RUSSIA", "type": "E", "loc": "war"}]


def _winter(state: dict[str, Any]) -> dict[str, Any]:
    return handle({"variant": "engineered", "phase": "W1901A", "state": state,
                   "units": WARSAW, "centers": {"RUSSIA": ["war", "mos", "sev"]},
                   "orders": {"RUSSIA": ["DECOY A War"]}})


def test_decoys_in_the_state_make_the_decoy_order_the_games() -> None:
    reply = _winter({"level": "complex", "decoys": True})
    [result] = reply["results"]
    assert result["outcome"] == "succeeds", result
    assert {"power": "RUSSIA", "type": "A", "loc": "war",
            "payload": [["decoy", True]]} in reply["units"]


def test_without_decoys_the_decoy_order_is_not_read() -> None:
    reply = _winter({"level": "complex"})
    [result] = reply["results"]
    assert result["outcome"] != "succeeds"
    assert not any(u.get("payload") for u in reply["units"])


def _last_one_standing(state: dict[str, Any]) -> dict[str, Any]:
    # Only Turkey has a unit or a centre: F4's prize game ends with him the winner, though
    # he holds three centres, far from the 18 of a victory.
    return handle({"variant": "engineered", "phase": "F1905M", "state": state,
                   "units": [{"power": "TURKEY", "type": "A", "loc": "con"}],
                   "centers": {"TURKEY": ["ank", "con", "smy"]}, "orders": {}})


def test_a_prize_survival_game_in_the_state_has_its_last_one_standing_win() -> None:
    reply = _last_one_standing({"level": "advanced", "survival": True, "prize": True})
    assert reply.get("winners") == ["TURKEY"], reply


def test_without_the_prize_nobody_wins_on_three_centres() -> None:
    reply = _last_one_standing({"level": "advanced", "survival": True})
    assert "winners" not in reply


def test_envoy_state_keys_keep_their_meaning() -> None:
    # Envoy names no request options: its `players` in state is still who plays.
    reply = handle({"variant": "envoy", "phase": "S1901M",
                    "state": {"players": ["FRANCE", "GERMANY"]}, "orders": {}})
    assert "error" not in reply, reply
    assert reply["state"]["players"] == ["FRANCE", "GERMANY"]
