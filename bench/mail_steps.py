"""The worker's steps for one order message, timed in this process without a profiler:
each step's own CPU time (the thread's: a busy machine slows the run, not the figures;
what a step calls that is a step of its own counts there), the SQL statements and commits
per message, and what is left between them.

    PYTHONPATH=. .venv/bin/python bench/mail_steps.py --messages 200 --rounds 3
    PYTHONPATH=. .venv/bin/python bench/mail_steps.py --baseline /tmp/old-tree --alternate 3

needs no mail server: the messages are stored as the poller stores them (one commit per
FETCH of 20) and the worker answers them (process_pending); the replies stay queued. The
steps are the judge's own functions, wrapped for the run and restored after it; a wrapper
costs about a microsecond, where a profiler's hook on every call costs some tens of percent.
`--baseline TREE` (another checkout, e.g. `git archive COMMIT | tar -x -C TREE`) runs this
bench on this tree's judge and on TREE's alternately, each in a process of its own, and
ends with both trees' CPU ms, statements, ORM flushes and Python function calls per message
side by side (the calls counted in one more round under cProfile: a figure the machine's
load does not move).
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

ROOT = Path(__file__).resolve().parents[1]
# The judge timed: this tree's, or the baseline's (main's --baseline sets it for a child).
TREE_ENV = "MAIL_STEPS_TREE"
sys.path[:0] = [str(ROOT / "bench"), os.environ.get(TREE_ENV) or str(ROOT)]
SUMMARY = "summary: "

from mail_game import STYLES, order_messages, set_up_game  # noqa: E402

from judge.app import Judge, build_judge  # noqa: E402
from judge.config import Settings  # noqa: E402
from judge.mail.inbound.pipeline import process_pending, receive_many  # noqa: E402
from judge.store.db import upgrade  # noqa: E402

DOMAIN = "example.test"
# What the IMAP poller stores in one commit (judge/mail/inbound/poller.py BATCH).
FETCH = 20

# (module, attribute, step): a function where its caller looks it up, or a class's method.
STEPS: tuple[tuple[str, str, str], ...] = (
    ("judge.mail.inbound.pipeline", "_read_new", "fetch the stored message"),
    ("judge.mail.inbound.pipeline", "read_message", "parse MIME"),
    ("judge.store.repo_games", "lock_games_as_read", "claim the messages"),
    ("judge.store.repo_inbox", "claim_inbox_messages", "claim the messages"),
    ("judge.store.repo_inbox", "claim_inbox_rows", "claim the messages"),
    ("judge.mail.inbound.limits", "check_message", "hourly limit"),
    ("judge.store.repo", "account_by_address", "find the seat"),
    ("judge.mail.inbound.identity", "press_answered", "find the seat"),
    ("judge.mail.inbound.identity", "token_seat", "find the seat"),
    ("judge.mail.inbound.identity", "code_invocations", "find the seat"),
    ("judge.mail.inbound.identity", "tell_owners", "find the seat"),
    ("judge.commands.signon", "_find_seat", "find the seat"),
    ("judge.mail.inbound.answering", "split_message", "split the commands"),
    ("judge.commands.dispatch", "split_message", "split the commands"),
    ("judge.commands.orders", "_open_turn", "open turn, current set"),
    ("judge.game.order_sets", "latest_set", "open turn, current set"),
    ("judge.game.ordering", "read_lines", "read the orders"),
    ("judge.game.ordering", "merge", "check them"),
    ("judge.game.arrival", "_conflicts", "check them"),
    ("judge.game.order_sets", "save_set", "store them"),
    ("judge.commands.orders", "report_status", "status and readiness"),
    ("judge.commands.orders", "_answer", "compose the reply"),
    ("judge.commands.reply", "Reply.render", "compose the reply"),
    ("judge.commands.reply", "Reply.subject", "compose the reply"),
    ("judge.mail.outbound.outbox_postman", "OutboxPostman.send", "queue it"),
)
COMMIT = "commit"
OTHER = "the rest"


@dataclass
class StepTimes:
    """CPU seconds and calls per step, SQL statements and commits, over one timed run;
    `total` is the thread's CPU time over the run, `wall` the clock's."""

    seconds: dict[str, float] = field(default_factory=dict)
    calls: dict[str, int] = field(default_factory=dict)
    statements: int = 0
    commits: int = 0
    flushes: int = 0  # ORM flushes that wrote something (the unit of work's own cost)
    total: float = 0.0
    wall: float = 0.0
    _stack: list[float] = field(default_factory=list)

    def add(self, step: str, seconds: float, calls: int = 1) -> None:
        self.seconds[step] = self.seconds.get(step, 0.0) + seconds
        self.calls[step] = self.calls.get(step, 0) + calls

    def timed(self, step: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """`function` counting its own time to `step`, less its steps' time."""
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self._stack.append(0.0)
            started = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.thread_time() - started
                inner = self._stack.pop()
                self.add(step, spent - inner)
                if self._stack:
                    self._stack[-1] += spent
        return wrapper

    def table(self, messages: int) -> list[str]:
        steps = {**self.seconds, OTHER: self.total - sum(self.seconds.values())}
        lines = [f"{'step':<28} {'CPU ms/msg':>10} {'share':>6} {'calls/msg':>10}"]
        for step, seconds in sorted(steps.items(), key=lambda s: -s[1]):
            calls = f"{self.calls[step] / messages:.2f}" if step in self.calls else "-"
            lines.append(f"{step:<28} {seconds * 1000 / messages:>10.2f} "
                         f"{seconds / self.total:>6.1%} {calls:>10}")
        lines.append(f"{'all (CPU)':<28} {self.total * 1000 / messages:>10.2f} {1:>6.0%}")
        lines.append(f"{'wall clock':<28} {self.wall * 1000 / messages:>10.2f}")
        lines.append(f"SQL statements per message {self.statements / messages:.2f}, "
                     f"commits per message {self.commits / messages:.3f}, "
                     f"ORM flushes per message {self.flushes / messages:.2f}")
        return lines


