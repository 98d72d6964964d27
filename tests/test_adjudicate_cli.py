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
