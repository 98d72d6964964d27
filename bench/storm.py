"""The deadline storm (issue #18): N games whose deadlines fall in the same second, each with
seven players' full order sets, processed by `judge serve` workers and their reports
delivered through Postfix into Dovecot; for one worker on SQLite and 1, 2 and 4 workers
on PostgreSQL, side by side in one run.

    python bench/storm.py --games 1000 --json storm.json

Per configuration: processed_s (from the deadline until every turn is processed and every
report is in the outbox), delivered_s (until every report is in its Dovecot mailbox), and
peak_rss_mb (the largest peak resident set of its workers, VmHWM). Root: the bench starts
its own Postfix, Dovecot and PostgreSQL (tests/mailstack.py, tests/store/pgcluster.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from mail_game import ORDERS, PLAYERS  # noqa: E402
from storm_account import Accounting, tallies  # noqa: E402
from storm_account import table as cpu_table  # noqa: E402

from judge.game import lifecycle  # noqa: E402
from judge.game.clock import SystemClock  # noqa: E402
from judge.game.games import seats_of  # noqa: E402
from judge.game.passwords import hash_password  # noqa: E402
from judge.store import repo  # noqa: E402
from judge.store.db import Database, upgrade  # noqa: E402
from judge.store.models import Account, OutboxMessage, SeatRole, Turn  # noqa: E402
from tests.integration.workers_helpers import Worker  # noqa: E402
from tests.mailstack import MailStack  # noqa: E402
from tests.store.pgcluster import TempCluster, find_bin_dir  # noqa: E402

MASTER = "master"
USERS = ("judge", MASTER, *PLAYERS)
CONFIGS = {"sqlite-1": ("sqlite", 1), "pg-1": ("postgres", 1), "pg-2": ("postgres", 2),
           "pg-4": ("postgres", 4)}
GAMES_PER_COMMIT = 50
# What a worker logs for each turn it processed (judge/turns/deadlines.py, _process).
PROCESSED = ": processed ("
# From the workers' start to the deadline: long enough for all of them (started at once)
# to start and plan their wake-ups; four workers on a loaded 2-core machine took over 30 s.
LEAD_SECONDS = 60.0


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


def set_up(db: Database, games: int, domain: str) -> None:
    """`games` started standard games, every power's orders stored, deadline far off."""
    # The seats' passwords are never used here: one scrypt hash for all of them, not 7N.
    one_hash = hash_password("storm")
    with mock.patch.object(lifecycle, "hash_password", lambda _password: one_hash):
        with db.unit_of_work() as session:
            master = repo.create_account(session, name="Master", address=f"{MASTER}@{domain}")
            players = {user: repo.create_account(session, name=user.title(),
                                                 address=f"{user}@{domain}")
                       for user in PLAYERS}
            master_id, player_ids = master.id, {u: a.id for u, a in players.items()}
        for start in range(0, games, GAMES_PER_COMMIT):
            with db.unit_of_work() as session:
                for number in range(start, min(start + GAMES_PER_COMMIT, games)):
                    _one_game(session, f"storm{number:05d}", master_id, player_ids)


def _one_game(session: sa.orm.Session, name: str, master_id: int,
              player_ids: dict[str, int]) -> None:
    game = lifecycle.create_game(session, name=name, password="gm", variant="standard",
                                 master=_account(session, master_id))
    for user, power in PLAYERS.items():
        lifecycle.join_game(session, game, _account(session, player_ids[user]), "storm",
                            [power])
    turn = lifecycle.start_game(session, game, SystemClock(), random.Random(1))
    for power in PLAYERS.values():
        repo.submit_orders(session, turn, power, list(ORDERS[power][0]))
    # SET WAIT by one player: complete orders would otherwise be processed at once, as soon
    # as a worker starts, not at the deadline the storm is about.
    seats_of(game, SeatRole.PLAYER)[0].waiting = True


def _account(session: sa.orm.Session, account_id: int) -> Account:
    found = repo.account_by_id(session, account_id)
    assert found is not None
    return found


def set_deadline(db: Database, deadline: datetime) -> None:
    with db.unit_of_work() as session:
        session.execute(sa.update(Turn).where(Turn.processed_at.is_(None))
                        .values(deadline=deadline))