@contextmanager
def stepped(engine: sa.Engine) -> Iterator[StepTimes]:
    """Time the steps (STEPS) and count the statements and commits on `engine` inside the
    block; `total` is the block's own time."""
    times = StepTimes()
    undo: list[Callable[[], None]] = []
    for module_name, attribute, step in STEPS:
        owner: Any = importlib.import_module(module_name)
        name = attribute
        if "." in attribute:
            class_name, name = attribute.split(".")
            owner = getattr(owner, class_name)
        if not hasattr(owner, name):
            continue  # another tree's judge (mail_throughput.py --baseline): not its step
        original = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
        setattr(owner, name, times.timed(step, original))
        undo.append(functools.partial(setattr, owner, name, original))
    dialect = engine.dialect
    do_commit = dialect.do_commit
    dialect.do_commit = times.timed(COMMIT, do_commit)  # type: ignore[method-assign]

    def count(*_args: Any) -> None:
        times.statements += 1

    def flushed(*_args: Any) -> None:
        times.flushes += 1

    sa.event.listen(engine, "before_cursor_execute", count)
    sa.event.listen(Session, "after_flush", flushed)
    started, cpu = time.perf_counter(), time.thread_time()
    try:
        yield times
    finally:
        times.total, times.wall = time.thread_time() - cpu, time.perf_counter() - started
        times.commits = times.calls.get(COMMIT, 0)
        sa.event.remove(engine, "before_cursor_execute", count)
        sa.event.remove(Session, "after_flush", flushed)
        del dialect.do_commit
        for step_back in reversed(undo):
            step_back()


def offline_judge(url: str) -> Judge:
    """A judge on a fresh database that only queues its mail."""
    upgrade(url)
    settings = Settings(database_url=url, judge_address=f"judge@{DOMAIN}", domain=DOMAIN,
                        listen="", messages_per_hour=10**6).with_defaults()
    return build_judge(settings)


def steps_of(judge: Judge, seats: dict[str, Any], count: int, style: str,
             tag: str) -> StepTimes:
    """`count` messages of `style` stored, then answered with the steps timed."""
    raws = [m.as_bytes() for m in order_messages(seats, count, (style,), domain=DOMAIN,
                                                 tag=tag)]
    for start in range(0, count, FETCH):
        receive_many(judge, raws[start:start + FETCH])
    with stepped(judge.db.engine) as times:
        process_pending(judge)
    return times


