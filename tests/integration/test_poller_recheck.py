"""The poller between IDLE's announcements (issue #18): a burst is drained without idling,
and `imap_recheck_ms` looks for mail while idling, since Dovecot announces new mail to IDLE
half a second after it came; off by default, so that a remote server is not asked."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import replace
from typing import Any

import pytest
from imapclient import IMAPClient

from judge.app import Judge
from judge.mail.inbound.pipeline import receive
from judge.mail.inbound.poller import ImapPoller
from tests.integration.poller_helpers import inbox, raw_message, running, wait_until
from tests.integration.test_poller_run import LONG_POLL, POLLER, idled, messages_logged
from tests.mailstack import MailStack


def _poller(judge: Judge, caplog: pytest.LogCaptureFixture, recheck_ms: int,
            stored: threading.Event) -> ImapPoller:
    caplog.set_level(logging.DEBUG, logger=POLLER)
    settings = replace(judge.settings, imap_poll_seconds=LONG_POLL, imap_recheck_ms=recheck_ms)
    return ImapPoller(settings, lambda raw: receive(judge, raw), on_stored=stored.set)


def _idle_never_announces(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """IDLE as a server that announces nothing; the SEARCHes sent, listed."""
    searches: list[str] = []
    real_check, real_search = IMAPClient.idle_check, IMAPClient.search

    def idle_check(client: IMAPClient, timeout: float | None = None) -> list[Any]:
        real_check(client, timeout=timeout)
        return []

    def search(client: IMAPClient, *args: Any, **kwargs: Any) -> Any:
        searches.append("SEARCH")
        return real_search(client, *args, **kwargs)

    monkeypatch.setattr(IMAPClient, "idle_check", idle_check)
    monkeypatch.setattr(IMAPClient, "search", search)
    return searches


def test_the_recheck_finds_mail_idle_has_not_announced(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _idle_never_announces(monkeypatch)
    stored = threading.Event()
    with running(_poller(judge, caplog, 50, stored)) as raised:
        wait_until(lambda: idled(caplog, 1), "the first IDLE")
        mail.deliver_lmtp("judge", raw_message("seen by the recheck"))
        # Without the recheck it would wait for the poll, LONG_POLL seconds away.
        wait_until(stored.is_set, "the message to be stored")
    assert raised == []
    assert [str(m["Subject"]) for m in inbox(judge)] == ["seen by the recheck"]
    assert len(mail.messages("judge", "Processed")) == 1


def test_by_default_an_idling_poller_asks_the_server_nothing(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    searches = _idle_never_announces(monkeypatch)
    assert judge.settings.imap_recheck_ms == 0
    stored = threading.Event()
    with running(_poller(judge, caplog, judge.settings.imap_recheck_ms, stored)) as raised:
        wait_until(lambda: idled(caplog, 1), "the first IDLE")
        asked = len(searches)
        time.sleep(1.0)  # twenty rechecks' worth at 50 ms
        assert len(searches) == asked
    assert raised == []


def test_mail_that_came_during_a_poll_is_fetched_without_idling(
        judge: Judge, mail: MailStack, caplog: pytest.LogCaptureFixture) -> None:
    """The drain: after a poll that stored mail the poller looks again before IDLE, so a
    burst never waits for IDLE's late announcement."""
    caplog.set_level(logging.DEBUG, logger=POLLER)
    idles_at_store: list[int] = []

    def store(raw: bytes) -> object:
        idles_at_store.append(len(messages_logged(caplog, "idling on INBOX")))
        if len(idles_at_store) == 1:  # the next message comes while this poll runs
            mail.deliver_lmtp("judge", raw_message("second"))
        return receive(judge, raw)

    mail.deliver_lmtp("judge", raw_message("first"))
    poller = ImapPoller(replace(judge.settings, imap_poll_seconds=LONG_POLL), store)
    with running(poller) as raised:
        wait_until(lambda: len(idles_at_store) == 2, "both messages to be stored")
    assert raised == []
    assert idles_at_store == [0, 0]
    assert sorted(str(m["Subject"]) for m in inbox(judge)) == ["first", "second"]
