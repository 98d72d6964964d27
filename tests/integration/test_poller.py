"""The IMAP poller against the real Dovecot, storing through the real pipeline on SQLite."""

from __future__ import annotations

import email
import logging
import ssl
from dataclasses import replace

import pytest
from imapclient import IMAPClient

from judge.app import Judge
from judge.mail.inbound.pipeline import receive
from judge.mail.inbound.poller import ImapPoller
from judge.store import repo_inbox
from tests.integration.poller_helpers import flags, inbox, poller_for, raw_message, subjects
from tests.mailstack import MailStack

POLLER = "judge.mail.inbound.poller"


def test_messages_are_stored_then_moved_to_processed_and_seen(
        judge: Judge, mail: MailStack) -> None:
    for subject in ("one", "two", "three"):
        mail.deliver_lmtp("judge", raw_message(subject))
    calls: list[int] = []
    poller = ImapPoller(judge.settings, lambda raw: receive(judge, raw),
                        on_stored=lambda: calls.append(1))
    try:
        assert poller.poll_once() == 3
        assert poller.poll_once() == 0
    finally:
        poller.close()
    assert subjects(inbox(judge)) == ["one", "three", "two"]
    assert calls == [1]  # once per FETCH batch that stored something
    assert mail.messages("judge") == []
    assert subjects([email.message_from_bytes(r) for r in mail.messages("judge", "Processed")]) \
        == ["one", "three", "two"]
    assert all(b"\\Seen" in f for f in flags(mail, "Processed"))


def test_a_missing_processed_folder_is_created(judge: Judge, mail: MailStack) -> None:
    with mail.imap("judge") as client:
        assert not client.folder_exists("Archive/judge")
    mail.deliver_lmtp("judge", raw_message("filed"))
    poller = poller_for(judge, imap_processed_folder="Archive/judge")
    assert poller.poll_once() == 1
    poller.close()
    assert len(mail.messages("judge", "Archive/judge")) == 1


