"""Helpers of the poller tests: messages to deliver, what a folder holds, a poller thread."""

from __future__ import annotations

import email
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from email.message import Message
from typing import Any

import sqlalchemy as sa

from judge.app import Judge
from judge.config import Settings
from judge.mail.inbound.pipeline import process_pending, receive
from judge.mail.inbound.poller import ImapPoller
from judge.store import repo_inbox
from judge.store.models import InboxMessage, OutboxMessage
from tests.mailstack import MailStack


def settings_for(stack: MailStack, database_url: str, **changes: Any) -> Settings:
    base = Settings(database_url=database_url, judge_address="judge@example.test",
                    imap_host="127.0.0.1", imap_port=stack.imap_port, imap_user="judge",
                    imap_password="secret")
    return replace(base, **changes)


def poller_for(judge: Judge, store: Callable[[bytes], object] | None = None,
               **changes: Any) -> ImapPoller:
    """A poller with the judge's settings (and changes), storing through the pipeline."""
    return ImapPoller(replace(judge.settings, **changes),
                      store or (lambda raw: receive(judge, raw)))


def inbox(judge: Judge) -> list[Message]:
    """The new inbox rows the store holds, as parsed messages."""
    with judge.db.unit_of_work() as session:
        return [email.message_from_bytes(row.raw) for row in repo_inbox.new_inbox_messages(session)]


def raw_message(subject: str, body: str = "HELP\n", sender: str = "alice@example.test") -> bytes:
    """A message with its own Message-ID, as a player's client would send it."""
    text = (f"From: {sender}\r\nTo: judge@example.test\r\nSubject: {subject}\r\n"
            f"Message-ID: <{uuid.uuid4().hex}@players.example>\r\n"
            "Date: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\n" + body.replace("\n", "\r\n"))
    return text.encode()


def outcomes(judge: Judge) -> list[tuple[str, str | None, int]]:
    """After processing what is stored: each inbox row's state and error, and how many
    outbox rows answer it."""
    process_pending(judge)
    with judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(InboxMessage).order_by(InboxMessage.id)).all()
        return [(row.state.value, row.error, len(session.scalars(
            sa.select(OutboxMessage).where(OutboxMessage.in_reply_to_id == row.id)).all()))
            for row in rows]


def subjects(messages: list[Message]) -> list[str]:
    return sorted(str(message["Subject"]) for message in messages)


def flags(stack: MailStack, folder: str) -> list[tuple[bytes, ...]]:
    """The flags of judge's messages in folder, oldest first (\\Recent left out)."""
    with stack.imap("judge") as client:
        client.select_folder(folder, readonly=True)
        found = client.get_flags(client.search("ALL"))
        return [tuple(f for f in found[uid] if f != b"\\Recent") for uid in sorted(found)]


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting, after {timeout} s, for {what}")
        time.sleep(0.05)


@contextmanager
def running(poller: ImapPoller) -> Iterator[list[BaseException]]:
    """poller.run in a thread, stopped on exit; yields what run raised (it never should)."""
    stop, raised = threading.Event(), list[BaseException]()

    def target() -> None:
        try:
            poller.run(stop)
        except BaseException as exc:
            raised.append(exc)

    thread = threading.Thread(target=target, name="imap-poller", daemon=True)
    thread.start()
    try:
        yield raised
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive(), "run did not end after stop was set"
