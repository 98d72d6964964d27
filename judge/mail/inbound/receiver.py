"""The embedded SMTP receiver: mail for the judge, stored before it is acknowledged.

No game logic runs in the SMTP dialogue: DATA stores the raw bytes (with our trace
fields: Return-Path, the envelope sender, and Received) through `store` and answers 250
only once that committed. If storing fails the client is told 451 (452 when the store is
full) and its MTA retries later, so nothing is lost either way. A message whose From names
no address the judge could answer is refused for good (550), saying why.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from email.utils import format_datetime
from typing import Any, AnyStr

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from judge.config import Settings
from judge.game.clock import Clock, SystemClock
from judge.mail.addresses import excerpt
from judge.mail.inbound.message import read_envelope
from judge.mail.reply_tokens import is_own_address
from judge.store.errors import FULL, describe, needs_operator, trouble

log = logging.getLogger(__name__)

# What a HELO name may carry into our Received header: a domain or an address literal.
_UNSAFE_HELO = re.compile(r"[^A-Za-z0-9.\-_:\[\]]")


def _nothing() -> None:
    pass


class SmtpReceiver:
    """An aiosmtpd server on settings.listen_address, in its own thread.

    `on_stored` runs on that thread's event loop after each stored message: keep it
    quick (wake a worker), or every SMTP session waits for it.
    """

    def __init__(self, settings: Settings, store: Callable[[bytes], object],
                 on_stored: Callable[[], None] = _nothing, *,
                 clock: Clock | None = None) -> None:
        address = settings.listen_address
        if address is None:
            raise ValueError("no receiver: the `listen` setting is empty")
        self.host, self.port = address
        handler = _Handler(settings, store, on_stored, clock or SystemClock())
        # decode_data=False: bytes as sent, and 8BITMIME offered (RFC 6152).
        self._controller = _Controller(
            handler, hostname=self.host, port=self.port, server_hostname=settings.domain,
            data_size_limit=settings.max_message_bytes, enable_SMTPUTF8=True,
            decode_data=False)

    def start(self) -> None:
        self._controller.start()
        log.info("SMTP receiver listening on %s:%d", self.host, self.port)

    def stop(self) -> None:
        self._controller.stop()
        log.info("SMTP receiver on %s:%d stopped", self.host, self.port)


class _Handler:
    def __init__(self, settings: Settings, store: Callable[[bytes], object],
                 on_stored: Callable[[], None], clock: Clock) -> None:
        self._address = settings.judge_address
        self._store = store
        self._on_stored = on_stored
        self._clock = clock

    def accepts(self, address: str) -> bool:
        """The judge's address, or one of its sub-addresses (local+token@domain)."""
        return is_own_address(address, self._address)

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if not self.accepts(address):
            log.info("refused mail from %s (%s) for %s: not the judge's address",
                     _shown(envelope.mail_from), _peer_ip(session), _shown(address))
            return f"550 5.1.1 <{address}>: no such user here"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        refusal = _refusal(content, envelope.mail_from)
        if refusal is not None:
            log.info("refused a message from %s (%s): %s", _shown(envelope.mail_from),
                     _peer_ip(session), refusal)
            return refusal
        raw = self._trace(server, session, envelope) + content
        try:
            await asyncio.get_running_loop().run_in_executor(None, self._store, raw)
        except Exception as exc:
            return _store_failed(exc, envelope, session)
        log.info("accepted a message of %d bytes from %s (%s) for %s", len(content),
                 _shown(envelope.mail_from), _peer_ip(session),
                 ", ".join(map(_shown, envelope.rcpt_tos)))
        try:
            self._on_stored()
        except Exception:  # the message is stored: the client must hear 250 regardless
            log.exception("the callback after storing a message failed")
        return "250 2.0.0 OK: message stored"

    def _trace(self, server: SMTP, session: Session, envelope: Envelope) -> bytes:
        """RFC 5321 §4.4's trace fields, as a final delivery writes them: Return-Path with
        the envelope sender (<> for a bounce, which the pipeline then never answers), then
        Received: from whom (HELO, IP), by us, with what, when."""
        helo = _UNSAFE_HELO.sub("", session.host_name or "")[:255] or "unknown"
        protocol = "UTF8SMTP" if envelope.smtp_utf8 else (  # RFC 6531 §4.3
            "ESMTP" if session.extended_smtp else "SMTP")
        # `for` names one recipient only (§4.4); it keeps the token of a sub-address
        # that reached us by Bcc or forwarding and is in no header.
        recipient = f" for <{envelope.rcpt_tos[0]}>" if len(envelope.rcpt_tos) == 1 else ""
        header = (f"Return-Path: {_reverse_path(envelope.mail_from)}\r\n"
                  f"Received: from {helo} ({_literal(session)})\r\n"
                  f"\tby {server.hostname} with {protocol}{recipient};\r\n"
                  f"\t{format_datetime(self._clock.now())}\r\n")
        # surrogateescape: 8-bit bytes of an address sent without SMTPUTF8 go back as sent.
        return header.encode("utf-8", "surrogateescape")


