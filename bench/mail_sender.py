"""The sender alone (issue #18: the slowest stage of the mail path): N reports queued in a
fresh database, then OutboxSender.send_due to the private Postfix until the outbox is
empty, with the time split between the relay (SMTP) and the records (the database), and
the relay's plain rate beside it in the same run (one smtplib connection, no database).
The senders claim as `judge serve`'s do (serve.claim_sizes) and journal their deliveries in
a claims journal, as serve's default settings have them; their threads' own CPU time per
message is printed too (the figure a busy machine moves least).

    python bench/mail_sender.py --messages 400 [--database postgres] [--senders 2]

Root: it starts its own Postfix and Dovecot (tests/mailstack.py) and, for PostgreSQL, a
throw-away cluster (tests/store/pgcluster.py). Every message must reach its mailbox.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from judge.config import Settings  # noqa: E402
from judge.game.clock import SystemClock  # noqa: E402
from judge.mail.outbound.claims import ClaimJournal  # noqa: E402
from judge.mail.outbound.compose import compose  # noqa: E402
from judge.mail.outbound.sender import OutboxSender  # noqa: E402
from judge.mail.outbound.smtp import SmtpTransport  # noqa: E402
from judge.serve import claim_sizes  # noqa: E402
from judge.store import repo_mail  # noqa: E402
from judge.store.db import Database, upgrade  # noqa: E402
from tests.mailstack import MailStack  # noqa: E402
from tests.store.pgcluster import TempCluster, find_bin_dir  # noqa: E402

USERS = ("judge", "alice", "bob", "carol", "dave")
BODY = "Game storm00001\n\n" + "Austria: A Vienna -> Galicia.\n" * 60


class TimedTransport(SmtpTransport):
    """The relay's share of the sender's time."""

    spent = 0.0

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        started = time.perf_counter()
        try:
            super().deliver(row_id, sender, recipients, raw)
        finally:
            TimedTransport.spent += time.perf_counter() - started


def queue(db: Database, stack: MailStack, count: int) -> None:
    players = USERS[1:]
    with db.unit_of_work() as session:
        for number in range(count):
            to = stack.addr(players[number % len(players)])
            raw = compose(sender=f"Judge <{stack.addr('judge')}>", to=[to],
                          subject=f"storm00001: report {number}", body=BODY,
                          domain=stack.domain)
            repo_mail.enqueue_outbox(session, raw, sender=stack.addr("judge"), recipients=[to],
                                flush=False)


def delivered(stack: MailStack) -> int:
    return sum(int(stack.doveadm("-f", "flow", "mailbox", "status", "-u", user, "messages",
                                 "INBOX").strip().split("=")[-1] or 0) for user in USERS[1:])


def wait_delivered(stack: MailStack, count: int, timeout: float = 300.0) -> float:
    started = time.monotonic()
    while delivered(stack) < count:
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"{delivered(stack)} of {count} delivered")
        time.sleep(0.05)
    return time.monotonic()


def bare(stack: MailStack, count: int) -> float:
    """The relay alone: the same messages over one smtplib connection, until delivered."""
    raws = []
    for number in range(count):
        to = stack.addr(USERS[1 + number % (len(USERS) - 1)])
        raws.append((to, compose(sender=f"Judge <{stack.addr('judge')}>", to=[to],
                                 subject=f"bare {number}", body=BODY, domain=stack.domain)))
    started = time.monotonic()
    with stack.smtp() as smtp:
        for to, raw in raws:
            smtp.sendmail(stack.addr("judge"), [to], raw)
    return wait_delivered(stack, count) - started


def judge_sender(stack: MailStack, url: str, count: int, senders: int, journal_at: Path,
                 fixed: bool = False) -> tuple[float, float, float, float]:
    """(seconds until all are delivered, seconds sending, of which in SMTP, the sender
    threads' CPU seconds) for `senders` OutboxSenders in threads, as `judge serve` runs
    them: their claims as its, one claims journal shared. `fixed`: every claim the size
    of the first, as serve's were before they grew in a backlog."""
    upgrade(url)
    db = Database(url)
    queue(db, stack, count)
    settings = Settings(database_url=url, judge_address=stack.addr("judge"),
                        domain=stack.domain, smtp_host="127.0.0.1", smtp_port=stack.smtp_port)
    TimedTransport.spent = 0.0
    journal = ClaimJournal(journal_at, url)
    journal.open()
    workers = [OutboxSender(db, SystemClock(), TimedTransport(settings), journal=journal)
               for _ in range(senders)]
    cpu: list[float] = []

    def drain(sender: OutboxSender) -> None:
        started = time.thread_time()
        first = next(claim_sizes(senders))
        for claim in claim_sizes(senders):
            if not sender.send_due(first if fixed else claim):
                break
        sender.close()
        cpu.append(time.thread_time() - started)

    started = time.monotonic()
    threads = [threading.Thread(target=drain, args=(s,)) for s in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sending = time.monotonic() - started
    done = wait_delivered(stack, count) - started
    journal.close()
    db.dispose()
    return done, sending, TimedTransport.spent, sum(cpu)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--messages", type=int, default=400)
    p.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--senders", type=int, default=2, help="sender threads (serve's default 2)")
    p.add_argument("--fixed", action="store_true",
                   help="also run the senders with every claim the first's size (serve's "
                   "before its claims grew in a backlog), side by side, alternating")
    p.add_argument("--repeat", type=int, default=1, help="runs of each (1)")
    args = p.parse_args(argv)
    cluster = None
    folder = Path(tempfile.mkdtemp(prefix="mail-sender-", dir="/tmp"))
    if args.database == "postgres":
        bin_dir = find_bin_dir()
        if bin_dir is None:
            p.error("no PostgreSQL server binaries")
        cluster = TempCluster(bin_dir).start()
    url = cluster.url() if cluster else f"sqlite:///{folder / 'judge.sqlite3'}"
    stack = MailStack(users=USERS).start()
    policies = ["growing", "fixed"] if args.fixed else ["growing"]
    runs: dict[str, list[tuple[float, float, float, float]]] = {p: [] for p in policies}
    try:
        load = os.getloadavg()[0]
        relay = bare(stack, args.messages)
        for repeat in range(args.repeat):
            for policy in policies if repeat % 2 == 0 else policies[::-1]:
                stack.reset()
                at = folder / f"{policy}-{repeat}"
                at.mkdir()
                run_url = url if cluster else f"sqlite:///{at / 'judge.sqlite3'}"
                runs[policy].append(judge_sender(stack, run_url, args.messages, args.senders,
                                                 at / "outbox-claims", policy == "fixed"))
    finally:
        stack.stop()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    n = args.messages
    print(f"{n} messages, {args.database}, {args.senders} sender(s), load {load:.2f} -> "
          f"{os.getloadavg()[0]:.2f}")
    print(f"relay alone (one connection, no database): {n / relay:.1f} msgs/s")
    for policy, results in runs.items():
        for done, sending, smtp, cpu in results:
            print(f"judge's senders, claims {policy}: {n / done:.1f} msgs/s delivered "
                  f"({done / relay:.2f}x the relay's time); sending {1000 * sending / n:.2f} "
                  f"ms a message, in SMTP {1000 * smtp / n / args.senders:.2f} ms (per sender "
                  f"thread); the sender threads' CPU {1000 * cpu / n:.3f} ms a message")
        cpus = sorted(1000 * r[3] / n for r in results)
        print(f"  claims {policy}: the sender threads' CPU, median of {len(cpus)}: "
              f"{cpus[len(cpus) // 2]:.3f} ms a message")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
