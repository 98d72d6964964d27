"""`judge adjudicate`, driven as a peer harness would: a real process, JSON in and out."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

ISSUE_REQUEST = {
    "variant": "standard", "phase": "S1901M",
    "units": [{"power": "ENGLAND", "type": "F", "loc": "nth"}],
    "dislodged": [{"power": "AUSTRIA", "type": "F", "loc": "tri", "attacker_from": "tyr",
                   "retreats": ["alb", "adr"]}],
    "centers": {"ENGLAND": ["edi", "lon", "lvp"]},
    "orders": {"ENGLAND": ["F NTH - PIC"]},
}


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate", *args],
                          input=stdin, capture_output=True, text=True, timeout=60, check=False)


def _one(request: Any) -> tuple[int, dict[str, Any]]:
    done = _run(json.dumps(request))
    assert done.stderr == ""
    return done.returncode, json.loads(done.stdout)


def test_the_request_of_the_specification() -> None:
    status, reply = _one(ISSUE_REQUEST)
    assert status == 0
    assert reply == {
        "phase": "S1901M",
        # No unit was dislodged in this movement phase, so Spring retreats are skipped.
        "next_phase": "F1901M",
        "results": [{"power": "ENGLAND", "unit": {"type": "F", "loc": "nth"},
                     "order": "F NTH - PIC", "outcome": "illegal",
                     "reason": "nth is not adjacent to pic", "dislodged": False}],
        "units": [{"power": "ENGLAND", "type": "F", "loc": "nth"}],
        "dislodged": [],
        "centers": {"ENGLAND": ["edi", "lon", "lvp"]},
    }


def test_jsonl_answers_line_by_line_and_survives_bad_lines() -> None:
    lines = [json.dumps(ISSUE_REQUEST), "{not json", json.dumps({"variant": "nope"}),
             "", json.dumps({"variant": "standard", "orders": {"FRANCE": ["A Par-Bur"]}})]
    done = _run("\n".join(lines) + "\n", "--jsonl")
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == 4
    assert replies[0]["results"][0]["outcome"] == "illegal"
    assert "not valid JSON" in replies[1]["error"]
    assert "unknown variant 'nope'" in replies[2]["error"]
    assert {"power": "FRANCE", "type": "A", "loc": "bur"} in replies[3]["units"]
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr


def test_jsonl_replies_are_flushed_one_at_a_time() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "judge.cli", "adjudicate", "--jsonl"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    for _ in range(3):
        proc.stdin.write(json.dumps(ISSUE_REQUEST) + "\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["phase"] == "S1901M"
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"units": [{"power": "ENGLAND", "type": "F", "loc": "spa"}]},
         "a fleet cannot stand on 'spa'; it can stand on spa/nc or spa/sc"),
        ({"units": [{"power": "ENGLAND", "type": "A", "loc": "xyz"}]}, "unknown province 'xyz'"),
        ({"units": [{"power": "ATLANTIS", "type": "A", "loc": "lon"}]}, "unknown power 'ATLANTIS'"),
        ({"units": [{"power": "ENGLAND", "type": "Z", "loc": "lon"}]}, "unknown unit type 'Z'"),
        ({"phase": "X1901M"}, "no season 'X'"),
        ({"phase": "banana"}, "not a phase name"),
        ({"centers": {"FRANCE": ["bur"]}}, "'bur' is not a supply centre"),
        ({"units": [{"power": "ENGLAND", "type": "A", "loc": "lon"},
                    {"power": "FRANCE", "type": "F", "loc": "lon"}]}, "two units in lon"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_request_errors(request_: Any, message: str) -> None:
    status, reply = _one(request_)
    assert status == 1
    assert message in reply["error"]


def test_an_unreadable_order_is_an_illegal_result_not_an_error() -> None:
    status, reply = _one({"orders": {"FRANCE": ["A Par - Pqr", "A Mar H"]}})
    assert status == 0
    bad = [r for r in reply["results"] if r["outcome"] == "illegal"]
    assert bad == [{"power": "FRANCE", "unit": None, "order": "A Par - Pqr", "outcome": "illegal",
                    "reason": bad[0]["reason"], "dislodged": False}]
    assert "'Pqr'" in bad[0]["reason"]
    assert len(reply["results"]) == 23  # 21 unordered holds, A Mar H, and the bad line


def test_a_retreat_phase_works_out_retreats_when_not_given() -> None:
    status, reply = _one({
        "phase": "S1901R",
        "units": [{"power": "ITALY", "type": "A", "loc": "tri"},
                  {"power": "AUSTRIA", "type": "A", "loc": "vie"}],
        "dislodged": [{"power": "AUSTRIA", "type": "F", "loc": "tri", "attacker_from": "ven"}],
        "orders": {"AUSTRIA": ["F Tri R Alb"]},
    })
    assert status == 0
    assert reply["results"][0]["outcome"] == "succeeds"
    assert {"power": "AUSTRIA", "type": "F", "loc": "alb"} in reply["units"]
    assert reply["next_phase"] == "F1901M"


def test_builds_report_the_unit_built() -> None:
    status, reply = _one({
        "phase": "W1901A",
        "units": [{"power": "RUSSIA", "type": "A", "loc": "war"}],
        "centers": {"RUSSIA": ["war", "stp", "mos"]},
        "orders": {"RUSSIA": ["Build F St Petersburg", "b f stp/nc", "WAIVE"]},
    })
    assert status == 0
    first, second, third = reply["results"]
    assert first["outcome"] == "fails" and "stp/nc or stp/sc" in first["reason"]
    assert second["unit"] == {"type": "F", "loc": "stp/nc"} and second["outcome"] == "succeeds"
    assert third["unit"] is None and third["outcome"] == "succeeds"
    assert reply["next_phase"] == "S1902M"


def _units(*specs: str) -> list[dict[str, str]]:
    """'FRANCE A bel' -> the unit as JSON."""
    return [dict(zip(("power", "type", "loc"), spec.split(), strict=True)) for spec in specs]


def _sorted(items: list[dict[str, Any]]) -> list[str]:
    return sorted(json.dumps(i, sort_keys=True) for i in items)


def test_standard_views_show_every_viewer_everything() -> None:
    status, reply = _one({**ISSUE_REQUEST, "orders": {"ENGLAND": ["F NTH - PIC", "F Nth-Hol"]},
                          "views": ["FRANCE", "OBSERVER", "MASTER"]})
    assert status == 0 and set(reply["views"]) == {"FRANCE", "OBSERVER", "MASTER"}
    for view in reply["views"].values():
        assert _sorted(view["results"]) == _sorted(reply["results"])
        assert (view["units"], view["centers"]) == (reply["units"], reply["centers"])
        assert view["sightings"] == view["notices"] == view["dislodged"] == []


@pytest.mark.parametrize(
    ("views", "message"),
    [(["FRANCE", "PLAYER"], "unknown viewer 'PLAYER'"),
     ([["FRANCE"]], "a viewer in 'views' is a name"),
     ("FRANCE", "'views' must be a list")],
)
def test_views_refuse_what_names_no_viewer(views: Any, message: str) -> None:
    status, reply = _one({"views": views})
    assert status == 1 and message in reply["error"]


# Two players, France and Germany, nobody else's diplomats: France's army in Belgium,
# supported from the North Sea, dislodges the German fleet in Holland; Munich walks to the
# empty Ruhr and each player's diplomat moves where no other diplomat is. Germany's last
# line cannot be read: it is his and the master's only.
HIDDEN = {
    "variant": "envoy", "phase": "S1914M",
    "units": _units("FRANCE A bel", "FRANCE F nth", "FRANCE D fra", "GERMANY F hol",
                    "GERMANY A mun", "GERMANY D ger"),
    "orders": {"FRANCE": ["A Bel-Hol", "F Nth S A Bel-Hol", "D Fra-Spa"],
               "GERMANY": ["A Mun-Ruh", "D Ger-Den", "D Ger-Pqr"]},
    "views": ["FRANCE", "GERMANY", "MASTER"],
}


def _hidden(mode: str) -> dict[str, Any]:
    status, reply = _one({**HIDDEN, "state": {"players": ["FRANCE", "GERMANY"], "hidden": mode}})
    assert status == 0
    return reply


def _orders(view: dict[str, Any]) -> set[str]:
    return {f"{r['power']} {r['order']}" for r in view["results"]}


def test_stab_envoy_views_hide_what_rule_12_does_not_reveal() -> None:
    views = _hidden("stab")["views"]
    france, germany = views["FRANCE"], views["GERMANY"]
    # 12d: the attack on Holland is told, its support is not; Munich met nobody.
    assert _orders(france) == {"FRANCE A Bel-Hol", "FRANCE F Nth S A Bel-Hol",
                               "FRANCE D Fra-Spa"}
    assert france["sightings"] == [{"power": "GERMANY", "type": "F", "loc": "hol",
                                    "dislodged": True}]
    assert not {u["loc"] for u in france["units"]} & {"ruh", "den", "mun", "ger"}
    assert _orders(germany) == {"FRANCE A Bel-Hol", "GERMANY F HOL H", "GERMANY A Mun-Ruh",
                                "GERMANY D Ger-Den", "GERMANY D Ger-Pqr"}
    # 12b: every retreat, with the retreats each may be told (issue #13 item 3): Germany
    # cannot see France's fleet in the North Sea (a support is not told), so it is not told
    # the North Sea is barred; 12a: the players' powers.
    assert [d["retreats"] for d in france["dislodged"]] == [["hel", "kie"]]
    assert [d["retreats"] for d in germany["dislodged"]] == [["hel", "kie", "nth"]]
    assert [d["loc"] for d in france["dislodged"]] == [d["loc"] for d in germany["dislodged"]]
    assert sorted((n["topic"], n["powers"]) for n in france["notices"]) == [
        ("players", ["FRANCE"]), ("players", ["GERMANY"])]
    assert "seed" not in france["state"]
    assert len(views["MASTER"]["results"]) == 7


def test_secret_envoy_views_hide_diplomats_out_of_contact() -> None:
    reply = _hidden("secret")
    france, master = reply["views"]["FRANCE"], reply["views"]["MASTER"]
    # Rule 11: armies and fleets are public, the German diplomat's move is not.
    assert _orders(france) == _orders(master) - {"GERMANY D Ger-Den", "GERMANY D Ger-Pqr"}
    assert {"power": "GERMANY", "type": "A", "loc": "ruh"} in france["units"]
    assert {"power": "GERMANY", "type": "D", "loc": "den"} not in france["units"]
    assert master["units"] == reply["units"]


POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def _allocate(players: dict[str, list[str]], seed: int = 7) -> dict[str, str]:
    status, reply = _one({"variant": "envoy", "allocate": {"players": players, "seed": seed}})
    assert status == 0 and reply["seed"] == seed
    given: dict[str, str] = reply["allocation"]
    return given


def test_allocation_gives_first_choices_that_differ() -> None:
    assert _allocate({"alice": ["FRANCE", "ITALY"], "bob": ["GERMANY", "FRANCE"]}) == {
        "alice": "FRANCE", "bob": "GERMANY"}


def test_allocation_of_the_same_first_choice_gives_both_their_second() -> None:
    # Envoy 2: "allocated to their first choice countries unless they happen to be the
    # same, in which case they are allocated their second choice": nobody gets France.
    assert _allocate({"alice": ["FRANCE", "GERMANY"], "bob": ["FRANCE", "ITALY"]}) == {
        "alice": "GERMANY", "bob": "ITALY"}


def test_identical_lists_draw_lots_winner_first_loser_second_choice() -> None:
    lines = [json.dumps({"variant": "envoy", "allocate": {
        "players": {"alice": POWERS, "bob": POWERS}, "seed": seed}}) for seed in range(8)]
    done = _run("\n".join([*lines, lines[0]]) + "\n", "--jsonl")
    given = [json.loads(line)["allocation"] for line in done.stdout.splitlines()]
    assert given[-1] == given[0]  # the same seed draws the same lots
    assert {tuple(sorted(g.values())) for g in given} == {("AUSTRIA", "ENGLAND")}
    assert {g["alice"] for g in given} == {"AUSTRIA", "ENGLAND"}  # either may win the lot


def test_allocation_gives_each_of_seven_players_one_power() -> None:
    players = {f"p{i}": POWERS[i:] + POWERS[:i] for i in range(7)}
    given = _allocate(players)
    assert given == {f"p{i}": POWERS[i] for i in range(7)}  # every first choice differs
    same = _allocate({f"p{i}": POWERS for i in range(7)}, seed=3)
    assert sorted(same.values()) == POWERS


@pytest.mark.parametrize(
    ("allocate", "message"),
    [
        ({"players": {"alice": ["FRANCE", "NARNIA"], "bob": []}}, "unknown power 'NARNIA'"),
        ({"players": {"alice": ["FRANCE", "FRANCE"], "bob": []}}, "names a power twice"),
        ({"players": {"alice": ["FRANCE"]}}, "Envoy takes 2 to 7 players, not 1"),
        ({"players": {"a": [], "b": []}, "seed": "x"}, "'seed' must be an integer"),
        ({"players": {"a": [["FRANCE"]], "b": []}}, "unknown power ['FRANCE']"),
        ([], "'allocate' must be an object"),
    ],
)
def test_allocation_errors(allocate: Any, message: str) -> None:
    status, reply = _one({"variant": "envoy", "allocate": allocate})
    assert status == 1 and message in reply["error"]


def test_an_allocation_is_not_mixed_with_a_phase() -> None:
    status, reply = _one({"allocate": {"players": {"a": ["FRANCE"]}}, "orders": {}})
    assert status == 1 and "takes only 'variant' and 'allocate'" in reply["error"]


def test_a_variant_without_its_own_allocation_uses_the_classic_deal() -> None:
    status, reply = _one({"allocate": {"players": {"alice": ["FRANCE"],
                                                   "bob": ["FRANCE", "ITALY"]}, "seed": 1}})
    # Standard: players in an order drawn by lot take their best choice still free.
    assert status == 0 and "FRANCE" in reply["allocation"].values()
    assert len(set(reply["allocation"].values())) == 2


def test_a_view_shows_what_the_knowledge_record_gains() -> None:
    before = {"phase": "S1901M", "units": [], "owners": {}}
    status, reply = _one({"orders": {"FRANCE": ["A par - bur"]}, "views": ["FRANCE"],
                              "knowledge": {"FRANCE": before}})
    assert status == 0
    known = reply["views"]["FRANCE"]["knowledge"]
    assert known["phase"] == "F1901M"  # the standard record: the board as last seen
    assert {"power": "FRANCE", "type": "A", "loc": "bur"} in known["units"]
    status, bad = _one({"views": ["FRANCE"], "knowledge": {"FRANCE": 3}})
    assert "'knowledge' must map each viewer to its record" in bad["error"]
