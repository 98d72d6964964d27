"""What makes a message automatic (judge/mail/inbound/automatic.py), reason by reason."""

from __future__ import annotations

import pytest

from judge.mail.inbound.message import read_message

HEAD = (b"From: Player <player@example.org>", b"To: judge@dip.example",
        b"Message-ID: <a1@example.org>")


def read(*headers: bytes, subject: bytes = b"orders") -> tuple[bool, str | None]:
    raw = b"\r\n".join((*HEAD, b"Subject: " + subject, *headers, b"", b"A PAR - BUR", b""))
    inbound = read_message(raw)
    return inbound.automatic, inbound.automatic_reason


@pytest.mark.parametrize(("header", "reason"), [
    (b"Return-Path: <>", "null Return-Path"),
    (b"Return-Path: < >", "null Return-Path"),
    (b"Return-Path: <<>>", "null Return-Path"),
    (b"Return-Path: <> (MAILER-DAEMON)", "null Return-Path"),
    (b"Return-Path:", "null Return-Path"),
    (b"Precedence: auto_reply", "Precedence: auto_reply"),
    (b"X-Autoreply-From: player@example.org", "X-Autoreply-From header"),
    (b"X-Mail-Autoreply: yes", "X-Mail-Autoreply header"),
    (b"X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent",
     "X-MS-Exchange-Generated-Message-Source header"),
    (b"X-MS-Exchange-Inbox-Rules-Loop: player@example.org",
     "X-MS-Exchange-Inbox-Rules-Loop header"),
])
def test_machine_headers(header: bytes, reason: str) -> None:
    assert read(header) == (True, reason)


def test_only_the_return_path_on_top_counts() -> None:
    assert read(b"Return-Path: <player@example.org>", b"Return-Path: <>") == (False, None)


@pytest.mark.parametrize("subject", [
    "Automatic reply: orders", "automatic reply:orders", "Autoreply: orders",
    "Auto-Reply: orders", "Auto Response: orders", "Out of Office: orders",
    "Out of the office: orders", "Out of Office AutoReply: orders",
    "AUTO: Player is out of the office", "Automatische Antwort: orders",
    "Abwesenheitsnotiz: orders", "Réponse automatique : orders",
    "Respuesta automática: orders", "Risposta automatica: orders",
    "Resposta automática: orders", "Automatisch antwoord: orders", "Autosvar: orders",
    "Automatiskt svar: orders", "Automaattinen vastaus: orders",
    "Automatyczna odpowiedź: orders",
])
def test_automatic_reply_subjects(subject: str) -> None:
    assert read(subject=subject.encode()) == \
        (True, f'an automatic reply\'s subject: "{subject}"')


@pytest.mark.parametrize("subject", [
    "Out of office next week", "Re: Automatic reply: orders", "Automatically yours",
    "Autumn orders: F1901", "auto orders", "Outlook: orders",
])
def test_subjects_a_person_writes(subject: str) -> None:
    assert read(subject=subject.encode()) == (False, None)


@pytest.mark.parametrize("header", [
    b"X-Auto-Response-Suppress: All", b"X-Auto-Response-Suppress: DR, OOF, AutoReply",
    b"X-MS-Has-Attach: yes", b"X-MS-TNEF-Correlator:", b"Return-Path: <player@example.org>",
])
def test_what_outlook_puts_on_a_persons_mail(header: bytes) -> None:
    assert read(header) == (False, None)
