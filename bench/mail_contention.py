"""The worker's own CPU for the same order messages, with the mail servers idle and busy.

The mail bench (mail_throughput.py) finds the judge's worker thread spending about half as
much again per order message as mail_steps.py does in a process of its own. This bench
shows where that comes from: the same N stored messages (the token path's, as the poller
stores them: one transaction per FETCH of 20) answered by `process_pending` on a copy of
one database, alternately with Postfix and Dovecot idle and with them kept busy by a
flood of mail from two other processes (so that no thread of this process competes for
its interpreter). The thread's CPU time per message is what changes: the same statements
and Python calls, run on cores the servers share.

    PYTHONPATH=. .venv/bin/python bench/mail_contention.py --messages 1000 --repeat 3

Root, like the other mail benches: it starts its own Postfix and Dovecot (tests/mailstack.py).
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from multiprocessing.synchronize import Event as EventType
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from mail_cpu import machine_seconds  # noqa: E402
from mail_game import PLAYERS, order_messages, set_up_game  # noqa: E402
from mail_steps import DOMAIN, FETCH, offline_judge  # noqa: E402

from judge.mail.inbound.pipeline import process_pending, receive_many  # noqa: E402
from tests.mailstack import MailStack  # noqa: E402

FLOOD_USER = "flood"
FLOODERS = 2


def stored_template(folder: Path, count: int) -> Path:
    """A database with a started game and `count` order messages stored, not answered."""
    path = folder / "template.sqlite3"
    judge = offline_judge(f"sqlite:///{path}")
    seats = set_up_game(judge.db, DOMAIN, f"judge@{DOMAIN}")
    raws = [m.as_bytes() for m in order_messages(seats, count, ("token",), domain=DOMAIN,
                                                 tag="contention")]
    for start in range(0, count, FETCH):
        receive_many(judge, raws[start:start + FETCH])
    judge.db.dispose()
    return path


def flood(stack: MailStack, stop: EventType) -> None:
    """Mail to the flood user over one SMTP connection until `stop`: work for both servers."""
    with stack.smtp() as smtp:
        serial = 0
        while not stop.is_set():
            smtp.sendmail(stack.addr("sender"), [stack.addr(FLOOD_USER)],
                          f"From: {stack.addr('sender')}\r\nSubject: flood {serial}\r\n\r\n"
                          "A Vie-Gal\r\nA Bud-Ser\r\nF Tri-Alb\r\n".encode())
            serial += 1


def answered(template: Path, folder: Path, tag: str) -> tuple[float, float]:
    """(the thread's CPU ms per message, the machine's busy cores) answering a copy."""
    copy = folder / f"{tag}.sqlite3"
    shutil.copy(template, copy)
    judge = offline_judge(f"sqlite:///{copy}")
    busy, _ = machine_seconds()
    wall, cpu = time.monotonic(), time.thread_time()
    ids = process_pending(judge)
    cpu, wall = time.thread_time() - cpu, time.monotonic() - wall
    cores = (machine_seconds()[0] - busy) / wall
    judge.db.dispose()
    return cpu * 1000 / len(ids), cores


def busy_run(stack: MailStack, template: Path, folder: Path, tag: str) -> tuple[float, float]:
    stop = multiprocessing.get_context("fork").Event()
    flooders = [multiprocessing.get_context("fork").Process(target=flood, args=(stack, stop))
                for _ in range(FLOODERS)]
    for process in flooders:
        process.start()
    time.sleep(1.0)  # the servers' queues fill
    try:
        return answered(template, folder, tag)
    finally:
        stop.set()
        for process in flooders:
            process.join(30)
        settle(stack)


def settle(stack: MailStack) -> None:
    """Wait until Postfix has delivered the flood's backlog, then empty the mailbox."""
    maildir = stack.base / "mail" / FLOOD_USER / "Maildir" / "new"
    last, still = -1, 0
    while still < 5:
        count = sum(1 for _ in maildir.iterdir()) if maildir.exists() else 0
        still = still + 1 if count == last else 0
        last = count
        time.sleep(0.1)
    stack.reset()


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--messages", type=int, default=1000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="mail-contention-", dir="/tmp"))
    stack = MailStack(users=(FLOOD_USER, "sender", *PLAYERS), domain=DOMAIN).start()
    runs: dict[str, list[tuple[float, float]]] = {"idle": [], "busy": []}
    try:
        template = stored_template(folder, args.messages)
        for repeat in range(args.repeat):
            for state in ("idle", "busy") if repeat % 2 == 0 else ("busy", "idle"):
                tag = f"{state}-{repeat}"
                result = busy_run(stack, template, folder, tag) if state == "busy" \
                    else answered(template, folder, tag)
                runs[state].append(result)
                print(f"servers {state}, run {repeat + 1}: the worker's CPU "
                      f"{result[0]:.3f} ms a message, machine busy {result[1]:.2f} cores",
                      flush=True)
    finally:
        stack.stop()
        shutil.rmtree(folder, ignore_errors=True)
    medians = {state: statistics.median(cpu for cpu, _ in results)
               for state, results in runs.items()}
    print(f"{args.messages} token messages, median of {args.repeat}: the worker's CPU "
          f"{medians['idle']:.3f} ms a message with the servers idle, {medians['busy']:.3f} "
          f"with them busy ({medians['busy'] / medians['idle']:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
