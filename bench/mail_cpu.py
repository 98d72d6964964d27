"""The mail bench's CPU accounting: whose CPU a run used, so a rate can be read against the
machine's two cores.

Per run, the CPU seconds (user + system) of: the judge (its process tree), Postfix (the tree
under its master: smtpd, cleanup, qmgr, lmtp, trivial-rewrite ...), Dovecot (the tree under
its master: imap, lmtp, auth ...), the bench's own clients (this process: the SMTP sender,
the IMAP counters, and in the echo run the relay thread), and the whole machine from
/proc/stat, so that what nobody of ours used (other sessions on a shared machine) shows too.

A process tree's time is the sum over its live processes of their own and their reaped
children's time (proc(5): utime, stime, cutime, cstime): the masters reap the short-lived
smtpd and lmtp processes, so a process that came and went inside the run is counted. The
reading of /proc is the storm's (storm_cpu.py).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from storm_cpu import TICK, parent_pids, pidfile, process_cpu, tree

GROUPS = ("judge", "postfix", "dovecot", "clients")


def machine_seconds() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine since boot, every core (proc(5))."""
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    total = sum(values[:8])  # guest time is already in user
    return (total - idle) / TICK, total / TICK


def thread_seconds(pid: int) -> dict[int, float]:
    """Each thread's CPU seconds, by thread id (in start order, as ids are handed out)."""
    found: dict[int, float] = {}
    try:
        tids = [int(entry.name) for entry in os.scandir(f"/proc/{pid}/task")]
    except OSError:
        return found
    for tid in tids:
        try:
            text = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue
        fields = text.rpartition(")")[2].split()
        found[tid] = (int(fields[11]) + int(fields[12])) / TICK
    return found


@dataclass
class Snapshot:
    seconds: dict[str, float]
    busy: float
    total: float
    wall: float
    threads: dict[int, float] = field(default_factory=dict)


@dataclass
class Accounting:
    """CPU seconds over one run, by group; `machine`: the whole machine's busy CPU
    seconds, `capacity` its CPU seconds busy or not, over `wall` seconds."""
    seconds: dict[str, float] = field(default_factory=dict)
    machine: float = 0.0
    capacity: float = 0.0
    wall: float = 0.0
    # The judge's threads' CPU seconds in their start order (`judge serve`: main, the
    # scheduler's, worker, senders, poller), those that ran at all.
    threads: list[float] = field(default_factory=list)

    @property
    def cores(self) -> float:
        """How many cores were busy on average."""
        return self.machine / self.wall if self.wall else 0.0

    @property
    def others(self) -> float:
        return max(0.0, self.machine - sum(self.seconds.values()))

    def line(self, messages: int) -> str:
        parts = [f"{group} {self.seconds.get(group, 0.0):.2f}" for group in GROUPS]
        per = {g: self.seconds.get(g, 0.0) * 1000 / messages for g in GROUPS}
        return (f"CPU-s over {self.wall:.2f} s: {', '.join(parts)}, others {self.others:.2f}; "
                f"machine busy {self.machine:.2f} of {self.capacity:.2f} "
                f"({self.cores:.2f} cores); ms/msg: "
                + ", ".join(f"{g} {v:.1f}" for g, v in per.items())
                + ("; judge threads in start order: "
                   + " ".join(f"{v:.2f}" for v in self.threads) if self.threads else ""))


class CpuMeter:
    """Snapshots of the groups' CPU: `start()` before a run, `stop()` after it."""

    def __init__(self, stack_base: Path) -> None:
        self.postfix = stack_base / "postfix" / "spool" / "pid" / "master.pid"
        self.dovecot = stack_base / "dovecot" / "run" / "master.pid"
        self.judge: int | None = None
        self._start: Snapshot | None = None

    def _snapshot(self) -> Snapshot:
        parents = parent_pids()
        roots = {"judge": self.judge, "postfix": pidfile(self.postfix),
                 "dovecot": pidfile(self.dovecot)}
        seconds = {group: sum(process_cpu(pid) for pid in tree(root, parents)) if root else 0.0
                   for group, root in roots.items()}
        seconds["clients"] = process_cpu(os.getpid())
        busy, total = machine_seconds()
        threads = thread_seconds(self.judge) if self.judge else {}
        return Snapshot(seconds, busy, total, time.monotonic(), threads)

    def start(self, judge: int | None = None) -> None:
        self.judge = judge
        self._start = self._snapshot()

    def stop(self) -> Accounting:
        assert self._start is not None, "stop() before start()"
        end, start = self._snapshot(), self._start
        return Accounting({g: end.seconds[g] - start.seconds[g] for g in end.seconds},
                          end.busy - start.busy, end.total - start.total,
                          end.wall - start.wall,
                          [end.threads[t] - start.threads.get(t, 0.0)
                           for t in sorted(end.threads)])