def test_a_store_failure_leaves_the_message_for_the_next_poll(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    mail.deliver_lmtp("judge", raw_message("good"))
    mail.deliver_lmtp("judge", raw_message("poison"))
    failing = True

    def store(raw: bytes) -> object:
        if failing and b"Subject: poison" in raw:
            raise RuntimeError("database is down")
        return receive(judge, raw)

    poller = poller_for(judge, store)
    try:
        assert poller.poll_once() == 1
        [left] = mail.messages("judge")
        assert b"Subject: poison" in left
        assert flags(mail, "INBOX") == [()]  # fetched with PEEK: not \Seen
        assert "could not store message UID" in caplog.text
        failing = False
        assert poller.poll_once() == 1
    finally:
        poller.close()
    assert subjects(inbox(judge)) == ["good", "poison"]
    assert mail.messages("judge") == []


def test_a_message_stored_twice_makes_one_inbox_row(judge: Judge, mail: MailStack) -> None:
    # The crash this guards against: stored and committed, then killed before the move.
    crash_after_commit = True

    def store(raw: bytes) -> object:
        stored = receive(judge, raw)
        if crash_after_commit:
            raise RuntimeError("killed after the commit")
        return stored

    mail.deliver_lmtp("judge", raw_message("twice"))
    poller = poller_for(judge, store)
    assert poller.poll_once() == 0
    crash_after_commit = False
    assert poller.poll_once() == 1
    poller.close()
    assert subjects(inbox(judge)) == ["twice"]


def test_identical_copies_in_the_folder_make_one_inbox_row(
        judge: Judge, mail: MailStack) -> None:
    raw = raw_message("copied")
    with mail.imap("judge") as client:
        client.append("INBOX", raw)
        client.append("INBOX", raw)
    poller = poller_for(judge)
    assert poller.poll_once() == 2
    poller.close()
    assert subjects(inbox(judge)) == ["copied"]
    assert len(mail.messages("judge", "Processed")) == 2


def test_one_message_delivered_twice_by_the_mta_makes_one_inbox_row(
        judge: Judge, mail: MailStack) -> None:
    # Each delivery adds its own Return-Path, Delivered-To and Received (with a unique id):
    # the two copies differ in bytes, yet are one message.
    raw = raw_message("redelivered")
    mail.deliver_lmtp("judge", raw)
    mail.deliver_lmtp("judge+again", raw)
    first, second = mail.messages("judge")
    assert first != second
    poller = poller_for(judge)
    assert poller.poll_once() == 2
    poller.close()
    assert subjects(inbox(judge)) == ["redelivered"]


def test_a_uidvalidity_change_is_logged_and_the_folder_rescanned(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    mail.deliver_lmtp("judge", raw_message("before"))
    mail.deliver_lmtp("judge", raw_message("left behind"))
    failing = True

    def store(raw: bytes) -> object:
        if failing and b"left behind" in raw:
            raise RuntimeError("not now")
        return receive(judge, raw)

    poller = poller_for(judge, store)
    try:
        assert poller.poll_once() == 1
        with mail.imap("judge") as client:
            old = client.select_folder("INBOX", readonly=True)[b"UIDVALIDITY"]
        mail.set_uidvalidity("judge", 4242)
        mail.deliver_lmtp("judge", raw_message("after"))
        failing = False
        assert poller.poll_once() == 2
    finally:
        poller.close()
    assert f"UIDVALIDITY of INBOX changed from {old} to 4242" in caplog.text
    assert subjects(inbox(judge)) == ["after", "before", "left behind"]
    assert mail.messages("judge") == []


@pytest.mark.parametrize("hidden", [("MOVE",), ("MOVE", "UIDPLUS")])
def test_without_move_messages_are_copied_and_expunged(
        judge: Judge, mail: MailStack, monkeypatch: pytest.MonkeyPatch,
        hidden: tuple[str, ...]) -> None:
    has = IMAPClient.has_capability
    monkeypatch.setattr(IMAPClient, "has_capability",
                        lambda client, name: name.upper() not in hidden and has(client, name))
    mail.deliver_lmtp("judge", raw_message("copied away"))
    poller = poller_for(judge)
    assert poller.poll_once() == 1
    poller.close()
    assert mail.messages("judge") == []
    assert flags(mail, "Processed") == [(b"\\Seen",)]


def test_a_deleted_message_is_left_alone(judge: Judge, mail: MailStack) -> None:
    with mail.imap("judge") as client:
        client.append("INBOX", raw_message("deleted by the operator"), flags=[b"\\Deleted"])
    poller = poller_for(judge)
    assert poller.poll_once() == 0
    poller.close()
    assert inbox(judge) == []


def test_an_oversized_message_is_stored_cut_to_the_limit(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    mail.deliver_lmtp("judge", raw_message("huge", body="HELP\n" + "x" * 70 * 150))
    [delivered] = mail.messages("judge")
    poller = poller_for(judge, max_message_bytes=2000)
    assert poller.poll_once() == 1
    poller.close()
    with judge.db.unit_of_work() as session:
        [row] = repo_inbox.new_inbox_messages(session)
        assert row.raw == delivered[:2000]
    assert f"is {len(delivered)} bytes; storing its first 2000" in caplog.text


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_tls_logins_verify_the_server(judge: Judge, mail_tls: MailStack, security: str,
                                      caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=POLLER)
    port = mail_tls.imaps_port if security == "tls" else mail_tls.imap_port
    settings = replace(judge.settings, imap_port=port, imap_security=security)
    mail_tls.deliver_lmtp("judge", raw_message("secured"))
    untrusted = ImapPoller(settings, lambda raw: receive(judge, raw))
    with pytest.raises(ssl.SSLCertVerificationError):
        untrusted.poll_once()
    context = ssl.create_default_context(cafile=str(mail_tls.cafile))
    poller = ImapPoller(settings, lambda raw: receive(judge, raw), ssl_context=context)
    assert poller.poll_once() == 1
    poller.close()
    assert f"as judge ({security})" in caplog.text
    assert subjects(inbox(judge)) == ["secured"]
