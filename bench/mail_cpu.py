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

from storm_cpu import PROC, TICK, parent_pids, pidfile, process_cpu, tree

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


def process_name(pid: int) -> str:
    """The process's command name (proc(5) comm: Postfix's `smtpd`, Dovecot's `imap`)."""
    try:
        return (PROC / str(pid) / "comm").read_text().strip()
    except OSError:
        return "?"


def by_name(group: str, pids: set[int]) -> dict[str, float]:
    """The CPU seconds of a server group's processes by command name (`postfix/cleanup`).
    A process that ended inside the run is counted in its parent's (the master's) time."""
    found: dict[str, float] = {}
    for pid in pids:
        key = f"{group}/{process_name(pid)}"
        found[key] = found.get(key, 0.0) + process_cpu(pid)
    return found


@dataclass
class Snapshot:
    seconds: dict[str, float]
    busy: float
    total: float
    wall: float
    threads: dict[int, float] = field(default_factory=dict)
    names: dict[str, float] = field(default_factory=dict)


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
    # The servers' CPU seconds by process name ("dovecot/imap", "postfix/smtpd" ...).
    names: dict[str, float] = field(default_factory=dict)

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
                   + " ".join(f"{v:.2f}" for v in self.threads) if self.threads else "")
                + "\n  servers' ms/msg by process: "
                + ", ".join(f"{name} {seconds * 1000 / messages:.2f}"
                            for name, seconds in sorted(self.names.items(),
                                                        key=lambda item: -item[1])
                            if abs(seconds) * 1000 / messages >= 0.01))


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
        trees = {group: tree(root, parents) if root else set()
                 for group, root in roots.items()}
        seconds = {group: sum(process_cpu(pid) for pid in pids) for group, pids in trees.items()}
        names = {**by_name("postfix", trees["postfix"]), **by_name("dovecot", trees["dovecot"])}
        seconds["clients"] = process_cpu(os.getpid())
        busy, total = machine_seconds()
        threads = thread_seconds(self.judge) if self.judge else {}
        return Snapshot(seconds, busy, total, time.monotonic(), threads, names)

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
                           for t in sorted(end.threads)],
                          {name: end.names[name] - start.names.get(name, 0.0)
                           for name in end.names})
