"""The storm's accounting (issue #18): for one configuration, the CPU each part used while
the turns were processed and while the reports were delivered (bench/storm_cpu.py), what
PostgreSQL's backends were doing meanwhile, and each worker's sweeping (its log's
scheduler line); and the table that explains a configuration's speed from them.

Per 1,000 turns, processing costs W worker-CPU-seconds, D database-CPU-seconds and M
mail-server-CPU-seconds (the reports sent meanwhile); with C cores free for it, no
configuration can process 1,000 turns in less than (W + D + M) / C seconds, nor one
worker in less than W (a worker is one process with one interpreter lock).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from storm_cpu import Activity, Meter, Part, pidfile, rooted

from tests.mailstack import MailStack

# What judge/turns/scheduler.py logs when a worker stops (Tally.__str__).
# (A tree from before the moved-on games were told apart logs no such count.)
_TALLY = re.compile(r"scheduler: (\d+) sweeps, (\d+) games found busy, (?:(\d+) moved on "
                    r"by another, )?([\d.]+) s wall, ([\d.]+) s CPU sweeping")
MAIL_PARTS = ("postfix", "dovecot")
STATEMENTS = 8


def _one(pid: int) -> Part:
    return lambda parents: [pid] if pid in parents else []


class Accounting:
    """Readings at the deadline, when processing is done, when delivery is done."""

    def __init__(self, worker_pids: Sequence[int], stack: MailStack,
                 database: tuple[Path, str] | None,
                 extra: Mapping[str, Part] | None = None) -> None:
        """`database`: the PostgreSQL cluster's data folder and the configuration's URL;
        None for SQLite (the database is inside the workers); `extra`: more parts (the
        sender that starts once the turns are processed, storm_run.AFTER)."""
        parts: dict[str, Part] = {f"worker{n}": _one(pid)
                                  for n, pid in enumerate(worker_pids, 1)}
        parts.update(extra or {})
        spool = stack.base / "postfix" / "spool" / "pid" / "master.pid"
        parts["postfix"] = rooted(lambda: pidfile(spool))
        dovecot = stack.base / "dovecot" / "run" / "master.pid"
        parts["dovecot"] = rooted(lambda: pidfile(dovecot))
        self._activity: Activity | None = None
        if database is not None:
            postmaster = database[0] / "postmaster.pid"
            parts["database"] = rooted(lambda: pidfile(postmaster))
            self._activity = Activity(database[1])
        self.meter = Meter(parts)
        self.activity: dict[str, float] = {}
        # The statements most often seen running or waiting for a lock, by samples.
        self.statements: dict[str, int] = {}

    def at_deadline(self) -> None:
        self.meter.read("deadline")
        if self._activity is not None:
            self._activity.start()

    def at_processed(self) -> None:
        self.meter.read("processed")
        if self._activity is not None:
            self.activity = self._activity.stop()
            self.statements = dict(self._activity.statements.most_common(STATEMENTS))

    def at_delivered(self) -> None:
        self.meter.read("delivered")

    def windows(self, processed_s: float, delivered_s: float) -> dict[str, dict[str, Any]]:
        return {"processing": _summed(self.meter.since("deadline", "processed", processed_s)),
                "delivery": _summed(self.meter.since("processed", "delivered",
                                                     delivered_s - processed_s))}


def _summed(used: dict[str, float]) -> dict[str, Any]:
    each = [v for name, v in sorted(used.items()) if name.startswith("worker")]
    rest = {name: v for name, v in used.items() if not name.startswith("worker")}
    return {"workers": round(sum(each), 2), "workers_each": each,
            "database": rest.pop("database", 0.0), **rest}


def tallies(logs: Sequence[str]) -> list[dict[str, float]]:
    """Each worker's scheduler line (the last one in its log: this run's)."""
    found = []
    for text in logs:
        lines = _TALLY.findall(text)
        sweeps, busy, moved, wall, cpu = lines[-1] if lines else ("0",) * 5
        found.append({"sweeps": int(sweeps), "busy": int(busy), "moved": int(moved or 0),
                      "wall_s": float(wall), "cpu_s": float(cpu)})
    return found


def per_thousand(cpu: dict[str, Any], games: int) -> dict[str, float]:
    """W, D, M per 1,000 turns, and the bounds they set on `cores` cores."""
    scale = 1000 / games
    w, d = cpu["workers"] * scale, cpu["database"] * scale
    m = sum(cpu[part] for part in MAIL_PARTS) * scale
    return {"W": round(w, 1), "D": round(d, 1), "M": round(m, 1),
            "bound_s": round((w + d + m) / cpu["cores"], 1),
            "busy_cores": round(cpu["machine"] / cpu["wall"], 2) if cpu["wall"] else 0.0}


def table(games: int, accounts: dict[str, dict[str, Any]]) -> str:
    """Per configuration: CPU seconds while processing, and what they imply."""
    lines = ["CPU seconds from the deadline until processed (per part; others: the rest of "
             "the machine's busy time, other people's work); per 1,000 turns: W workers, "
             "D database, M mail servers; bound: (W+D+M)/cores; busy cores: the machine's",
             f"{'configuration':<18} {'wall':>6} {'workers':>8} {'database':>9} "
             f"{'postfix':>8} {'dovecot':>8} {'bench':>6} {'others':>7}  "
             f"{'W':>6} {'D':>6} {'M':>6} {'bound':>6} {'busy cores':>10}  "
             "sweeps (busy, moved on) wall/CPU s per worker"]
    for name, account in accounts.items():
        cpu = account["cpu"]["processing"]
        k = per_thousand(cpu, games)
        sweeps = "  ".join(f"{t['sweeps']}({t['busy']},{t.get('moved', 0)}) "
                           f"{t['wall_s']:.1f}/{t['cpu_s']:.1f}" for t in account["sweeps"])
        lines.append(
            f"{name:<18} {cpu['wall']:>6.1f} {cpu['workers']:>8.1f} {cpu['database']:>9.1f} "
            f"{cpu['postfix']:>8.1f} {cpu['dovecot']:>8.1f} {cpu['bench']:>6.1f} "
            f"{cpu['others']:>7.1f}  {k['W']:>6.1f} {k['D']:>6.1f} {k['M']:>6.1f} "
            f"{k['bound_s']:>6.1f} {k['busy_cores']:>10.2f}  {sweeps}")
        if account.get("pg_activity"):
            states = ", ".join(f"{s} {v:.2f}" for s, v in account["pg_activity"].items()
                               if s != "samples")
            lines.append(f"{'':<18} backends on average while processing: {states}")
        lines += [f"{'':<18} {count:>5} samples  {statement}"
                  for statement, count in account.get("pg_statements", {}).items()]
    return "\n".join(lines)
