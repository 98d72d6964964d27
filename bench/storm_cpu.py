"""Where a storm's CPU went (issue #18): the CPU seconds each part of a configuration used
between two moments, read from /proc, so that a speed-up (or its absence) can be explained
from figures: the workers, the database server, Postfix, Dovecot, the bench itself, and
the whole machine (the rest is other people's: this machine is shared).

A part is a process tree: its processes' own CPU plus what their reaped children used
(`cutime`, `cstime`), so the short-lived ones (a PostgreSQL backend that ended, Postfix's
smtpd and lmtp clients, Dovecot's lmtp sessions) count too.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PROC = Path("/proc")


def _stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command (which may hold spaces); None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def process_cpu(pid: int) -> float:
    """The process's CPU seconds (every thread), with those of its reaped children."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    # After the command: state ppid ... utime(12) stime(13) cutime(14) cstime(15), 0-based.
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICK


def parent_pids() -> dict[int, int]:
    """Every live process's parent, by pid."""
    found: dict[int, int] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None:
                found[int(entry.name)] = int(fields[1])
    return found


def tree(root: int, parents: Mapping[int, int]) -> set[int]:
    """`root` and every process below it."""
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    found, todo = set[int](), [root]
    while todo:
        pid = todo.pop()
        if pid in parents and pid not in found:
            found.add(pid)
            todo += children.get(pid, [])
    return found


def pidfile(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def machine_busy() -> float:
    """CPU seconds every core of the machine has spent busy since it started."""
    values = [int(v) for v in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = values[:8]
    return (user + nice + system + irq + softirq + steal) / TICK


def bench_cpu() -> float:
    """This process's CPU and that of the children it waited for (doveadm, psql)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


# A part's processes, found afresh at each reading: a tree's root pid, or a list of pids.
Part = Callable[[Mapping[int, int]], Iterable[int]]


def rooted(*roots: Callable[[], int | None]) -> Part:
    """The trees of the pids the callables give (a pid file read at each reading)."""
    def pids(parents: Mapping[int, int]) -> set[int]:
        found = set[int]()
        for root in roots:
            pid = root()
            if pid is not None:
                found |= tree(pid, parents)
        return found
    return pids


@dataclass
class Meter:
    """Readings of named parts; `since(a, b)` the CPU each used between two of them."""

    parts: dict[str, Part]
    readings: dict[str, dict[str, float]] = field(default_factory=dict)

    def read(self, moment: str) -> None:
        parents = parent_pids()
        reading = {name: sum(process_cpu(pid) for pid in part(parents))
                   for name, part in self.parts.items()}
        reading["bench"] = bench_cpu()
        reading["machine"] = machine_busy()
        self.readings[moment] = reading

    def since(self, start: str, end: str, wall: float) -> dict[str, float]:
        """CPU seconds per part from `start` to `end`; `others`: the machine's busy time
        that none of them used (other people's work); `cores`: the machine's; `wall`."""
        before, after = self.readings[start], self.readings[end]
        used = {name: round(max(after[name] - before[name], 0.0), 2) for name in after}
        ours = sum(v for name, v in used.items() if name != "machine")
        used["others"] = round(max(used["machine"] - ours, 0.0), 2)
        used["cores"] = float(os.cpu_count() or 1)
        used["wall"] = round(wall, 2)
        return used


# What a PostgreSQL client backend is doing, by pg_stat_activity: on the server's CPU
# ("running"), waiting for a row or transaction lock another worker holds ("lock"), for
# the server's own I/O or internal locks ("server_wait"), or for its worker: inside a
# transaction ("worker_in_tx": the worker computes, or waits for its interpreter lock,
# between two statements) or between transactions ("idle").
_ACTIVITY = """
SELECT CASE WHEN state = 'idle' THEN 'idle'
            WHEN state LIKE 'idle in transaction%' THEN 'worker_in_tx'
            WHEN wait_event_type = 'Lock' THEN 'lock'
            WHEN wait_event_type IS NULL THEN 'running'
            WHEN wait_event_type = 'Client' THEN 'worker_in_tx'
            ELSE 'server_wait' END,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 60)
FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
  AND backend_type = 'client backend'
"""
# The statements seen on the server's CPU or waiting for a lock: a sampled profile.
PROFILED = ("running", "lock")
STATES = ("running", "lock", "server_wait", "worker_in_tx", "idle")


class Activity:
    """pg_stat_activity sampled in a thread of its own (`every` seconds) between start
    and stop: the average number of the database's backends in each state, and
    (`statements`) how often each statement was seen running or waiting for a lock."""

    def __init__(self, url: str, every: float = 0.05) -> None:
        import sqlalchemy as sa

        self._engine = sa.create_engine(url)
        self._query = sa.text(_ACTIVITY)
        self._every = every
        self._counts = dict.fromkeys(STATES, 0)
        self.statements: Counter[str] = Counter()
        self._samples = 0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self) -> Activity:
        self._thread = threading.Thread(target=self._run, name="pg-activity", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> dict[str, float]:
        """The average number of backends in each state, over the samples taken."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._engine.dispose()
        samples = max(self._samples, 1)
        return {"samples": float(self._samples),
                **{state: round(n / samples, 3) for state, n in self._counts.items()}}

    def _run(self) -> None:
        with self._engine.connect() as connection:
            connection = connection.execution_options(isolation_level="AUTOCOMMIT")
            while not self._stop.wait(self._every):
                for state, query in connection.execute(self._query):
                    self._counts[state] += 1
                    if state in PROFILED:
                        self.statements[f"{state}: {query}"] += 1
                self._samples += 1
