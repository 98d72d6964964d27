"""One storm configuration run (issue #18): the workers started before the deadline, the
database polled until every turn is processed and every report queued, the mailboxes
until every report is delivered; CPU accounted meanwhile (storm_account.py).

How the reports are delivered (`deliver`): DURING, as a judge does, each worker's senders
sending the reports as its turns queue them, so that Postfix and Dovecot share the cores
with the workers while the turns are processed; or AFTER: the workers send nothing
(`[outbox] senders = 0`) and one more `judge serve`, with senders, starts once every turn
is processed and sends them all. AFTER measures the processing alone, the workers' part
of the machine not shared with the mail servers: how processing scales with the workers.
APART: the workers send nothing and a `judge serve --send-only` started with them sends
the reports as they are queued (docs/deployment.md, "A sender process"): a judge whose
senders run in a process of their own.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from mail_game import PLAYERS
from storm_account import Accounting, tallies
from storm_games import counts, delivered, last_sent, set_deadline, set_up

from judge.store.db import Database, upgrade
from tests.integration.workers_helpers import Worker
from tests.mailstack import MailStack

DURING, AFTER, APART = "during", "after", "apart"
# What a worker logs for each turn it processed (judge/turns/deadlines.py, _process).
PROCESSED = ": processed ("


@dataclass(frozen=True)
class Figures:
    processed_s: float
    delivered_s: float
    # Until the last report was handed to Postfix (its outbox row's sent_at): with
    # delivered_s, whether the judge's sender or Postfix and Dovecot set the pace.
    sent_s: float
    peak_rss_mb: float
    workers_rss_mb: list[float]
    workers_turns: list[int]  # turns each worker processed (its log), to see them shared
    load: tuple[float, float]  # the 1-minute load average at the deadline, at the end
    # CPU seconds per part while processing and while delivering (bench/storm_account.py)
    cpu: dict[str, dict[str, Any]]
    sweeps: list[dict[str, float]]  # each worker's scheduler tally
    pg_activity: dict[str, float]  # PostgreSQL's backends by state while processing
    pg_statements: dict[str, int]  # what they were running or waiting on, by samples
    deliver: str = DURING  # DURING or AFTER the processing (the module's docstring)


@dataclass(frozen=True)
class Storm:
    """What one configuration runs: its name, database, workers and how it delivers."""

    name: str
    url: str
    workers: int
    games: int
    deliver: str = DURING
    env: Mapping[str, str] | None = None  # the workers' environment changed


def run(storm: Storm, stack: MailStack, base: Path, timeout: float, lead: float,
        cluster_data: Path | None = None) -> Figures:
    """One configuration; `cluster_data`: the PostgreSQL cluster's data folder (its
    server's CPU is accounted), None on SQLite."""
    migrate(storm.url, storm.env)
    db = Database(storm.url)
    set_up(db, storm.games, stack.domain)
    quiet = {"JUDGE_SENDERS": "0"} if storm.deliver in (AFTER, APART) else {}
    workers = [Worker(f"{storm.name}-w{i}", storm.url, base, stack.smtp_port, JUDGE_LISTEN="",
                      **{**(storm.env or {}), **quiet}) for i in range(1, storm.workers + 1)]
    sender = Worker(f"{storm.name}-sender", storm.url, base, stack.smtp_port, JUDGE_LISTEN="",
                    **(storm.env or {})) if storm.deliver in (AFTER, APART) else None
    if sender is not None and storm.deliver == APART:
        sender.serve_args = ("--send-only",)
    deadline = datetime.now(UTC) + timedelta(seconds=lead)
    set_deadline(db, deadline)
    try:
        offsets = _start(storm.name, [*workers, *([sender] if storm.deliver == APART
                                                  and sender else [])], deadline)
        extra = {} if sender is None else {"sender": _part(sender)}
        accounting = Accounting([_pid(w) for w in workers], stack,
                                None if cluster_data is None else (cluster_data, storm.url),
                                extra)
        return _storm(storm, db, (workers, offsets, sender), accounting, (deadline, timeout),
                      stack)
    finally:
        for worker in [*workers, *([sender] if sender else [])]:  # each one stopped
            with contextlib.suppress(Exception):
                if worker.alive:
                    worker.stop()
            worker.kill()
        db.dispose()


def migrate(url: str, env: Mapping[str, str] | None) -> None:
    """The database at the schema of the tree its workers run from: another tree's
    migrations (`--tree`) may end before or after this one's."""
    if not env or "PYTHONPATH" not in env:
        upgrade(url)
        return
    subprocess.run([sys.executable, "-c", "import sys; from judge.store.db import upgrade; "
                    "upgrade(sys.argv[1])", url], env={**os.environ, **env}, check=True,
                   cwd=env["PYTHONPATH"])  # -c puts the folder it runs in first on the path


def _part(worker: Worker) -> Callable[[Mapping[int, int]], list[int]]:
    """The worker's process once it is started (none before)."""
    def pids(parents: Mapping[int, int]) -> list[int]:
        process = worker.process
        return [process.pid] if process is not None and process.pid in parents else []
    return pids


def _start(name: str, workers: list[Worker], deadline: datetime) -> list[int]:
    """The workers started together; their logs' offsets before this run."""
    offsets = [worker.launch() for worker in workers]
    for worker, offset in zip(workers, offsets, strict=True):
        worker.wait_ready(offset)
    if datetime.now(UTC) >= deadline:
        raise RuntimeError(f"{name}: the workers were not up before the deadline; "
                           "give them a longer --lead")
    return offsets


def _storm(storm: Storm, db: Database, started: tuple[list[Worker], list[int], Worker | None],
           accounting: Accounting, times: tuple[datetime, float], stack: MailStack) -> Figures:
    (workers, offsets, sender), (deadline, timeout) = started, times
    name, games = storm.name, storm.games
    reports = games * (len(PLAYERS) + 1)
    at_deadline = time.monotonic() + (deadline - datetime.now(UTC)).total_seconds()
    time.sleep(max(at_deadline - time.monotonic(), 0.0))
    accounting.at_deadline()
    load_then = os.getloadavg()[0]
    processed = wait_until(f"{name}: processing", lambda: counts(db, games) == (games, reports),
                           timeout) - at_deadline
    accounting.at_processed()
    if sender is not None and storm.deliver == AFTER:
        sender.start()
    arrived = wait_until(f"{name}: delivery", lambda: delivered(stack) >= reports,
                         timeout) - at_deadline
    accounting.at_delivered()
    load = (round(load_then, 2), round(os.getloadavg()[0], 2))
    rss = [round(peak_rss_mb(worker), 1) for worker in workers]
    for worker in workers:  # stopped, so that each logs its scheduler's tally
        worker.stop()
    logs = [worker.log_text(offset) for worker, offset in zip(workers, offsets[:len(workers)],
                                                              strict=True)]
    return Figures(round(processed, 2), round(arrived, 2), round(last_sent(db, deadline), 2),
                   max(rss), rss, [text.count(PROCESSED) for text in logs], load,
                   accounting.windows(processed, arrived), tallies(logs), accounting.activity,
                   accounting.statements, storm.deliver)


def wait_until(what: str, done: Callable[[], bool], timeout: float) -> float:
    """The monotonic time once `done`, polling twice a second; raises after `timeout`."""
    started = time.monotonic()
    while not done():
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.5)
    return time.monotonic()


def _pid(worker: Worker) -> int:
    assert worker.process is not None
    return worker.process.pid


def peak_rss_mb(worker: Worker) -> float:
    status = Path(f"/proc/{_pid(worker)}/status").read_text()
    kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM"))
    return kb / 1024
