"""Delivery to an SMTP relay: one connection kept across a batch, RFC 2920 pipelining
when the relay offers it, and each relay answer sorted into a permanent or a temporary
failure (the sender retries only the latter). The sender (sender.py) records outcomes;
this module only talks SMTP."""

from __future__ import annotations

import contextlib
import functools
import logging
import smtplib
import ssl
import time

from judge.config import Settings
from judge.mail.outbound.delivery import PermanentFailure, TemporaryFailure

log = logging.getLogger(__name__)

# A relay connection used this recently is sent into without a NOOP first: relays keep
# idle connections for minutes (Postfix: smtpd_timeout 300 s), and a NOOP costs a round trip.
FRESH_SECONDS = 5.0


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
    connection.send("".join([f"MAIL FROM:{quoted(sender)}{tail}\r\n",
                             *(f"RCPT TO:{quoted(to)}\r\n" for to in recipients),
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
    body = dot_stuffed(raw)
    connection.send(body + (b"" if body.endswith(b"\r\n") else b"\r\n") + b".\r\n")
    code, said = connection.getreply()
    if code != 250:
        raise smtplib.SMTPDataError(code, said)
    return refused


@functools.lru_cache(maxsize=1024)
def quoted(address: str) -> str:
    """smtplib.quoteaddr's <addr-spec> of `address`, kept: it parses the address with
    email.utils.parseaddr (20 us), for the judge's own address and a player's, the same
    few over and over (issue #18). A function of its argument alone, so a kept answer is
    the one it would give again."""
    return smtplib.quoteaddr(address)


def dot_stuffed(raw: bytes) -> bytes:
    """Each line that starts with a dot given one more (RFC 5321 4.5.2), as smtplib's
    `re.sub(rb"(?m)^\\.", b"..", raw)` does (a line starts after LF), by bytes.replace:
    the regular expression took about 3 ms over a report with its 100 KB picture, more
    than the rest of its sending (issue #18)."""
    body = raw.replace(b"\n.", b"\n..")
    return b"." + body if body.startswith(b".") else body


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
