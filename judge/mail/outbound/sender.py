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
"""

from __future__ import annotations

import contextlib
import logging
import re
import smtplib
import ssl
import time
from datetime import timedelta

from sqlalchemy.orm import Session

from judge import faults
from judge.config import Settings
from judge.game.clock import Clock
from judge.mail.outbound.attachments import with_attachments
from judge.mail.outbound.claims import ClaimJournal
from judge.mail.outbound.delivery import PermanentFailure, TemporaryFailure, Transport
from judge.mail.outbound.maildir import MaildirTransport
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
# A relay connection used this recently is sent into without a NOOP first: relays keep
# idle connections for minutes (Postfix: smtpd_timeout 300 s), and a NOOP costs a round trip.
FRESH_SECONDS = 5.0


def retry_delay(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failed attempt: 1 minute, 2, 4... at most 6 hours."""
    return min(FIRST_RETRY * (1 << min(max(attempts - 1, 0), 20)), LONGEST_RETRY)


class OutboxSender:
    """`journal`: where `judge serve` notes its claims, so that its next start after a
    crash sends them at once (mail/outbound/claims.py); without one they wait out the lease."""

    def __init__(self, db: Database, clock: Clock, transport: Transport, *,
                 lease: timedelta = LEASE, journal: ClaimJournal | None = None) -> None:
        self._db = db
        self._clock = clock
        self._transport = transport
        self._lease = lease
        self._journal = journal
        self._rest: list[OutboxMessage] = []  # the claim's messages after the one being sent

    def send_due(self, limit: int = 50) -> int:
        """Try every message due now (at most `limit`); how many were sent."""
        with self._db.unit_of_work(durable=False) as session:
            rows = repo_mail.claim_due(session, self._clock.now(), self._lease, limit)
            if rows and self._journal is not None:
                # Before the commit: a line for a claim that never committed is harmless.
                self._journal.claimed((row.id, row.attempts) for row in rows)
        if rows:
            faults.point("outbox-claimed")
        sent = 0
        try:
            for index, row in enumerate(rows):
                sent += self._send(row, rows[index + 1:])
                if self._journal is not None:
                    self._journal.settled([row.id])
        except BaseException:
            self._transport.close()
            raise
        return sent

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
            self._transport.deliver(row.id, row.sender, list(row.recipients), _wire(row))
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
        with self._db.unit_of_work(durable=False) as session:
            self._check(row, repo_mail.mark_sent(session, row.id, row.attempts,
                                                 self._clock.now()))
            self._renew(session)
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

    def _renew(self, session: Session) -> None:
        """Renew the lease of the claim's messages still to send, in the commit that
        records the one just sent, once an eighth of it has passed: a sender that stops
        for good leaves them due at most one lease after its last step (at least seven
        eighths of one), however many it had claimed."""
        now = self._clock.now()
        if not self._rest or min(r.next_try_at for r in self._rest) - now > \
                self._lease * RENEW_WHEN_LEFT:
            # Most of the lease is left: renewing after each of a quick batch's messages
            # cost as much as recording them (an UPDATE of the whole rest each time).
            return
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


class SmtpTransport:
    """Delivery to the relay in the settings, over one connection kept across a batch."""

    def __init__(self, settings: Settings, ssl_context: ssl.SSLContext | None = None) -> None:
        self._settings = settings
        self._context = ssl_context or ssl.create_default_context()
        self._connection: smtplib.SMTP | None = None
        self._used_at = 0.0
        self._relay = f"{settings.smtp_host}:{settings.smtp_port}"

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        connection = self._connect()
        try:
            connection.ehlo_or_helo_if_needed()  # before has_extn: it reads EHLO's answer
            options = _mail_options(connection, sender, recipients, raw)
            refused = _pipelined(connection, sender, recipients, raw, options) \
                if connection.has_extn("pipelining") \
                else connection.sendmail(sender, recipients, raw, options)
        except smtplib.SMTPRecipientsRefused as exc:
            self.close()
            raise _refusal(exc.recipients) from exc
        except smtplib.SMTPResponseException as exc:  # MAIL FROM or DATA answered
            self.close()
            raise _failure(exc.smtp_code, f"{self._relay} answered {_said(exc)}") from exc
        except smtplib.SMTPNotSupportedError as exc:  # SMTPUTF8 needed, not offered
            self.close()
            raise PermanentFailure(f"{self._relay}: {exc}") from exc
        except (smtplib.SMTPException, OSError) as exc:
            self.close()
            raise TemporaryFailure(f"{self._relay}: {exc or type(exc).__name__}") from exc
        self._used_at = time.monotonic()
        if refused:
            # Sent to the others: retrying would repeat it to them. The log is the record.
            log.warning("outbox message %d: %s refused some recipients, sent to the rest: %s",
                        row_id, self._relay, _listing(refused))

    def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.quit()
            except (smtplib.SMTPException, OSError):
                connection.close()

    def _connect(self) -> smtplib.SMTP:
        if self._connection is not None:
            if time.monotonic() - self._used_at < FRESH_SECONDS:
                return self._connection
            # A relay may drop an idle connection; find out before sending into it.
            with contextlib.suppress(smtplib.SMTPException, OSError):
                if self._connection.noop()[0] == 250:
                    return self._connection
            self.close()
        try:
            self._connection = self._open()
        except (smtplib.SMTPException, OSError) as exc:
            # Problems with the relay itself (down, TLS, login) are the operator's to fix;
            # the messages wait for that rather than fail.
            raise TemporaryFailure(f"cannot use the relay {self._relay}: "
                                   f"{exc or type(exc).__name__}") from exc
        return self._connection

    def _open(self) -> smtplib.SMTP:
        s = self._settings
        # Our own HELO name: smtplib's default, socket.getfqdn(), may wait on DNS.
        if s.smtp_security == "tls":
            connection: smtplib.SMTP = smtplib.SMTP_SSL(
                s.smtp_host, s.smtp_port, local_hostname=s.domain, timeout=s.smtp_timeout,
                context=self._context)
        else:
            connection = smtplib.SMTP(s.smtp_host, s.smtp_port, local_hostname=s.domain,
                                      timeout=s.smtp_timeout)
        try:
            if s.smtp_security == "starttls":
                connection.starttls(context=self._context)
            if s.smtp_user:
                connection.login(s.smtp_user, s.smtp_password)
        except BaseException:
            connection.close()
            raise
        return connection