def _reverse_path(mail_from: str | None) -> str:
    # aiosmtpd keeps MAIL FROM:<> as "<>" (the null reverse-path of RFC 5321 §4.5.5).
    address = (mail_from or "").strip()
    return "<>" if address in ("", "<>") else f"<{address}>"


def _refusal(content: bytes, mail_from: str | None) -> str | None:
    """A permanent refusal, saying why, of a message whose From names no address the judge
    could answer; None to take it. The sender's MTA then tells its author at once, instead
    of the judge dropping it unanswered. Automatic mail and bounces (the null sender) are
    never answered anyway: they are taken and dropped, rather than bounced back to a
    machine."""
    envelope = read_envelope(content)
    problem = envelope.sender_problem
    if problem is None or envelope.automatic or _reverse_path(mail_from) == "<>":
        return None
    # RFC 3463 X.1.7: bad sender's mailbox address syntax. A reply line is ASCII (RFC 5321
    # §4.2, unless the client asked for SMTPUTF8), so the quotation is escaped.
    said = problem.encode("ascii", "backslashreplace").decode("ascii")
    return (f"550 5.1.7 The judge cannot answer this message's From: {said}. Write From "
            "as Name <you@example.org>, the address itself in ASCII or UTF-8")


def _store_failed(exc: Exception, envelope: Envelope, session: Session) -> str:
    """The reply when storing failed: always a temporary one (the message is not stored,
    so the sending MTA must keep it and try again), saying whether the store is full."""
    what = trouble(exc)
    sender = _shown(envelope.mail_from)
    if what is None:  # not the database's state: a fault to look into, with its traceback
        log.exception("could not store a message from %s (%s); told it to retry", sender,
                      _peer_ip(session))
    else:
        log.log(logging.ERROR if needs_operator(what) else logging.WARNING,
                "could not store a message from %s (%s): %s (%s); told it to retry",
                sender, _peer_ip(session), what, describe(exc))
    if what == FULL:  # RFC 3463 X.3.1: mail system full
        return "452 4.3.1 The judge's mail store is full; try again later"
    return "451 4.3.0 The judge could not store your message; try again later"


def _shown(address: str | None) -> str:
    """An envelope address for the log: 8-bit bytes escaped, never a lone surrogate."""
    return excerpt(address or "") or "<>"


def _peer_ip(session: Session) -> str:
    peer: Any = session.peer
    return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"


def _literal(session: Session) -> str:
    ip = _peer_ip(session)
    return f"[IPv6:{ip}]" if ":" in ip else f"[{ip}]"  # RFC 5321 §4.1.3


class _Smtp(SMTP):
    """aiosmtpd's SMTP, saying what the size limit is when a message passes it."""

    async def push(self, status: AnyStr) -> None:
        # aiosmtpd's 552 says "Too much mail data" (or at MAIL FROM SIZE=, "exceeds
        # fixed maximum"): the player reads it in a bounce, so name the limit. 5.3.4 is
        # RFC 3463's "message too big for system".
        if isinstance(status, str) and status.startswith("552 "):
            log.info("refused a message over %s bytes from %s", self.data_size_limit,
                     _peer_ip(self.session) if self.session else "unknown")
            status = (f"552 5.3.4 Message too big: the judge accepts messages of at most "
                      f"{self.data_size_limit} bytes")
        await super().push(status)


class _Controller(Controller):
    def factory(self) -> SMTP:
        return _Smtp(self.handler, **self.SMTP_kwargs)
