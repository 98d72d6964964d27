"""The outbox sender: claim due messages, hand each to a transport, record the outcome.

Every state change is its own commit: the claim (SENDING, one more attempt, a lease),
then one per message once its delivery is over. A crash in between leaves the row SENDING,
claimed again when the lease runs out, or at once when the same judge starts again (its
claims journal, claims.py). The Maildir transport finds a message it already wrote (the
row id is in the file name); a relay cannot be asked: SMTP is at least once.

These commits do not wait for the disk (unit_of_work(durable=False)): a crash of the
process loses none of them, and a power cut that lost one would only send a message
again, as a crash between the relay's answer and its record does. On SQLite that saves
a disk flush per message, most of the sender's own time (bench/README.md).

With a claims journal, a delivery is journaled the moment the relay accepts it
(claims.py, the sends file) and recorded with the next few in one commit: at the claim's
end, every RECORD_EVERY deliveries, or sooner when the claim's lease needs renewing. On
SQLite each commit waits its turn behind the worker's transaction (one writer): a turn per
message kept the senders the slowest stage of the mail path (issue #18). A crash before
the record leaves the line, and the next start records the delivery instead of sending
it again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from judge import faults
from judge.config import Settings
from judge.game.clock import Clock
from judge.mail.outbound.attachments import with_attachments
from judge.mail.outbound.claims import ClaimJournal
from judge.mail.outbound.delivery import PermanentFailure, TemporaryFailure, Transport
from judge.mail.outbound.drawn import Drawer
from judge.mail.outbound.encoded_parts import EncodedParts
from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.smtp import SmtpTransport
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage

log = logging.getLogger(__name__)

# Long enough for one delivery over a slow relay (each SMTP step may take smtp_timeout):
# renewed for the rest of a claim as each message is recorded (OutboxSender._renew).
LEASE = timedelta(minutes=2)
# A claim's rest is renewed once less than this share of the lease is left.
RENEW_WHEN_LEFT = 7 / 8
FIRST_RETRY = timedelta(minutes=1)
LONGEST_RETRY = timedelta(hours=6)
# Delays doubling from 1 minute to at most 6 hours put the 17th attempt about 50 hours
# after the first: like an MTA, we give up on a destination down for two days.
MAX_ATTEMPTS = 17
# A message whose picture is still to draw is left this long to the picture stage
# (drawn.py) before a sender draws it itself (Settings.picture_grace_seconds).
PICTURE_GRACE = timedelta(seconds=5)
# Journaled deliveries recorded in one commit at most: a first claim's worth, twice
# (serve.claim_sizes: several senders claim 4 at first, up to 32 in a backlog; one sender
# claims 50), so that the records keep up with a long claim's progress.
RECORD_EVERY = 8


def retry_delay(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failed attempt: 1 minute, 2, 4... at most 6 hours."""
    return min(FIRST_RETRY * (1 << min(max(attempts - 1, 0), 20)), LONGEST_RETRY)


