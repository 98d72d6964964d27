"""A storm's turns in one process, no servers: N games of bench/storm.py's set-up on a
SQLite file, processed and reported as a `judge serve` worker does at a deadline (each
game's date job: its sweep and its next wake-up in its own unit of work); wall and
CPU seconds per turn, and with --profile the cProfile of them (in CPU time). --one-sweep:
all of them in one sweep, one transaction (no commit per turn: what this measured before).

    python bench/storm_turns.py --games 40 [--profile] [--top 40] [--sort tottime] [--postgres]
    PYTHONPATH=old-tree python bench/storm_turns.py --root old-tree   # an older tree

Pictures follow JUDGE_PICTURES as in `judge serve` (set JUDGE_PICTURES=off to leave them
out). bench/README.md, "Deadline storm benchmark", has the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import inspect
import pstats
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--profile", action="store_true")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--sort", default="cumulative", help="the profile's order (pstats keys)")
    p.add_argument("--dump", type=Path, help="write the profile here too (pstats)")
    p.add_argument("--one-sweep", action="store_true",
                   help="every game in one sweep and one transaction, not one each")
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


class GcWatch:
    """Time spent in garbage collection, and full collections, while it is on (a gc
    callback): part of the CPU per turn a worker pays as its heap grows."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._started = 0.0

    def __enter__(self) -> GcWatch:
        gc.callbacks.append(self._heard)
        return self

    def __exit__(self, *_exc: object) -> None:
        gc.callbacks.remove(self._heard)

    def _heard(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        self.seconds += time.perf_counter() - self._started
        self.full += info["generation"] == 2


def _date_job(db: Any, clock: Any, postman: Any) -> Callable[[int], object]:
    """What a worker's date job does for one game, in the measured tree's way: the sweep
    and the game's next wake-up in one unit of work, or (a tree from before) in two."""
    from judge.turns.deadlines import next_wakeups, sweep_one

    if "wakeups" in inspect.signature(sweep_one).parameters:
        return lambda game_id: sweep_one(db, game_id, clock, postman, busy=set(), wakeups={})

    def in_two(game_id: int) -> object:
        sweep_one(db, game_id, clock, postman, busy=set())
        return next_wakeups(db, {game_id})

    return in_two


def _as_serve_runs() -> None:
    """The heap as `judge serve` leaves it once started (judge.serve.settle_heap), in a
    tree that does so."""
    from judge import serve

    settle = getattr(serve, "settle_heap", None)
    if settle is not None:
        settle()


def measure(args: argparse.Namespace, url: str) -> int:
    import storm

    from judge.app import build_judge
    from judge.config import Settings
    from judge.game.clock import ManualClock
    from judge.store.db import Database, upgrade
    from judge.turns.deadlines import next_wakeups, sweep

    upgrade(url)
    db = Database(url)
    storm.set_up(db, args.games, "example.test")
    deadline = datetime.now(UTC) + timedelta(seconds=1)
    storm.set_deadline(db, deadline)
    clock = ManualClock(deadline + timedelta(seconds=5))
    judge = build_judge(Settings(database_url=url, judge_address="judge@example.test",
                                 domain="example.test"), clock, db)
    game_ids = [game_id for game_id, _ in next_wakeups(db)]
    wake = _date_job(db, clock, judge.postman)
    _as_serve_runs()
    profile = cProfile.Profile(time.process_time) if args.profile else None
    wall, cpu = time.perf_counter(), time.process_time()
    if profile is not None:
        profile.enable()
    with GcWatch() as collecting:
        if args.one_sweep:
            with db.unit_of_work() as session:
                sweep(session, clock, judge.postman)
        else:
            for game_id in game_ids:  # a worker's date jobs (judge/turns/scheduler.py, wake)
                wake(game_id)
    if profile is not None:
        profile.disable()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    processed, queued = storm._counts(db)
    per_turn = 1000 / args.games
    print(f"{args.games} games: {processed} turns processed, {queued} reports queued; per "
          f"turn {wall * per_turn:.1f} ms wall, {cpu * per_turn:.1f} ms CPU, of which garbage "
          f"collection {collecting.seconds * per_turn:.1f} ms ({collecting.full} full "
          "collections)")
    if profile is not None:
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)
        if args.dump is not None:
            profile.dump_stats(args.dump)
    db.dispose()
    return 0 if processed == args.games else 1


if __name__ == "__main__":
    raise SystemExit(main())
