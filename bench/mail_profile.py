"""The judge's three stages in this process, on a fresh database of the bench's backend:
timed per message for each way of signing on, the worker's steps (mail_steps.py), then
under cProfile to find the hot spots.

    receive (what the poller calls per message) -> process_pending (the worker)
    -> OutboxSender.send_due over SMTP to the bench's Postfix (the sender)
"""

from __future__ import annotations

import cProfile
import io
import pstats
import shutil
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mail_game import STYLES, Seating, order_messages, set_up_game
from mail_runs import Backend
from mail_steps import report as report_steps

from judge.app import Judge, build_judge
from judge.config import Settings
from judge.mail.inbound.pipeline import process_pending, receive
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport
from judge.store.db import upgrade
from tests.mailstack import MailStack

ROOT = Path(__file__).resolve().parents[1]


def in_process_judge(stack: MailStack, url: str) -> Judge:
    """A judge on a fresh database, sending through the stack's Postfix."""
    upgrade(url)
    settings = Settings(database_url=url, judge_address=stack.addr("judge"),
                        domain=stack.domain, listen="", smtp_host="127.0.0.1",
                        smtp_port=stack.smtp_port, messages_per_hour=10**6).with_defaults()
    return build_judge(settings)


def _send_all(judge: Judge) -> None:
    sender = OutboxSender(judge.db, judge.clock, SmtpTransport(judge.settings))
    while sender.send_due():
        pass


def _ms_each(action: Callable[[], object], count: int) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000 / count


def stage_costs(judge: Judge, seats: dict[str, Seating], count: int,
                style: str, tag: str) -> tuple[float, float, float]:
    """Milliseconds per message in receive, process and send, for `count` messages."""
    raws = [m.as_bytes() for m in order_messages(seats, count, (style,),
                                                 domain=judge.settings.domain, tag=tag)]
    stored = _ms_each(lambda: [receive(judge, raw) for raw in raws], count)
    processed = _ms_each(lambda: process_pending(judge), count)
    sent = _ms_each(lambda: _send_all(judge), count)
    return stored, processed, sent


def profiled(judge: Judge, seats: dict[str, Seating], count: int,
             style: str) -> tuple[pstats.Stats, pstats.Stats]:
    """cProfile of the worker's and then the sender's stage for `count` messages."""
    raws = [m.as_bytes() for m in order_messages(seats, count, (style,),
                                                 domain=judge.settings.domain,
                                                 tag=f"prof-{style}")]
    for raw in raws:
        receive(judge, raw)
    worker, sender = cProfile.Profile(), cProfile.Profile()
    worker.runcall(process_pending, judge)
    sender.runcall(_send_all, judge)
    return pstats.Stats(worker), pstats.Stats(sender)


def listing(stats: pstats.Stats, order: str, top: int) -> list[str]:
    """pstats' own table, the repository and site-packages prefixes cut from the paths."""
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    stats.sort_stats(order).print_stats(top)
    text = out.getvalue()
    for prefix in sorted({*(p for p in sys.path if "site-packages" in p), str(ROOT),
                          sysconfig.get_paths()["stdlib"]}, key=len, reverse=True):
        text = text.replace(prefix + "/", "")
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return [line for line in lines[header:] if line.strip()]


def profile(stack: MailStack, backend: Backend, count: int, top: int) -> list[str]:
    """The report: per-message costs by style, then the worker's hot spots."""
    folder = Path(tempfile.mkdtemp(prefix="mtb-prof-", dir="/tmp"))
    judge = in_process_judge(stack, backend.url(folder))
    try:
        seats = set_up_game(judge.db, stack.domain, judge.settings.judge_address)
        lines = [f"in-process judge, {count} messages per style (ms per message):",
                 f"{'style':<8} {'receive':>8} {'process':>8} {'send':>8}"]
        for style in STYLES:
            costs = stage_costs(judge, seats, count, style, f"cost-{style}")
            lines.append(f"{style:<8} " + " ".join(f"{c:>8.1f}" for c in costs))
        # The worker's steps in CPU time, without a profiler's distortion (mail_steps.py).
        lines += report_steps(count, 2, STYLES)[:-1]
        worker, sender = profiled(judge, seats, count, "token")
        lines += ["", f"cProfile of the worker (process_pending), {count} token-style "
                  "messages, by own time:", *listing(worker, "tottime", top),
                  "", "the same, by cumulative time:", *listing(worker, "cumulative", top),
                  "", f"cProfile of the sender (send_due until empty), {count} replies, "
                  "by own time:", *listing(sender, "tottime", top // 2)]
        worker, _ = profiled(judge, seats, count, "signon")
        lines += ["", f"cProfile of the worker, {count} signon-style messages, by own time:",
                  *listing(worker, "tottime", top // 2)]
        return lines
    finally:
        judge.db.dispose()
        shutil.rmtree(folder, ignore_errors=True)