def _wire(row: OutboxMessage) -> bytes:
    """The bytes to send: the stored text, multipart/mixed with the files it carries."""
    try:
        return with_attachments(row.message, row.attachments)
    except ValueError as exc:  # a file no message can carry: no retry will help
        raise PermanentFailure(str(exc)) from exc


def _pipelined(connection: smtplib.SMTP, sender: str, recipients: list[str], raw: bytes,
               options: list[str]) -> dict[str, tuple[int, bytes]]:
    """smtplib's sendmail with RFC 2920 pipelining: MAIL, every RCPT and DATA in one write
    and the message in a second, two round trips to the relay instead of three and one per
    recipient (a third of the sender's time on a busy machine, bench/README.md). Raises
    what sendmail raises for the same answers; the caller closes the connection then."""
    if "smtputf8" in (option.lower() for option in options):
        if not connection.has_extn("smtputf8"):
            raise smtplib.SMTPNotSupportedError("SMTPUTF8 not supported by server")
        connection.command_encoding = "utf-8"
    size = [f"SIZE={len(raw)}"] if connection.has_extn("size") else []
    tail = "".join(f" {option}" for option in [*size, *options])
    connection.send("".join([f"MAIL FROM:{smtplib.quoteaddr(sender)}{tail}\r\n",
                             *(f"RCPT TO:{smtplib.quoteaddr(to)}\r\n" for to in recipients),
                             "DATA\r\n"]))
    code, said = connection.getreply()
    if code != 250:
        raise smtplib.SMTPSenderRefused(code, said, sender)
    refused: dict[str, tuple[int, bytes]] = {}
    for to in recipients:
        code, said = connection.getreply()
        if code not in (250, 251):
            refused[to] = (code, said)
    code, said = connection.getreply()
    if len(refused) == len(recipients):
        if code == 354:  # DATA taken with nobody to send to: leave without a message
            connection.close()
        raise smtplib.SMTPRecipientsRefused(refused)
    if code != 354:
        raise smtplib.SMTPDataError(code, said)
    body = re.sub(rb"(?m)^\.", b"..", raw)  # smtplib's dot-stuffing, RFC 5321 4.5.2
    connection.send(body + (b"" if body.endswith(b"\r\n") else b"\r\n") + b".\r\n")
    code, said = connection.getreply()
    if code != 250:
        raise smtplib.SMTPDataError(code, said)
    return refused


def _mail_options(connection: smtplib.SMTP, sender: str, recipients: list[str],
                  raw: bytes) -> list[str]:
    options = []
    if not all(address.isascii() for address in [sender, *recipients]):
        options.append("SMTPUTF8")  # RFC 6531; smtplib refuses if the relay lacks it
    if not raw.isascii() and connection.has_extn("8bitmime"):
        options.append("BODY=8BITMIME")  # RFC 6152
    return options


def _said(exc: smtplib.SMTPResponseException) -> str:
    text = exc.smtp_error
    return f"{exc.smtp_code} {text.decode(errors='replace') if isinstance(text, bytes) else text}"


def _listing(refused: dict[str, tuple[int, bytes]]) -> str:
    return "; ".join(f"{who}: {code} {text.decode(errors='replace')}"
                     for who, (code, text) in refused.items())


def _failure(code: int, text: str) -> Exception:
    return PermanentFailure(text) if 500 <= code < 600 else TemporaryFailure(text)


def _refusal(refused: dict[str, tuple[int, bytes]]) -> Exception:
    # Every recipient refused. One 4xx among them is worth another try: it may pass later.
    worst = 400 if any(code < 500 for code, _ in refused.values()) else 500
    return _failure(worst, f"every recipient was refused: {_listing(refused)}")


def transport_for(settings: Settings) -> Transport:
    """The relay when one is configured, else the Maildir."""
    if settings.smtp_host:
        return SmtpTransport(settings)
    return MaildirTransport(settings.maildir)