def calls_of(judge: Judge, seats: dict[str, Any], count: int, style: str, tag: str) -> float:
    """Python function calls per message (cProfile's count) in answering `count` messages
    of `style`: a figure the machine's load does not move, where the CPU time's does."""
    raws = [m.as_bytes() for m in order_messages(seats, count, (style,), domain=DOMAIN,
                                                 tag=tag)]
    for start in range(0, count, FETCH):
        receive_many(judge, raws[start:start + FETCH])
    profile = cProfile.Profile()
    profile.enable()
    try:
        process_pending(judge)
    finally:
        profile.disable()
    return float(pstats.Stats(profile).total_calls) / count  # type: ignore[attr-defined]


def report(count: int, rounds: int, styles: tuple[str, ...]) -> list[str]:
    """Each style's steps, the round with the least CPU time of `rounds` (the first warms
    the caches up), then one more round under cProfile for the function calls; last, a
    line for `compare`: CPU ms, statements, ORM flushes and function calls per message."""
    folder = Path(tempfile.mkdtemp(prefix="mtb-steps-", dir="/tmp"))
    judge = offline_judge(f"sqlite:///{folder / 'judge.sqlite3'}")
    try:
        seats = set_up_game(judge.db, DOMAIN, judge.settings.judge_address)
        lines: list[str] = []
        summary: dict[str, tuple[float, float, float, float]] = {}
        for style in styles:
            runs = [steps_of(judge, seats, count, style, f"{style}-{n}") for n in range(rounds)]
            best = min(runs, key=lambda t: t.total)
            calls = calls_of(judge, seats, count, style, f"{style}-calls")
            summary[style] = (best.total * 1000 / count, best.statements / count,
                              best.flushes / count, calls)
            lines += ["", f"the worker's steps, {style}, {count} messages (fastest of "
                      f"{rounds}: " + ", ".join(f"{t.total * 1000 / count:.2f}" for t in runs)
                      + " CPU ms/msg):", *best.table(count),
                      f"Python function calls per message (cProfile) {calls:,.0f}"]
        return [*lines, SUMMARY + json.dumps(summary)]
    finally:
        judge.db.dispose()
        shutil.rmtree(folder, ignore_errors=True)


def compare(baseline: Path, times: int, argv: list[str]) -> list[str]:
    """This bench run `times` times on each tree, alternately, each in its own process:
    per style, every run's CPU ms per message, then the median, the statements and the ORM
    flushes per message."""
    figures: dict[str, dict[str, list[tuple[float, ...]]]] = {"this tree": {}, "baseline": {}}
    for _ in range(times):
        for name, tree in (("this tree", ROOT), ("baseline", baseline)):
            out = subprocess.run([sys.executable, __file__, *argv], check=True, text=True,
                                 capture_output=True, env={**os.environ, TREE_ENV: str(tree)})
            summary = json.loads(out.stdout.rpartition(SUMMARY)[2])
            for style, pair in summary.items():
                figures[name].setdefault(style, []).append(tuple(pair))
    lines = ["", f"{'tree':<10} {'style':<7} {'CPU ms/msg (each run)':<30} {'median':>7} "
             f"{'statements':>10} {'flushes':>7} {'calls':>7}"]
    for name, styles in figures.items():
        for style, runs in styles.items():
            each = ", ".join(f"{run[0]:.2f}" for run in runs)
            median = sorted(run[0] for run in runs)[len(runs) // 2]
            lines.append(f"{name:<10} {style:<7} {each:<30} {median:>7.2f} {runs[0][1]:>10.2f} "
                         f"{runs[0][2]:>7.2f} {runs[0][3]:>7,.0f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--messages", type=int, default=200, help="messages per round (200)")
    p.add_argument("--rounds", type=int, default=3, help="rounds per style (3)")
    p.add_argument("--styles", default=",".join(STYLES), help="token,signon")
    p.add_argument("--baseline", type=Path, metavar="TREE",
                   help="another checkout: both trees, alternately, side by side")
    p.add_argument("--alternate", type=int, default=3, help="runs of each tree (3)")
    args = p.parse_args(argv)
    if args.baseline is not None:
        own = ["--messages", str(args.messages), "--rounds", str(args.rounds),
               "--styles", args.styles]
        print(*compare(args.baseline, args.alternate, own), sep="\n")
        return 0
    styles = tuple(s.strip() for s in args.styles.split(",") if s.strip())
    print(*report(args.messages, args.rounds, styles), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
