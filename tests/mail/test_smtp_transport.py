"""SmtpTransport's security modes and login, against aiosmtpd on 127.0.0.1.

The certificate is self-signed, made by openssl for 127.0.0.1; the client trusts it
only when told to, which proves that the certificate is checked at all.
"""

from __future__ import annotations

import smtplib
from typing import Any

import pytest

from judge.config import Settings
from judge.mail.outbound import smtp as smtp_module
from judge.mail.outbound.delivery import PermanentFailure, TemporaryFailure
from judge.mail.outbound.smtp import SmtpTransport
from tests.mail.smtp_sink import PASSWORD, USER, Certificate, Sink, accept_judge, make_certificate

RAW = b"From: judge@example.test\r\nTo: alice@example.test\r\nSubject: hi\r\n\r\nbody\r\n"
TO = ["alice@example.test"]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    return make_certificate(tmp_path_factory.mktemp("tls"))


def settings(port: int, security: str = "none", user: str = "", password: str = "") -> Settings:
    return Settings(smtp_host="127.0.0.1", smtp_port=port, smtp_timeout=10,
                    domain="example.test", smtp_security=security, smtp_user=user,
                    smtp_password=password)


def send(transport: SmtpTransport) -> None:
    try:
        transport.deliver(1, "judge@example.test", TO, RAW)
    finally:
        transport.close()


def test_starttls_upgrades_the_connection_before_the_message(certificate: Certificate) -> None:
    with Sink(tls_context=certificate.server_context(), require_starttls=True) as sink:
        send(SmtpTransport(settings(sink.port, security="starttls"),
                           certificate.client_context()))
    assert [(d.data, d.tls) for d in sink.received] == [(RAW, True)]


def test_smtps_speaks_tls_from_the_first_byte(certificate: Certificate) -> None:
    with Sink(ssl_context=certificate.server_context()) as sink:
        send(SmtpTransport(settings(sink.port, security="tls"),
                           certificate.client_context()))
    assert [d.data for d in sink.received] == [RAW]


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_an_untrusted_certificate_is_refused_and_the_message_waits(
        certificate: Certificate, security: str) -> None:
    context = certificate.server_context()
    key = "tls_context" if security == "starttls" else "ssl_context"
    tls: dict[str, Any] = {key: context}
    with Sink(None, **tls) as sink, pytest.raises(TemporaryFailure, match="VERIFY_FAILED"):
        send(SmtpTransport(settings(sink.port, security=security)))
    assert sink.received == []


def test_starttls_to_a_relay_without_it_waits_for_the_operator() -> None:
    with Sink() as sink, pytest.raises(TemporaryFailure, match="STARTTLS extension not"):
        send(SmtpTransport(settings(sink.port, security="starttls")))
    assert sink.received == []


def test_it_logs_in_when_a_user_is_set() -> None:
    with Sink(authenticator=accept_judge, auth_require_tls=False) as sink:
        send(SmtpTransport(settings(sink.port, user=USER, password=PASSWORD)))
    assert [(d.data, d.login) for d in sink.received] == [(RAW, USER.encode())]


def test_a_wrong_password_is_temporary_not_the_message_s_fault() -> None:
    with Sink(authenticator=accept_judge, auth_require_tls=False) as sink, \
            pytest.raises(TemporaryFailure, match="535"):
        send(SmtpTransport(settings(sink.port, user=USER, password="wrong")))
    assert sink.received == []


def test_a_non_ascii_address_is_sent_with_smtputf8() -> None:
    with Sink() as sink:
        transport = SmtpTransport(settings(sink.port))
        try:
            transport.deliver(1, "judge@example.test", ["jörg@example.test"], RAW)
        finally:
            transport.close()
    assert [(d.rcpt_tos, d.smtp_utf8) for d in sink.received] == [(["jörg@example.test"], True)]


def test_a_non_ascii_address_to_a_relay_without_smtputf8_fails_for_good() -> None:
    with Sink(enable_SMTPUTF8=False) as sink, pytest.raises(PermanentFailure, match="SMTPUTF8"):
        transport = SmtpTransport(settings(sink.port))
        try:
            transport.deliver(1, "judge@example.test", ["jörg@example.test"], RAW)
        finally:
            transport.close()


def test_a_kept_connection_the_relay_no_longer_serves_is_replaced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with Sink() as sink:
        transport = SmtpTransport(settings(sink.port))
        transport.deliver(1, "judge@example.test", TO, RAW)
        transport.deliver(2, "judge@example.test", TO, RAW)
        # As if the connection had been idle: checked with a NOOP, which the relay refuses.
        monkeypatch.setattr(smtp_module, "FRESH_SECONDS", 0.0)
        sink.handler.noop_reply = "421 4.4.2 Idle too long, closing"
        transport.deliver(3, "judge@example.test", TO, RAW)
        transport.close()
    first, second, third = (d.connection for d in sink.received)
    assert first == second != third


def test_a_relay_that_pipelines_gets_each_message_in_two_writes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # RFC 2920: MAIL, both RCPTs and DATA in one write, the message in the second; one by
    # one they took five round trips to the relay (issue #18, the sender's time).
    writes: list[Any] = []
    original = smtplib.SMTP.send

    def counted(self: smtplib.SMTP, data: Any) -> None:
        writes.append(data)
        original(self, data)

    monkeypatch.setattr(smtplib.SMTP, "send", counted)
    to = ["alice@example.test", "bob@example.test"]
    with Sink(pipelining=True) as sink:
        transport = SmtpTransport(settings(sink.port))
        transport.deliver(1, "judge@example.test", to, RAW)  # the first says EHLO too
        before = len(writes)
        transport.deliver(2, "judge@example.test", to, RAW)
        assert len(writes) - before == 2
        transport.close()
    assert [(d.rcpt_tos, d.data) for d in sink.received] == [(to, RAW)] * 2
    assert sink.received[0].connection == sink.received[1].connection


def test_each_address_is_quoted_once_for_a_run_of_messages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # smtplib.quoteaddr parses the address each time (issue #18: 20 us, twice a message).
    asked: list[str] = []
    original = smtplib.quoteaddr

    def counted(address: str) -> str:
        asked.append(address)
        return original(address)

    monkeypatch.setattr(smtplib, "quoteaddr", counted)
    smtp_module.quoted.cache_clear()
    to = ["Carol <carol@example.test>", "dave@example.test"]
    with Sink(pipelining=True) as sink:
        transport = SmtpTransport(settings(sink.port))
        for row_id in range(3):
            transport.deliver(row_id, "judge@example.test", to, RAW)
        transport.close()
    assert sorted(asked) == sorted(["judge@example.test", *to])
    assert [d.rcpt_tos for d in sink.received] == [["carol@example.test",
                                                    "dave@example.test"]] * 3
    assert {d.mail_from for d in sink.received} == {"judge@example.test"}
