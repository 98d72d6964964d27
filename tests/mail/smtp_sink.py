"""A real SMTP server on 127.0.0.1 (aiosmtpd) that keeps what it is sent, for sender tests.

Its answers can be set per test: `refuse` maps a recipient to its RCPT answer, and
`data_reply` (while set) answers every DATA instead of accepting the message. With
`pipelining` it announces PIPELINING (RFC 2920), as Postfix does; aiosmtpd reads its
commands line by line, so a client's pipelined commands are answered in order.
"""

from __future__ import annotations

import os
import shutil
import ssl
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from tests.mailstack_process import free_port

USER, PASSWORD = "judge", "secret"


@dataclass(frozen=True)
class Delivery:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes
    connection: int  # the same number for messages sent over one connection
    tls: bool
    login: bytes | None
    smtp_utf8: bool


@dataclass
class SinkHandler:
    received: list[Delivery] = field(default_factory=list)
    refuse: dict[str, str] = field(default_factory=dict)
    data_reply: str | None = None
    noop_reply: str = "250 OK"
    data_attempts: int = 0
    pipelining: bool = False

    async def handle_EHLO(self, server: SMTP, session: Session, envelope: Envelope,
                          hostname: str, responses: list[str]) -> list[str]:
        session.host_name = hostname  # aiosmtpd leaves it to a handler that answers EHLO
        return [responses[0], *(["250-PIPELINING"] if self.pipelining else []),
                *responses[1:]]

    async def handle_NOOP(self, server: SMTP, session: Session, envelope: Envelope,
                          arg: str) -> str:
        return self.noop_reply

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.data_attempts += 1
        if self.data_reply is not None:
            return self.data_reply
        auth: Any = session.auth_data
        self.received.append(Delivery(
            mail_from=envelope.mail_from or "", rcpt_tos=list(envelope.rcpt_tos),
            data=envelope.original_content or b"", connection=id(session),
            tls=session.ssl is not None, smtp_utf8=envelope.smtp_utf8,
            login=auth.login if isinstance(auth, LoginPassword) else None))
        return "250 OK"


def accept_judge(server: SMTP, session: Session, envelope: Envelope, mechanism: str,
                 auth_data: Any) -> AuthResult:
    # handled=False: aiosmtpd then answers a failure itself (535), as a server would.
    return AuthResult(success=auth_data == LoginPassword(USER.encode(), PASSWORD.encode()),
                      handled=False, auth_data=auth_data)


class Sink:
    """The server; `with Sink(...) as sink:` runs it for the block."""

    def __init__(self, port: int | None = None, *, pipelining: bool = False,
                 **options: Any) -> None:
        self.handler = SinkHandler(pipelining=pipelining)
        self.port = port or free_port()
        options.setdefault("enable_SMTPUTF8", True)
        self._controller = Controller(self.handler, hostname="127.0.0.1", port=self.port,
                                      **options)

    @property
    def received(self) -> list[Delivery]:
        return self.handler.received

    def __enter__(self) -> Sink:
        self._controller.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._controller.stop()


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert, self.key)
        return context

    def client_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cert))


def make_certificate(folder: Path) -> Certificate:
    """A self-signed certificate for 127.0.0.1, made by the openssl binary."""
    openssl = shutil.which("openssl")
    if openssl is None:
        if os.environ.get("CI"):
            pytest.fail("openssl not found; CI must install it", pytrace=False)
        pytest.skip("openssl not found (apt-get install openssl)")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return Certificate(cert, key)
