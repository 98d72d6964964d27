"""`judge serve`: the receiver, the poller, the pipeline worker, the scheduler and the
sender in one process, each in its own thread, all stopped cleanly by SIGTERM.

Nothing is handed from thread to thread but a wake-up: every message and every report
goes through the database (inbox, outbox), so a thread that dies, or the whole process
killed, leaves a state the next start picks up where it stopped.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import logging
import signal
import ssl
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from types import FrameType

from sqlalchemy.orm import Session

from judge.app import Judge
from judge.mail.inbound.pipeline import process_pending, receive, receive_many
from judge.mail.inbound.poller import ImapPoller
from judge.mail.inbound.receiver import SmtpReceiver
from judge.mail.outbound.claims import ClaimJournal
from judge.mail.outbound.delivery import Transport
from judge.mail.outbound.drawn import draw_pending
from judge.mail.outbound.recovery import LeftBehind
from judge.mail.outbound.sender import OutboxSender, transport_for
from judge.store import repo_mail
from judge.store.db import shown_url
from judge.store.errors import describe, needs_operator, trouble
from judge.turns.scheduler import JudgeScheduler

log = logging.getLogger(__name__)
# How long an idle worker or sender sleeps with nobody waking it: the safety net for a
# wake-up that got lost (another process on the same database queued the work).
IDLE_SECONDS = 5.0
# A send-only judge's senders hear of no commit (the turns are queued by another process):
# they look for due mail this often when idle. A claim that finds none reads one entry of
# the partial index ix_outbox_due.
SEND_ONLY_IDLE_SECONDS = 1.0
# The pause after a transient database error (SQLite locked by another writer past its
# busy timeout, a PostgreSQL restart) before the thread tries again.
BUSY_PAUSE = 1.0
# The pause after a full, read-only or failing database, which only the operator mends:
# long enough that the log says so a few times a minute, not every second.
MEND_PAUSE = 20.0
# Messages one of several senders claims in its first round after a wake-up, so that
# every sender has some to send; while its claims come back full (a backlog), each next
# claim doubles, up to SENDER_CLAIM_MOST: a claim and its record are a transaction each,
# and at 4 messages a claim they were a third of a sender's CPU (issue #18, bench/README.md).
SENDER_CLAIM, SENDER_CLAIM_MOST = 4, 32
# The collector's thresholds once the daemon runs (Python's are 700, 10, 10): a turn or a
# message makes thousands of short-lived objects (ORM rows, report views), and at 700 the
# youngest generation was collected dozens of times a turn (issue #18, bench/README.md).
RUNNING_GC_THRESHOLDS = (10_000, 50, 100)


def claim_sizes(senders: int) -> Iterator[int]:
    """How many messages a sender claims in each round after a wake-up, one of `senders`."""
    claim = SENDER_CLAIM if senders > 1 else 50
    most = max(claim, SENDER_CLAIM_MOST)
    while True:
        yield claim
        claim = min(claim * 2, most)


def settle_heap() -> None:
    """What the daemon built to start (modules, maps, variants, its scheduler) lives as
    long as the process: frozen out of the collector's sight, so that the full
    collections a deadline storm's allocations trigger no longer walk it; then the
    running thresholds. About a tenth of a storm turn's CPU (bench/storm_turns.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*RUNNING_GC_THRESHOLDS)


