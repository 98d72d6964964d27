"""bench/mail_throughput.py --json: the medians a script checks (issue #18), from the runs'
results alone (no mail servers)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from mail_runs import BARE, BASELINE, ECHO, Result
from mail_throughput import figures


def test_medians_per_path_with_ratios_over_the_same_runs() -> None:
    results = [Result(BARE, 1, 100, 1.0), Result(ECHO, 1, 100, 2.0),
               Result("token", 1, 100, 4.0),
               Result(BARE, 2, 100, 0.5), Result(ECHO, 2, 100, 1.0),
               Result("token", 2, 100, 2.5),
               Result(BARE, 3, 100, 0.5), Result(ECHO, 3, 100, 1.0),
               Result("token", 3, 100, 1.0, failure="the judge died")]
    got = figures(results)
    assert got["bare"]["msgs_per_s"] == 200.0  # median of 100, 200, 200
    assert got["echo"]["msgs_per_s"] == 100.0  # median of 50, 100, 100
    token = got["judge"]["token"]
    assert token["msgs_per_s"] == 32.5  # median of 25, 40 (run 3 failed)
    assert token["failed_runs"] == 1
    assert token["of_echo"] == 0.45  # median of 25/50, 40/100
    assert token["of_bare"] == 0.225  # median of 25/100, 40/200


def test_a_path_with_no_good_run_has_no_rate() -> None:
    got = figures([Result(BARE, 1, 10, 1.0), Result("signon", 1, 10, 1.0, failure="died")])
    assert got["judge"]["signon"]["msgs_per_s"] is None
    assert got["echo"]["msgs_per_s"] is None


def test_a_baseline_tree_s_runs_have_their_own_section_and_cpu() -> None:
    """mail_throughput.py --baseline: the other tree's runs beside this tree's, with the
    judge process's CPU per message."""
    old = f"judge{BASELINE}, token"
    got = figures([Result(BARE, 1, 100, 1.0), Result(ECHO, 1, 100, 2.0),
                   Result("judge, token", 1, 100, 4.0, cpu_seconds=1.5),
                   Result(old, 1, 100, 5.0, cpu_seconds=2.0)])
    assert got["judge"]["judge, token"]["of_echo"] == 0.5  # 25 of 50
    assert got["judge"]["judge, token"]["cpu_ms_per_msg"] == 15.0
    assert got["baseline"][old]["of_echo"] == 0.4  # 20 of 50
    assert got["baseline"][old]["cpu_ms_per_msg"] == 20.0
    assert old not in got["judge"]


def test_cpu_budget_at_0_8_leaves_out_the_servers_clients_and_others() -> None:
    """mail_throughput.py's CPU table: what a message may cost the judge for 0.8 of echo."""
    from mail_cpu import Accounting
    from mail_throughput import cpu_table

    # Others kept 0.25 of a core busy (0.5 s over 2 s): 1.75 cores are ours. At 0.8 of
    # echo's 100 msgs/s, 100 messages take 1.25 s: 2.1875 CPU-s, of which the servers and
    # clients took 1.2 in the run: 0.9875 s for the judge, 9.875 ms a message.
    spent = Accounting({"judge": 0.9, "postfix": 0.5, "dovecot": 0.6, "clients": 0.1},
                       machine=2.6, capacity=4.0, wall=2.0)
    results = [Result(ECHO, 1, 100, 1.0),
               Result("judge, token", 1, 100, 2.0, cpu_seconds=0.9, accounting=spent)]
    row = next(line for line in cpu_table(results, cores=2) if line.startswith("judge"))
    assert row.split()[-1] == "9.9"
    assert row.split()[-2] == "1.30"  # 2.6 CPU-s busy over 2 s
    assert spent.others == 0.5


def test_the_clients_count_the_children_they_reaped(tmp_path: Path) -> None:
    """mail_cpu.py: a process that came and went inside the run still counts, through its
    parent's cutime/cstime (as a smtpd does under Postfix's master)."""
    import subprocess

    from mail_cpu import CpuMeter

    meter = CpuMeter(tmp_path)  # no mail servers: their pid files are missing
    before = meter._snapshot()
    subprocess.run([sys.executable, "-c", "sum(range(30_000_000))"], check=True)
    after = meter._snapshot()
    assert after.seconds["clients"] - before.seconds["clients"] >= 0.2
    assert after.seconds["postfix"] == after.seconds["dovecot"] == 0.0


class _Recorder:
    """Stands in for mail_runs.Bench: each run says what it would have run."""

    def __init__(self) -> None:
        self.ran: list[str] = []

    def bare(self, repeat: int) -> Result:
        return self._ran(BARE, repeat)

    def echo(self, repeat: int, *, short: bool = False) -> Result:
        return self._ran("echo short" if short else ECHO, repeat)

    def judge(self, path: str, repeat: int, *, baseline: bool = False) -> Result:
        return self._ran(path + (BASELINE if baseline else ""), repeat)

    def _ran(self, name: str, repeat: int) -> Result:
        self.ran.append(name)
        return Result(name, repeat, 1, 1.0)


def _order(repeat: int, *argv: str) -> list[str]:
    from mail_throughput import parse_args, repeat_order

    recorder = _Recorder()
    for step in repeat_order(parse_args(["--paths", "token,signon", *argv]), repeat):
        step(recorder, repeat)  # type: ignore[arg-type]  # duck-typed Bench
    return recorder.ran


def test_every_second_repeat_runs_in_the_reverse_order() -> None:
    """The servers slow over a stack's first runs (bench/README.md): the relay must not
    always run before the judge, nor the baseline tree always after this one."""
    first = [BARE, ECHO, "token", "signon"]
    assert _order(1) == first
    assert _order(2) == first[::-1]
    assert _order(3) == first
    both = [BARE, ECHO, "token", "token" + BASELINE, "signon", "signon" + BASELINE]
    assert _order(1, "--baseline", "/tmp") == both
    assert _order(2, "--baseline", "/tmp") == both[::-1]
