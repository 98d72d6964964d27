#!/usr/bin/env python3
"""Does the mail stack slow down as it is used, and what brings it back?

bench/mail_throughput.py runs the bare servers, the echo relay and the judge's paths in
turn on one stack, and every rate fell from its first repeat to its last (bench/README.md).
This bench runs the bare servers alone (1,000 messages into one mailbox, nothing but
Postfix and Dovecot) again and again on one fresh stack, and between runs empties the
mailbox one of three ways, each a step further than the last:

- `expunge`: `doveadm expunge` of every message, as the throughput bench does;
- `fresh`: the user's Maildir removed with its index files, so Dovecot makes a new one;
- `restart`: Postfix and Dovecot stopped and started again, on fresh Maildirs.

Each run prints its rate, the servers' CPU a message, the sizes of Dovecot's index files
and the seconds a fixed piece of pure-Python work takes (`probe`), which does not touch the
servers: if the probe slows with the rates, the machine slows, not the stack. A rate that
falls under `expunge` and comes back under `fresh` is the mailbox's state.

    python bench/mail_drift.py --runs 6 --messages 1000
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from mail_clients import Mailboxes, send_all  # noqa: E402
from mail_cpu import CpuMeter  # noqa: E402
from mail_game import BARE_USER, ORDERING, PLAYERS, STYLES, Seating, order_messages  # noqa: E402

from tests.mailstack import MailStack  # noqa: E402

DOMAIN = "example.test"
MODES = ("expunge", "fresh", "restart")
INDEX_FILES = ("dovecot.index.log", "dovecot.index.cache", "dovecot.index", "dovecot-uidlist")


def probe() -> float:
    """Seconds for a fixed pure-Python loop: the machine's speed, apart from the servers."""
    start = time.perf_counter()
    total = 0
    for number in range(5_000_000):
        total += number % 7
    return time.perf_counter() - start


def seats() -> dict[str, Seating]:
    """The players' names and powers only: every message goes to the bare mailbox."""
    return {user: Seating(user, power, f"pw-{user}", "")
            for user, power in PLAYERS.items() if user in ORDERING}


class Drift:
    def __init__(self, messages: int) -> None:
        self.messages = messages
        self.stack = MailStack(users=(BARE_USER,), domain=DOMAIN).start()
        self.boxes = Mailboxes(self.stack, [BARE_USER])
        self.meter = CpuMeter(self.stack.base)
        self.count = 0

    @property
    def maildir(self) -> Path:
        return self.stack.base / "mail" / BARE_USER / "Maildir"

    def empty(self, mode: str) -> None:
        if mode == "expunge":
            self.stack.reset()
            return
        self.boxes.close()
        if mode == "restart":
            self.stack.stop(remove=False)
        self.stack.recreate()
        if mode == "restart":
            self._start_again()
        self.boxes = Mailboxes(self.stack, [BARE_USER])

    def _start_again(self) -> None:
        # start() writes the configuration anew: keep the folder, drop what it writes.
        for sub in ("dovecot", "postfix"):
            shutil.rmtree(self.stack.base / sub)
        (self.stack.base / "mail").rename(self.stack.base / "mail.old")
        self.stack.start()
        shutil.rmtree(self.stack.base / "mail.old", ignore_errors=True)

    def run(self, mode: str) -> str:
        self.empty(mode)
        self.count += 1
        seconds_probe = probe()
        messages = order_messages(seats(), self.messages, STYLES, domain=DOMAIN,
                                  tag=f"drift-{self.count}", to=self.stack.addr(BARE_USER))
        self.meter.start()
        sent = send_all(self.stack, messages)
        end = self.boxes.wait([BARE_USER], self.messages, 60.0 + self.messages)
        accounting = self.meter.stop()
        rate = self.messages / (end - min(sent.values()))
        per = {g: accounting.seconds.get(g, 0.0) * 1000 / self.messages
               for g in ("postfix", "dovecot")}
        return (f"{self.count:>3} {mode:<8} {rate:7.1f} msgs/s  postfix {per['postfix']:.2f} "
                f"dovecot {per['dovecot']:.2f} ms/msg  probe {seconds_probe:.3f} s  "
                f"index KB {self._index_sizes()}")

    def _index_sizes(self) -> str:
        sizes = []
        for name in INDEX_FILES:
            path = self.maildir / name
            sizes.append(f"{path.stat().st_size / 1024:.0f}" if path.exists() else "-")
        return "/".join(sizes)

    def close(self) -> None:
        self.boxes.close()
        self.stack.stop()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=6, help="runs of each mode, in order")
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--modes", default=",".join(MODES),
                        help=f"comma-separated, run in this order (of {', '.join(MODES)})")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    reason = MailStack.available()
    if reason is not None:
        print(f"mail_drift: {reason}", file=sys.stderr)
        return 2
    modes = [mode for mode in args.modes.split(",") if mode]
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        print(f"mail_drift: unknown mode {', '.join(unknown)} (of {', '.join(MODES)})",
              file=sys.stderr)
        return 2
    drift = Drift(args.messages)
    print(f"run mode      rate           servers' CPU                probe      index KB "
          f"({'/'.join(INDEX_FILES)})")
    try:
        for mode in modes:
            for _ in range(args.runs):
                print(drift.run(mode), flush=True)
    finally:
        drift.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