def _counts(db: Database, games: int | None = None) -> tuple[int, int]:
    """(turns processed, reports queued); (-1, -1) while the workers keep the SQLite file's
    write lock past busy_timeout (the unit of work begins IMMEDIATE): asked again later.
    The reports are counted only once `games` turns are processed, if given (-1 before)."""
    try:
        return _count_rows(db, games)
    except sa.exc.OperationalError as exc:
        if "locked" not in str(exc):
            raise
        return -1, -1


def _count_rows(db: Database, games: int | None = None) -> tuple[int, int]:
    with db.unit_of_work() as session:
        processed = session.scalar(sa.select(sa.func.count()).select_from(Turn)
                                   .where(Turn.processed_at.is_not(None))) or 0
        # Counting the outbox twice a second was the database's busiest statement in a
        # storm (bench/README.md): a turn's reports are queued in its own transaction.
        queued = session.scalar(sa.select(sa.func.count()).select_from(OutboxMessage)) \
            if games is None or processed >= games else -1
    return processed, queued or 0


def last_sent(db: Database, deadline: datetime) -> float:
    """Seconds from the deadline to the last outbox row's record of its sending."""
    with db.unit_of_work() as session:
        last = session.scalar(sa.select(sa.func.max(OutboxMessage.sent_at)))
    assert isinstance(last, datetime), "nothing was sent"
    return (last - deadline).total_seconds()


def delivered(stack: MailStack) -> int:
    total = 0
    for user in (MASTER, *PLAYERS):
        out = stack.doveadm("-f", "flow", "mailbox", "status", "-u", user, "messages", "INBOX")
        total += int(out.strip().split("=")[-1] or 0)
    return total


def wait_until(what: str, done: Callable[[], bool], timeout: float) -> float:
    """Seconds until `done`, polling twice a second; raises after `timeout`."""
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


def run(name: str, url: str, count: int, games: int, stack: MailStack, base: Path,
        timeout: float, lead: float, cluster_data: Path | None = None,
        env: dict[str, str] | None = None) -> Figures:
    """One configuration; `cluster_data`: the PostgreSQL cluster's data folder (its
    server's CPU is accounted), None on SQLite; `env`: the workers' environment changed."""
    upgrade(url)
    db = Database(url)
    set_up(db, games, stack.domain)
    workers = [Worker(f"{name}-w{i}", url, base, stack.smtp_port, JUDGE_LISTEN="",
                      **(env or {})) for i in range(1, count + 1)]
    deadline = datetime.now(UTC) + timedelta(seconds=lead)
    set_deadline(db, deadline)
    try:
        offsets = _start(name, workers, deadline)
        accounting = Accounting([_pid(w) for w in workers], stack,
                                None if cluster_data is None else (cluster_data, url))
        return _storm(name, db, workers, offsets, accounting, (deadline, games, timeout),
                      stack)
    finally:
        for worker in workers:  # each one stopped, whatever the others do
            with contextlib.suppress(Exception):
                if worker.alive:
                    worker.stop()
            worker.kill()
        db.dispose()


def _start(name: str, workers: list[Worker], deadline: datetime) -> list[int]:
    """The workers started together; their logs' offsets before this run."""
    offsets = [worker.launch() for worker in workers]
    for worker, offset in zip(workers, offsets, strict=True):
        worker.wait_ready(offset)
    if datetime.now(UTC) >= deadline:
        raise RuntimeError(f"{name}: the workers were not up before the deadline; "
                           "give them a longer --lead")
    return offsets


