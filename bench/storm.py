"""The deadline storm (issue #18): N games whose deadlines fall in the same second, each with
seven players' full order sets, processed by `judge serve` workers and their reports
delivered through Postfix into Dovecot; for one worker on SQLite and 1, 2 and 4 workers
on PostgreSQL, side by side in one run.

    python bench/storm.py --games 1000 --json storm.json
    python bench/storm.py --configs pg-1,pg-2,pg-4 --deliver during,after

Per configuration: processed_s (from the deadline until every turn is processed and every
report is in the outbox), delivered_s (until every report is in its Dovecot mailbox), and
peak_rss_mb (the largest peak resident set of its workers, VmHWM). `--deliver after` runs
a configuration again with its reports sent only once every turn is processed
(storm_run.py says why), as CONFIG/after. Root: the bench starts its own Postfix, Dovecot
and PostgreSQL (tests/mailstack.py, tests/store/pgcluster.py).

The set-up and the database's readings are in storm_games.py, one configuration's run in
storm_run.py, the CPU accounting in storm_account.py and storm_cpu.py.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from storm_account import table as cpu_table  # noqa: E402

# Named here as before the split: bench/storm_turns.py imports them from any tree's storm.
from storm_games import USERS, set_deadline, set_up  # noqa: E402
from storm_games import count_rows as _count_rows  # noqa: E402, F401
from storm_games import counts as _counts  # noqa: E402
from storm_run import AFTER, APART, DURING, Figures, Storm, run  # noqa: E402

from tests.mailstack import MailStack  # noqa: E402
from tests.store.pgcluster import TempCluster, find_bin_dir  # noqa: E402

# bench/storm_turns.py reads these from any tree's `storm` (older trees define them here)
__all__ = ["USERS", "_counts", "set_deadline", "set_up"]

CONFIGS = {"sqlite-1": ("sqlite", 1), "pg-1": ("postgres", 1), "pg-2": ("postgres", 2),
           "pg-4": ("postgres", 4)}
# From the workers' start to the deadline: long enough for all of them (started at once)
# to start and plan their wake-ups; four workers on a loaded 2-core machine took over 30 s.
LEAD_SECONDS = 60.0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    # Stopped by SIGTERM (a run in the background ignores SIGINT): the servers it started
    # are stopped all the same, on the way out through the finally clauses.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    trees = dict(tree.split("=", 1) for tree in args.tree)
    modes = [mode for mode in args.deliver.split(",") if mode]
    chosen = [f"{c}@{t}" if trees else c for c in args.configs.split(",") if c
              for t in (trees or [""])]
    chosen = [name if mode == DURING else f"{name}/{mode}" for name in chosen for mode in modes]
    results: dict[str, Figures] = {}
    failed: dict[str, str] = {}
    print(f"pictures in reports: {pictures_setting()} (JUDGE_PICTURES, as the workers see it; "
          "a PNG a game turn costs a worker 30-50 ms of CPU)", flush=True)
    base = Path(tempfile.mkdtemp(prefix="storm-", dir="/tmp"))
    bin_dir = find_bin_dir()
    cluster = TempCluster(bin_dir).start() if bin_dir is not None and any(
        CONFIGS[_config(c)][0] == "postgres" for c in chosen) else None
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"which of {', '.join(CONFIGS)} (comma-separated)")
    parser.add_argument("--deliver", default=DURING,
                        help=f"{DURING} (the reports sent as the turns queue them, as a judge "
                             f"does), {AFTER} (sent once every turn is processed, by a judge "
                             f"of its own: the processing alone), {APART} (sent as they are "
                             f"queued by a `judge serve --send-only` beside the workers), or "
                             f"several, comma-separated: each configuration each way, named "
                             f"CONFIG/{AFTER}, CONFIG/{APART}")
    parser.add_argument("--lead", type=float, default=LEAD_SECONDS,
                        help="seconds from setting the deadline (workers not yet started) "
                             "to the deadline")
    parser.add_argument("--timeout", type=float, default=900.0,
                        help="seconds a configuration may take to process or deliver")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="run each configuration's workers from this judge tree too "
                             "(their PYTHONPATH), in turn with the others given: "
                             "configurations named CONFIG@NAME (the same schema)")
    return parser


def _config(name: str) -> str:
    """CONFIG of CONFIG@TREE/MODE."""
    return name.partition("/")[0].partition("@")[0]


def pictures_setting() -> str:
    """Whether the workers draw each report's picture: judge serve's JUDGE_PICTURES, which
    they inherit (on unless it says off)."""
    return "off" if os.environ.get("JUDGE_PICTURES", "on") == "off" else "on"


def one_configuration(name: str, number: int, args: argparse.Namespace, base: Path,
                      cluster: TempCluster | None, trees: dict[str, str]) -> Figures:
    """A configuration on a fresh database and fresh mailboxes; CONFIG@TREE: its workers
    run from that tree; CONFIG/after: its reports sent after the processing."""
    label, _, mode = name.partition("/")
    config, _, tree = label.partition("@")
    backend, count = CONFIGS[config]
    stack = MailStack(users=USERS).start()
    try:
        if backend == "sqlite":
            url = f"sqlite:///{base / f'{number}.sqlite3'}"
        else:
            assert cluster is not None, "PostgreSQL server binaries not found"
            cluster.psql(f"CREATE DATABASE storm{number} OWNER judge")
            url = cluster.url(f"storm{number}")
        storm = Storm(name.replace("/", "-"), url, count, args.games, mode or DURING,
                      {"PYTHONPATH": trees[tree]} if tree else None)
        return run(storm, stack, base, args.timeout, args.lead,
                   None if cluster is None or backend == "sqlite" else cluster.data)
    finally:
        stack.stop()


def table(games: int, results: dict[str, Figures]) -> str:
    lines = [f"{games} games, deadlines in the same second; seconds from the deadline "
             f"(/{AFTER}: the reports sent once every turn was processed):",
             f"{'configuration':<18} {'processed_s':>12} {'sent_s':>8} {'delivered_s':>12} "
             f"{'peak_rss_mb':>12}  turns per worker   load (deadline, end)"]
    lines += [f"{name:<18} {f.processed_s:>12.2f} {f.sent_s:>8.2f} {f.delivered_s:>12.2f} "
              f"{f.peak_rss_mb:>12.1f}  {'/'.join(map(str, f.workers_turns)):<17}  "
              f"{f.load[0]:.2f}, {f.load[1]:.2f}" for name, f in results.items()]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
