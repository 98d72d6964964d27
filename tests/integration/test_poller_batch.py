"""The poller stores a whole FETCH in one transaction, and falls back to one message at a
time when that fails, so one message that cannot be stored holds back no other."""

from __future__ import annotations

import pytest

from judge.app import Judge
from judge.mail.inbound.pipeline import receive, receive_many
from judge.mail.inbound.poller import BATCH, ImapPoller
from tests.integration.poller_helpers import inbox, raw_message, subjects
from tests.mailstack import MailStack


def test_a_fetch_is_stored_in_one_call(judge: Judge, mail: MailStack) -> None:
    for subject in ("one", "two", "three"):
        mail.deliver_lmtp("judge", raw_message(subject))
    batches: list[int] = []

    def one(raw: bytes) -> object:
        raise AssertionError("stored alone although the batch store worked")

    def many(raws: list[bytes]) -> object:
        batches.append(len(raws))
        return receive_many(judge, raws)

    poller = ImapPoller(judge.settings, one, store_many=many)
    try:
        assert poller.poll_once() == 3
    finally:
        poller.close()
    assert batches == [3]
    assert subjects(inbox(judge)) == ["one", "three", "two"]
    assert mail.messages("judge") == []  # all three filed away


def test_a_failed_batch_is_stored_one_by_one(judge: Judge, mail: MailStack,
                                             caplog: pytest.LogCaptureFixture) -> None:
    for subject in ("good", "poison", "fine"):
        mail.deliver_lmtp("judge", raw_message(subject))

    def one(raw: bytes) -> object:
        if b"Subject: poison" in raw:
            raise RuntimeError("cannot store this one")
        return receive(judge, raw)

    def many(raws: list[bytes]) -> object:
        for raw in raws:
            one(raw)  # the poison one makes the whole transaction fail
        raise AssertionError("the poison message did not fail")

    poller = ImapPoller(judge.settings, one, store_many=many)
    try:
        assert poller.poll_once() == 2
    finally:
        poller.close()
    assert "storing 3 messages at once failed" in caplog.text
    assert subjects(inbox(judge)) == ["fine", "good"]
    [left] = mail.messages("judge")
    assert b"Subject: poison" in left


def test_the_worker_is_woken_after_each_fetch_batch(judge: Judge, mail: MailStack) -> None:
    for n in range(BATCH + 5):
        mail.deliver_lmtp("judge", raw_message(f"m{n:02}"))
    stored_at_wake: list[int] = []
    poller = ImapPoller(judge.settings, lambda raw: receive(judge, raw),
                        store_many=lambda raws: receive_many(judge, raws),
                        on_stored=lambda: stored_at_wake.append(len(inbox(judge))))
    try:
        assert poller.poll_once() == BATCH + 5
    finally:
        poller.close()
    # The first wake-up comes with the first FETCH stored, not after the whole backlog.
    assert stored_at_wake == [BATCH, BATCH + 5]
