"""Issue #17, the bar: `judge adjudicate` takes `"variant": "algernon"` with a maze in the
request (`"map"`: the game's map, as a game keeps it) and returns each player's view."""

from __future__ import annotations

from typing import Any

import pytest

from judge.protocol import RequestError, handle
from variants.algernon.generate import Plan, generate
from variants.algernon.maze import world_of
from variants.algernon.source import power_names


def request(**extra: Any) -> dict[str, Any]:
    maze = generate(Plan(seed=3), power_names())
    homes = {p: maze.homes(p) for p in maze.owners()}
    return {"variant": "algernon", "map": world_of(maze), "phase": "S1901M",
            "units": [{"power": p, "type": "R", "loc": h.lower()}
                      for p, hs in homes.items() for h in hs],
            "orders": {p: [f"{hs[0]} to 1"] for p, hs in homes.items()}, **extra}


def test_a_phase_on_the_requests_maze_with_each_players_view() -> None:
    sent = request(views=["ALPHA", "BRAVO"])
    reply = handle(sent)
    assert "error" not in reply, reply
    maze = generate(Plan(seed=3), power_names())
    first = maze.homes("ALPHA")[0]
    portal = maze.portal(first, 1)
    assert portal is not None
    view = reply["views"]["ALPHA"]
    text = str(view)
    # He learns the space behind his portal 1 (rule 6), and nothing of BRAVO's moves.
    assert portal.to in text
    bravo_first = maze.homes("BRAVO")[0]
    bravo_to = maze.portal(bravo_first, 1)
    assert bravo_to is not None and bravo_first not in text


def test_a_maze_that_cannot_be_played_is_refused_with_its_problems() -> None:
    sent = request()
    sent["map"]["maze"][0]["portals"][0] = ["QQ", 1]
    with pytest.raises(RequestError, match="dangles: it leads to QQ, which is not a space"):
        handle(sent)



@pytest.mark.parametrize(("state", "in_wg", "support"), [
    ({}, "ALPHA", "void"),
    ({"state": {"numbered_support": "portal"}}, "BRAVO", "succeeds"),
])
def test_the_requests_state_chooses_the_reading_of_numbered_supports(
        state: dict[str, Any], in_wg: str, support: str) -> None:
    """I.A.5 on the demonstration maze (BRAVO's homes PW2 and QV2 lead into WG, by its
    portals 1 and 3). BRAVO's order 1 is `QV s 2 (1)` itself: by default it backs his own
    order 1, no attack, and is void; with the state's numbered_support=portal it backs the
    attack coming in by WG1, PW to 2, which dislodges ALPHA's rat."""
    reply = handle({"variant": "algernon", "phase": "S1901M",
                    "units": [{"power": "ALPHA", "type": "R", "loc": "wg"},
                              {"power": "BRAVO", "type": "R", "loc": "pw"},
                              {"power": "BRAVO", "type": "R", "loc": "qv"}],
                    "orders": {"BRAVO": ["QV s 2 (1)", "PW to 2"]}, **state})
    assert "error" not in reply, reply
    assert {"power": in_wg, "type": "R", "loc": "wg"} in reply["units"]
    [result] = [r for r in reply["results"] if r["order"] == "QV s 2 (1)"]
    assert result["outcome"] == support
