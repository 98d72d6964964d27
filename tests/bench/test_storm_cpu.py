"""The storm's CPU accounting (bench/storm_cpu.py, bench/storm_account.py): a part's CPU
includes the children it reaped, the rest of the machine is "others", and the figures per
1,000 turns follow from the seconds measured."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from storm_account import per_thousand
from storm_cpu import Meter, process_cpu, rooted, tree

# A shell that runs a child burning about 0.4 s of CPU, reaps it, then idles: the
# child's CPU is only in the shell's cutime once the child is gone.
BURN = (f"{sys.executable} -c 'import time\nend = time.process_time() + 0.4\n"
        "while time.process_time() < end: pass'; echo done; sleep 30")


def test_a_tree_is_its_root_and_everything_below_it() -> None:
    parents = {1: 0, 10: 1, 11: 10, 12: 11, 20: 1, 21: 20}
    assert tree(10, parents) == {10, 11, 12}
    assert tree(20, parents) == {20, 21}
    assert tree(99, parents) == set()  # gone


def test_a_part_counts_the_cpu_of_children_it_has_reaped() -> None:
    shell = subprocess.Popen(["sh", "-c", BURN], stdout=subprocess.PIPE, text=True)
    try:
        meter = Meter({"shell": rooted(lambda: shell.pid)})
        meter.read("before")
        assert shell.stdout is not None and shell.stdout.readline() == "done\n"
        meter.read("after")
        used = meter.since("before", "after", wall=1.0)
    finally:
        shell.kill()
        shell.wait()
    # The burner ran after the first reading and was reaped before the second.
    assert 0.3 <= used["shell"] <= 1.0
    assert used["machine"] >= used["shell"]
    assert used["others"] == pytest.approx(
        used["machine"] - used["shell"] - used["bench"], abs=0.02)
    assert used["cores"] >= 1 and used["wall"] == 1.0


def test_a_gone_process_counts_nothing() -> None:
    done = subprocess.Popen(["true"])
    done.wait()
    time.sleep(0.01)
    assert process_cpu(done.pid) == 0.0


def test_per_thousand_turns_and_the_bound_they_set() -> None:
    cpu = {"workers": 20.0, "database": 6.0, "postfix": 1.0, "dovecot": 1.0,
           "machine": 30.0, "cores": 2.0, "wall": 16.0}
    # 500 turns: twice these per 1,000; (40 + 12 + 4) / 2 cores = 28 s at best.
    assert per_thousand(cpu, 500) == {"W": 40.0, "D": 12.0, "M": 4.0, "bound_s": 28.0,
                                      "busy_cores": 1.88}
