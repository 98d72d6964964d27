"""A storm's turns in one process, no servers: N games of bench/storm.py's set-up on a
SQLite file, one deadline sweep processing and reporting all of them; wall and CPU seconds
per turn, and with --profile the cProfile of the sweep (in CPU time).

    python bench/storm_turns.py --games 40 [--profile] [--top 40] [--postgres]
    PYTHONPATH=old-tree python bench/storm_turns.py --root old-tree   # an older tree

Pictures follow JUDGE_PICTURES as in `judge serve` (set JUDGE_PICTURES=off to leave them
out). bench/README.md, "Deadline storm benchmark", has the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--profile", action="store_true")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--postgres", action="store_true",
                   help="on a throw-away PostgreSQL cluster (root) instead of a SQLite file")
    p.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                   help="the judge tree to measure (its bench/storm.py sets the games up)")
    args = p.parse_args(argv)
    sys.path[:0] = [str(args.root / "bench"), str(args.root)]
    from tests.store.pgcluster import TempCluster, find_bin_dir

    if not args.postgres:
        return measure(args, f"sqlite:///{tempfile.mkdtemp(prefix='storm-turns-')}/judge.sqlite3")
    bin_dir = find_bin_dir()
    if bin_dir is None:
        p.error("--postgres: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin)")
    cluster = TempCluster(bin_dir).start()
    try:
        return measure(args, cluster.url())
    finally:
        cluster.stop()


def measure(args: argparse.Namespace, url: str) -> int:
    import storm

    from judge.app import build_judge
    from judge.config import Settings
    from judge.game.clock import ManualClock
    from judge.store.db import Database, upgrade
    from judge.turns.deadlines import sweep

    upgrade(url)
    db = Database(url)
    storm.set_up(db, args.games, "example.test")
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm.set_deadline(db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = build_judge(Settings(database_url=url, judge_address="judge@example.test",
                                 domain="example.test"), clock, db)
    profile = cProfile.Profile(time.process_time) if args.profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profile is not None:
        profile.enable()
    with db.unit_of_work() as session:
        sweep(session, clock, judge.postman)
    if profile is not None:
        profile.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    processed, queued = storm._counts(db)
    print(f"{args.games} games: {processed} turns processed, {queued} reports queued; per "
          f"turn {1000 * wall / args.games:.1f} ms wall, {1000 * cpu / args.games:.1f} ms CPU")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)
    db.dispose()
    return 0 if processed == args.games else 1


if __name__ == "__main__":
    raise SystemExit(main())