class Daemon:
    """`send_only`: the senders alone (`judge serve --send-only`), beside judges with
    `senders = 0` on the same database, so that their processes' core is the turns' alone
    (docs/deployment.md, "A sender process")."""

    def __init__(self, judge: Judge, *, transport: Transport | None = None,
                 imap_ssl: ssl.SSLContext | None = None, send_only: bool = False) -> None:
        self.judge = judge
        self.send_only = send_only
        self.stopping = threading.Event()
        self._inbox_wake = threading.Event()
        self._outbox_wake = threading.Event()
        self._pictures_wake = threading.Event()
        self._journal = ClaimJournal(judge.settings.claims_file, shown_url(judge.db.url)) \
            if judge.settings.claims_file and judge.settings.senders else None
        self._senders = self._make_senders(transport)
        self._idle = SEND_ONLY_IDLE_SECONDS if send_only else IDLE_SECONDS
        self.scheduler = JudgeScheduler(
            judge, on_sweep=lambda _done: self._outbox_wake.set(),
            turns_first=timedelta(seconds=judge.settings.turns_first_seconds))
        settings = judge.settings
        self.receiver = SmtpReceiver(settings, self._store, self._inbox_wake.set,
                                     clock=judge.clock) \
            if settings.listen and not send_only else None
        self.poller = ImapPoller(settings, self._store, on_stored=self._inbox_wake.set,
                                 ssl_context=imap_ssl,
                                 store_many=lambda raws: receive_many(judge, raws),
                                 ) if settings.imap_host and not send_only else None
        self._threads: list[threading.Thread] = []
        self._left: LeftBehind | None = None
        self._unhook: Callable[[], None] | None = None

    def _make_senders(self, transport: Transport | None) -> list[OutboxSender]:
        """settings.senders senders, each with its own relay connection; one if the caller
        gives the transport (a test's), which could not be shared between threads; none
        with senders = 0."""
        settings = self.judge.settings
        lease = timedelta(seconds=settings.send_lease_seconds)
        transports = [transport] if transport is not None else \
            [transport_for(settings) for _ in range(settings.senders)]
        grace = timedelta(seconds=settings.picture_grace_seconds)
        return [OutboxSender(self.judge.db, self.judge.clock, t, lease=lease,
                             journal=self._journal, picture_grace=grace) for t in transports]

    def _store(self, raw: bytes) -> object:
        return receive(self.judge, raw)

    def start(self) -> None:
        # What this judge was sending when it last stopped (a crash: its claims journal
        # names it) is settled now, not when the claims' lease runs out.
        self._left = LeftBehind(self.judge.db, self.judge.clock, self._journal) \
            if self._journal is not None else None
        self._settle_left()
        # Whoever queued mail in this process (a message's reply, a turn's reports, a
        # notice) wakes the senders as its commit stands; IDLE_SECONDS is only the net
        # for mail queued by another process on the same database (issue #18).
        self._unhook = self.judge.db.after_commit(self._queued)
        if not self.send_only:
            self.scheduler.start()
            self._spawn("worker", self._work)
        for number, sender in enumerate(self._senders, 1):
            self._spawn(f"sender-{number}" if len(self._senders) > 1 else "sender",
                        functools.partial(self._send, sender))
        if self._senders:  # the judge that sends the files draws them (docs/pictures.md)
            self._spawn("pictures", self._draw)
        if self.poller is not None:
            poller = self.poller
            self._spawn("imap-poller", lambda: poller.run(self.stopping))
        if self.receiver is not None:
            self.receiver.start()
        # Work left by an earlier run: messages stored but not processed, mail not sent.
        self._inbox_wake.set()
        self._outbox_wake.set()
        self._pictures_wake.set()
        log.info("judge serving as %s (database %s)%s", self.judge.settings.judge_address,
                 shown_url(self.judge.db.url), self._role())

    def _role(self) -> str:
        if self.send_only:
            return ("; sending the outbox only (--send-only): other judges on this database "
                    "read the mail and process the turns")
        return "" if self._senders else ("; sending nothing (senders = 0): another judge on "
                                         "this database sends the outbox")

    def _settle_left(self) -> None:
        if self._left is not None:
            self._left.settle()

    def _queued(self, session: Session) -> None:
        if repo_mail.queued_to_draw(session):
            self._pictures_wake.set()
        if repo_mail.queued_outbox(session):
            self._outbox_wake.set()

    def _spawn(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=self._guarded(name, target), name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def _guarded(self, name: str, target: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                target()
            except Exception:  # a dead thread must stop the process, not leave it half-alive
                log.exception("%s thread failed; stopping the judge", name)
                self.stopping.set()
        return run

    def _work(self) -> None:
        while not self.stopping.is_set():
            self._inbox_wake.wait(IDLE_SECONDS)
            self._inbox_wake.clear()
            with self._riding_out("worker", self._inbox_wake):
                if process_pending(self.judge):
                    self.scheduler.replan()

    def _send(self, sender: OutboxSender) -> None:
        while not self.stopping.is_set():
            if not self._outbox_wake.wait(self._idle):
                sender.close()  # idle: let the relay connection go
            self._outbox_wake.clear()
            with self._riding_out("sender", self._outbox_wake):
                self._settle_left()
                # Not again after a claim that took every message due (issue #18: an empty
                # claim per sender ended each wake-up, a turn of SQLite's writer lock each):
                # mail queued since wakes this loop again.
                for claim in claim_sizes(len(self._senders)):
                    if not (self._turns_done() and sender.send_due(claim)
                            and not sender.drained):
                        break
        self._record(sender)

    def _draw(self) -> None:
        """The picture stage: files the turns left to draw, drawn as they are queued,
        ahead of the senders (judge/mail/outbound/drawn.py)."""
        failing: set[tuple[str, str]] = set()  # drawings that raised: the senders' now
        while not self.stopping.is_set():
            self._pictures_wake.wait(self._idle)
            self._pictures_wake.clear()
            with self._riding_out("pictures", self._pictures_wake):
                while self._turns_done() and draw_pending(self.judge.db, failing=failing):
                    pass

    def _turns_done(self) -> bool:
        """Whether a sender or the picture stage may go on: once this worker's due turns
        are processed (or have waited their longest: judge/turns/backlog.py), unless the
        judge stops."""
        self.scheduler.backlog.wait(self.stopping)
        return not self.stopping.is_set()

    @contextlib.contextmanager
    def _riding_out(self, name: str, wake: threading.Event) -> Iterator[None]:
        """A busy or briefly unreachable database, or a full one, pauses a thread; anything
        else stops it."""
        try:
            yield
        except Exception as exc:
            what = trouble(exc)
            if what is None:
                raise
            mend = needs_operator(what)
            pause = MEND_PAUSE if mend else BUSY_PAUSE
            log.log(logging.ERROR if mend else logging.WARNING,
                    "%s: %s (%s); trying again in %.0f s", name, what, describe(exc), pause)
            self.stopping.wait(pause)
            wake.set()

    def stop(self) -> None:
        self.stopping.set()
        self._inbox_wake.set()
        self._outbox_wake.set()
        self._pictures_wake.set()
        if self.receiver is not None:
            self.receiver.stop()
        for thread in self._threads:
            thread.join(timeout=30)
        if self.poller is not None:
            self.poller.close()
        for sender in self._senders:
            sender.close()
        if self._journal is not None:
            self._journal.close()
        self.scheduler.shutdown()
        if self._unhook is not None:
            self._unhook()
        log.info("judge stopped")


    @staticmethod
    def _record(sender: OutboxSender) -> None:
        """A sender's last deliveries recorded at a stop; if the database will not have
        them, the claims journal keeps them for the next start."""
        try:
            sender.record()
        except Exception as exc:
            if trouble(exc) is None:
                raise
            log.warning("outbox: deliveries left to record at the next start (%s)",
                        describe(exc))


def serve(judge: Judge, *, send_only: bool = False) -> int:
    """Run until SIGTERM or SIGINT; 0 after a clean stop, 1 if a thread failed.
    `send_only`: the senders alone (Daemon)."""
    daemon = Daemon(judge, send_only=send_only)
    stop_requested = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        # A supervisor may signal the process and its group alike: say it once.
        if not stop_requested.is_set():
            log.info("%s received; stopping", signal.Signals(signum).name)
        stop_requested.set()
        daemon.stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    daemon.start()
    settle_heap()
    daemon.stopping.wait()
    daemon.stop()
    return 0 if stop_requested.is_set() else 1