class OutboxSender:
    """`journal`: where `judge serve` notes its claims, so that its next start after a
    crash sends them at once (mail/outbound/claims.py); without one they wait out the lease.
    `picture_grace`: how long a due message whose picture is still to draw is left to the
    picture stage before this sender draws it (claim_due's drawn_before)."""

    def __init__(self, db: Database, clock: Clock, transport: Transport, *,
                 lease: timedelta = LEASE, journal: ClaimJournal | None = None,
                 picture_grace: timedelta = PICTURE_GRACE) -> None:
        self._db = db
        self._clock = clock
        self._transport = transport
        self._lease = lease
        self._journal = journal
        self._picture_grace = picture_grace
        self._rest: list[OutboxMessage] = []  # the claim's messages after the one being sent
        # Deliveries journaled and not yet recorded, with when each was made.
        self._unrecorded: list[tuple[OutboxMessage, datetime]] = []
        self._parts = EncodedParts()  # this sender's: each thread has its own sender
        # The last claim took fewer than asked: nothing more was due when it was made.
        self.drained = True
        self._drawer = Drawer(db)

    def send_due(self, limit: int = 50) -> int:
        """Try every message due now (at most `limit`); how many were sent. `drained`
        then says whether the claim took every message due."""
        # What an earlier round that ended in an error left unrecorded; the rest of its
        # claim is not this record's to renew (it waits out its lease, as it did before).
        self._rest = []
        self.record()
        with self._db.unit_of_work(durable=False) as session:
            now = self._clock.now()
            rows = repo_mail.claim_due(session, now, self._lease, limit,
                                       drawn_before=now - self._picture_grace)
            if rows and self._journal is not None:
                # Before the commit: a line for a claim that never committed is harmless.
                self._journal.claimed((row.id, row.attempts) for row in rows)
        if rows:
            faults.point("outbox-claimed")
        self._drawer.new_claim()
        sent = 0
        self.drained = len(rows) < limit
        try:
            for index, row in enumerate(rows):
                sent += self._send(row, rows[index + 1:])
                if self._journal is not None and not self._waits_for_record(row):
                    self._journal.settled([row.id])
        except BaseException:
            self._transport.close()
            raise
        self.record()
        return sent

    def record(self) -> None:
        """Record in one commit the deliveries journaled since the last record."""
        done = self._unrecorded
        if not done:
            return
        with self._db.unit_of_work(durable=False) as session:
            for row, when in done:
                self._check(row, repo_mail.mark_sent(session, row.id, row.attempts, when))
            self._renew(session)
        self._unrecorded = []
        if self._journal is not None:
            self._journal.recorded(row.id for row, _ in done)

    def _waits_for_record(self, row: OutboxMessage) -> bool:
        return any(done is row for done, _ in self._unrecorded)

    def close(self) -> None:
        """Let the transport go (a relay connection); the next send opens a new one."""
        self._transport.close()

    def _send(self, row: OutboxMessage, rest: list[OutboxMessage]) -> bool:
        """Deliver one claimed message and record it; the claim's `rest` keeps its lease
        from that record on (the lease covers one delivery, not the whole claim)."""
        self._rest = rest
        if row.attempts > MAX_ATTEMPTS:
            # Only claims that never came back get here: the sender dies on this message.
            self._give_up(row, "the sender stopped during every attempt")
            return False
        if self._clock.now() >= row.next_try_at:
            log.warning("outbox message %d: its lease ran out before its turn in the batch;"
                        " left for the next round", row.id)
            return False
        try:
            self._transport.deliver(row.id, row.sender, list(row.recipients),
                                    _wire(row, self._parts, self._drawer))
        except PermanentFailure as exc:
            self._give_up(row, str(exc))
            return False
        except TemporaryFailure as exc:
            self._retry(row, str(exc))
            return False
        except Exception as exc:  # a bug must not stall the queue: retried, then given up
            log.exception("outbox message %d: the transport broke", row.id)
            self._transport.close()  # whatever it held is in an unknown state
            self._retry(row, f"{type(exc).__name__}: {exc}")
            return False
        faults.point("outbox-relayed")
        self._unrecorded.append((row, self._clock.now()))
        if self._journal is None or not self._journal.sent(row.id, row.attempts) \
                or len(self._unrecorded) >= RECORD_EVERY or self._lease_ends_soon():
            self.record()
        log.info("outbox message %d sent to %s (attempt %d)", row.id,
                 ", ".join(row.recipients), row.attempts)
        faults.point("outbox-after-first")
        return True

    def _retry(self, row: OutboxMessage, error: str) -> None:
        if row.attempts >= MAX_ATTEMPTS:
            self._give_up(row, f"{error} (still failing after {row.attempts} attempts)")
            return
        delay = retry_delay(row.attempts)
        next_try = self._clock.now() + delay
        with self._db.unit_of_work(durable=False) as session:
            self._check(row, repo_mail.mark_retry(session, row.id, row.attempts, error, next_try))
            self._renew(session)
        log.warning("outbox message %d to %s not sent (attempt %d): %s; next try in %s, "
                    "at %s", row.id, ", ".join(row.recipients), row.attempts, error, delay,
                    next_try.isoformat(timespec="seconds"))

    def _give_up(self, row: OutboxMessage, error: str) -> None:
        with self._db.unit_of_work(durable=False) as session:
            self._check(row, repo_mail.mark_failed(session, row.id, row.attempts, error))
            self._renew(session)
        log.error("outbox message %d to %s FAILED for good after %d attempt(s): %s",
                  row.id, ", ".join(row.recipients), row.attempts, error)

    def _lease_ends_soon(self) -> bool:
        """Whether an eighth of the claim's lease has passed: time to renew it for the rest
        (and to record the deliveries before their own lease can run out)."""
        return self._runs_low([*self._rest, *(row for row, _ in self._unrecorded)])

    def _runs_low(self, held: list[OutboxMessage]) -> bool:
        """Whether less than RENEW_WHEN_LEFT of the lease is left on any of `held`."""
        return bool(held) and min(r.next_try_at for r in held) - self._clock.now() <= \
            self._lease * RENEW_WHEN_LEFT

    def _renew(self, session: Session) -> None:
        """Renew the lease of the claim's messages still to send, in the commit that
        records the one just sent, once an eighth of it has passed: a sender that stops
        for good leaves them due at most one lease after its last step (at least seven
        eighths of one), however many it had claimed."""
        if not self._runs_low(self._rest):
            # Most of the lease is left: renewing after each of a quick batch's messages
            # cost as much as recording them (an UPDATE of the whole rest each time).
            return
        now = self._clock.now()
        until = now + self._lease
        renewed = repo_mail.renew_claims(session, [(r.id, r.attempts) for r in self._rest],
                                         now, until)
        for row in self._rest:
            if row.id in renewed:
                row.next_try_at = until

    @staticmethod
    def _check(row: OutboxMessage, ours: bool) -> None:
        if not ours:
            log.warning("outbox message %d: another sender claimed it meanwhile (its lease "
                        "ran out); this outcome was not recorded", row.id)


def _wire(row: OutboxMessage, parts: EncodedParts, drawer: Drawer) -> bytes:
    """The bytes to send: the stored text, multipart/mixed with the files it carries
    (drawn and stored first where the turn left one to draw)."""
    try:
        return with_attachments(row.message, drawer.files(row), parts)
    except ValueError as exc:  # a file no message can carry: no retry will help
        raise PermanentFailure(str(exc)) from exc


def transport_for(settings: Settings) -> Transport:
    """The relay when one is configured, else the Maildir."""
    if settings.smtp_host:
        return SmtpTransport(settings)
    return MaildirTransport(settings.maildir)