def _storm(name: str, db: Database, workers: list[Worker], offsets: list[int],
           accounting: Accounting, storm: tuple[datetime, int, float],
           stack: MailStack) -> Figures:
    deadline, games, timeout = storm
    reports = games * (len(PLAYERS) + 1)
    at_deadline = time.monotonic() + (deadline - datetime.now(UTC)).total_seconds()
    time.sleep(max(at_deadline - time.monotonic(), 0.0))
    accounting.at_deadline()
    load_then = os.getloadavg()[0]
    processed = wait_until(f"{name}: processing", lambda: _counts(db, games) == (games, reports),
                           timeout) - at_deadline
    accounting.at_processed()
    arrived = wait_until(f"{name}: delivery", lambda: delivered(stack) >= reports,
                         timeout) - at_deadline
    accounting.at_delivered()
    load = (round(load_then, 2), round(os.getloadavg()[0], 2))
    rss = [round(peak_rss_mb(worker), 1) for worker in workers]
    for worker in workers:  # stopped, so that each logs its scheduler's tally
        worker.stop()
    logs = [worker.log_text(offset) for worker, offset in zip(workers, offsets, strict=True)]
    return Figures(round(processed, 2), round(arrived, 2), round(last_sent(db, deadline), 2),
                   max(rss), rss, [text.count(PROCESSED) for text in logs], load,
                   accounting.windows(processed, arrived), tallies(logs), accounting.activity,
                   accounting.statements)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"which of {', '.join(CONFIGS)} (comma-separated)")
    parser.add_argument("--lead", type=float, default=LEAD_SECONDS,
                        help="seconds from setting the deadline (workers not yet started) "
                             "to the deadline")
    parser.add_argument("--timeout", type=float, default=900.0,
                        help="seconds a configuration may take to process or deliver")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="run each configuration's workers from this judge tree too "
                             "(their PYTHONPATH), in turn with the others given: "
                             "configurations named CONFIG@NAME (the same schema)")
    args = parser.parse_args(argv)
    trees = dict(tree.split("=", 1) for tree in args.tree)
    chosen = [f"{c}@{t}" if trees else c for c in args.configs.split(",") if c
              for t in (trees or [""])]
    results: dict[str, Figures] = {}
    failed: dict[str, str] = {}
    print(f"pictures in reports: {pictures_setting()} (JUDGE_PICTURES, as the workers see it; "
          "a PNG a game turn costs a worker about 0.15 s of CPU)", flush=True)
    base = Path(tempfile.mkdtemp(prefix="storm-", dir="/tmp"))
    bin_dir = find_bin_dir()
    cluster = TempCluster(bin_dir).start() if bin_dir is not None and any(
        CONFIGS[c.split("@")[0]][0] == "postgres" for c in chosen) else None
    try:
        for number, name in enumerate(chosen):
            try:
                results[name] = one_configuration(name, number, args, base, cluster, trees)
            except (RuntimeError, TimeoutError) as exc:  # the other configurations still run
                failed[name] = str(exc)
            print(f"{name}: {results.get(name) or failed[name]}", flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    print(table(args.games, results))
    print(cpu_table(args.games, {n: asdict(f) for n, f in results.items()}))
    if args.json is not None:
        args.json.write_text(json.dumps({**{n: asdict(f) for n, f in results.items()},
                                         **{n: {"error": e} for n, e in failed.items()},
                                         "pictures": pictures_setting()}, indent=2))
    return 1 if failed else 0


def pictures_setting() -> str:
    """Whether the workers draw each report's picture: judge serve's JUDGE_PICTURES, which
    they inherit (on unless it says off)."""
    return "off" if os.environ.get("JUDGE_PICTURES", "on") == "off" else "on"


def one_configuration(name: str, number: int, args: argparse.Namespace, base: Path,
                      cluster: TempCluster | None, trees: dict[str, str]) -> Figures:
    """A configuration on a fresh database and fresh mailboxes; CONFIG@TREE: its workers
    run from that tree."""
    config, _, tree = name.partition("@")
    backend, count = CONFIGS[config]
    stack = MailStack(users=USERS).start()
    try:
        if backend == "sqlite":
            url = f"sqlite:///{base / f'{name}.sqlite3'}"
        else:
            assert cluster is not None, "PostgreSQL server binaries not found"
            cluster.psql(f"CREATE DATABASE storm{number} OWNER judge")
            url = cluster.url(f"storm{number}")
        return run(name, url, count, args.games, stack, base, args.timeout, args.lead,
                   None if cluster is None or backend == "sqlite" else cluster.data,
                   {"PYTHONPATH": trees[tree]} if tree else {})
    finally:
        stack.stop()


def table(games: int, results: dict[str, Figures]) -> str:
    lines = [f"{games} games, deadlines in the same second; seconds from the deadline:",
             f"{'configuration':<18} {'processed_s':>12} {'sent_s':>8} {'delivered_s':>12} "
             f"{'peak_rss_mb':>12}  turns per worker   load (deadline, end)"]
    lines += [f"{name:<18} {f.processed_s:>12.2f} {f.sent_s:>8.2f} {f.delivered_s:>12.2f} "
              f"{f.peak_rss_mb:>12.1f}  {'/'.join(map(str, f.workers_turns)):<17}  "
              f"{f.load[0]:.2f}, {f.load[1]:.2f}" for name, f in results.items()]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
