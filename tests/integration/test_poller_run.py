"""ImapPoller.run in a thread against the real stack: IDLE, a server restart, a bad login."""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from imapclient import IMAPClient

from judge.app import Judge
from judge.mail.inbound.pipeline import receive
from judge.mail.inbound.poller import ImapPoller
from tests.integration.poller_helpers import inbox, poller_for, raw_message, running, wait_until
from tests.mailstack import MailStack

POLLER = "judge.mail.inbound.poller"
# Far beyond every wait below: only IDLE can bring these messages in in time.
LONG_POLL = 600


def messages_logged(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == POLLER and text in r.getMessage()]


def idled(caplog: pytest.LogCaptureFixture, times: int) -> bool:
    return len(messages_logged(caplog, "idling on INBOX")) >= times


def idling_poller(judge: Judge, caplog: pytest.LogCaptureFixture,
                  stored: threading.Event) -> ImapPoller:
    caplog.set_level(logging.DEBUG, logger=POLLER)
    return ImapPoller(replace(judge.settings, imap_poll_seconds=LONG_POLL),
                      lambda raw: receive(judge, raw), on_stored=stored.set)


def test_run_picks_up_mail_delivered_while_it_idles(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    stored = threading.Event()
    with running(idling_poller(judge, caplog, stored)) as raised:
        wait_until(lambda: bool(messages_logged(caplog, "idling on INBOX")), "the first IDLE")
        with mail.smtp() as smtp:
            smtp.sendmail("bob@example.test", ["judge+ab12@example.test"],
                          raw_message("while idle", sender="bob@example.test"))
        wait_until(stored.is_set, "the message to be stored")
    assert raised == []
    assert [str(m["Subject"]) for m in inbox(judge)] == ["while idle"]
    assert len(mail.messages("judge", "Processed")) == 1


def test_after_idle_a_poll_goes_straight_to_search(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #18: IDLE ending on new mail has just shown the connection alive and the
    folder selected, so the poll that follows sends neither NOOP nor SELECT (two of its
    round trips, for each poll while mail comes in)."""
    sent: list[str] = []

    def counted(name: str) -> Callable[..., Any]:
        real = getattr(IMAPClient, name)

        def command(client: IMAPClient, *args: Any, **kwargs: Any) -> Any:
            sent.append(name)
            return real(client, *args, **kwargs)
        return command

    for name in ("noop", "select_folder"):
        monkeypatch.setattr(IMAPClient, name, counted(name))
    stored = threading.Event()
    with running(idling_poller(judge, caplog, stored)) as raised:
        for n in range(3):
            # Idling for the (n + 1)th time: message n comes while it idles.
            wait_until(functools.partial(idled, caplog, n + 1), "the poller to idle")
            stored.clear()
            mail.deliver_lmtp("judge", raw_message(f"message {n}"))
            wait_until(stored.is_set, "the message to be stored")
    assert raised == []
    assert sent == ["select_folder"]  # the first poll's, after logging in
    assert sorted(str(m["Subject"]) for m in inbox(judge)) == [
        "message 0", "message 1", "message 2"]
    assert len(mail.messages("judge", "Processed")) == 3


def test_run_survives_a_server_restart(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    stored = threading.Event()
    with running(idling_poller(judge, caplog, stored)) as raised:
        wait_until(lambda: bool(messages_logged(caplog, "idling on INBOX")), "the first IDLE")
        mail.restart_dovecot()
        mail.deliver_lmtp("judge", raw_message("after the restart"))
        wait_until(stored.is_set, "the message to be stored")
    assert raised == []
    assert messages_logged(caplog, "connection lost")
    assert len(messages_logged(caplog, "logged in to")) >= 2
    assert [str(m["Subject"]) for m in inbox(judge)] == ["after the restart"]


def test_run_reconnects_after_the_connection_drops_without_a_word(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    stored = threading.Event()
    with running(idling_poller(judge, caplog, stored)) as raised:
        wait_until(lambda: bool(messages_logged(caplog, "idling on INBOX")), "the first IDLE")
        mail.drop_imap_connections()
        wait_until(lambda: bool(messages_logged(caplog, "the server closed the connection")),
                   "the poller to notice")
        mail.deliver_lmtp("judge", raw_message("after the drop"))
        wait_until(stored.is_set, "the message to be stored")
    assert raised == []
    assert [str(m["Subject"]) for m in inbox(judge)] == ["after the drop"]


def test_a_wrong_password_is_logged_and_retried_with_backoff(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    poller = poller_for(judge, imap_password="wrong")
    refused = "login as judge on 127.0.0.1"
    with running(poller) as raised:
        wait_until(lambda: len(messages_logged(caplog, refused)) >= 2, "two refused logins")
    assert raised == []
    first, second = messages_logged(caplog, refused)[:2]
    assert first.endswith("retrying in 1 s")
    assert second.endswith("retrying in 2 s")
    assert "wrong" not in caplog.text  # the password is never logged
