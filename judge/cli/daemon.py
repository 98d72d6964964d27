"""`judge serve`, `judge mail poll-once` and `judge mail send-once`."""

from __future__ import annotations

import argparse
import logging
import sys

from judge.app import Judge
from judge.cli.support import judge_of
from judge.mail.inbound.pipeline import process_pending, receive, receive_many
from judge.store import db


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s [%(threadName)s] %(name)s: %(message)s")
    # aiosmtpd logs every SMTP line and APScheduler every job run at INFO: our own
    # receiver and scheduler log what an operator needs, these only their troubles.
    for noisy in ("mail.log", "apscheduler"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _ready(args: argparse.Namespace) -> Judge | None:
    """The judge, once its database is at the newest revision; None (said why) if not."""
    judge = judge_of(args)
    current, head = db.current_revision(judge.db.url), db.head_revision()
    if current != head:
        print(f"judge: the database {db.shown_url(judge.db.url)} is at revision {current}, "
              f"not {head}; run `judge db upgrade` first", file=sys.stderr)
        return None
    return judge


def run_serve(args: argparse.Namespace) -> int:
    _logging()
    judge = _ready(args)
    if judge is None:
        return 1
    if args.send_only and not judge.settings.senders:
        print("judge: `judge serve --send-only` with senders = 0 would send nothing; set "
              "[outbox] senders to 1 or more for this judge", file=sys.stderr)
        return 1
    from judge.serve import serve  # the daemon's threads and servers only when serving

    return serve(judge, send_only=args.send_only)


def run_poll_once(args: argparse.Namespace) -> int:
    _logging()
    judge = _ready(args)
    if judge is None:
        return 1
    if not judge.settings.imap_host:
        print("judge: no IMAP mailbox is configured (imap_host / JUDGE_IMAP_HOST)",
              file=sys.stderr)
        return 1
    from judge.mail.inbound.poller import ImapPoller

    poller = ImapPoller(judge.settings, lambda raw: receive(judge, raw),
                        store_many=lambda raws: receive_many(judge, raws))
    try:
        stored = poller.poll_once()
    finally:
        poller.close()
    processed = process_pending(judge)
    print(f"stored {stored} new message(s); processed {len(processed)}")
    return 0


def run_send_once(args: argparse.Namespace) -> int:
    _logging()
    judge = _ready(args)
    if judge is None:
        return 1
    from datetime import timedelta

    from judge.mail.outbound.sender import OutboxSender, transport_for

    # No picture stage runs here: the sender draws what is still to draw, at once.
    sender = OutboxSender(judge.db, judge.clock, transport_for(judge.settings),
                          picture_grace=timedelta(0))
    total = 0
    try:
        while (sent := sender.send_due()):
            total += sent
    finally:
        sender.close()
    print(f"sent {total} message(s)")
    return 0
