"""`judge mail run FILE.eml…`: raw messages through the whole pipeline, the mail it made shown.

Each file is stored and processed exactly as a message from the mail server would be; then
every message that run queued in the outbox (the reply, and any reports or notices it set
off) is printed under a line naming its recipients and subject. The outbox keeps them, to
be sent as usual.
"""

from __future__ import annotations

import argparse
import email
import email.policy
import sys
from email.message import EmailMessage
from pathlib import Path

from judge.app import Judge
from judge.cli.support import judge_of
from judge.mail.inbound.pipeline import process_message, receive
from judge.store import repo_inbox, repo_mail
from judge.store.models import InboxState, OutboxMessage

SEPARATOR = "=" * 8


def run(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    status = 0
    for path in args.files:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            print(f"judge: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            status = 1
            continue
        status = max(status, _one(judge, path, raw))
    return status


def _one(judge: Judge, path: Path, raw: bytes) -> int:
    """Process one message; 1 if it failed."""
    last = _last_outbox_id(judge)
    inbox_id, new = receive(judge, raw)
    if not new:
        print(f"judge: {path}: already received (inbox {inbox_id}); not processed again",
              file=sys.stderr)
    process_message(judge, inbox_id)
    with judge.db.unit_of_work() as session:
        row = repo_inbox.inbox_message(session, inbox_id)
        assert row is not None
        state, error = row.state, row.error
        for message in repo_mail.outbox_after(session, last):
            print(_shown(message))
    if state == InboxState.DROPPED:
        print(f"judge: {path}: no reply ({error})", file=sys.stderr)
    elif state != InboxState.DONE:
        print(f"judge: {path}: failed ({error}); it is kept in the inbox as {state.value}",
              file=sys.stderr)
        return 1
    return 0


def _last_outbox_id(judge: Judge) -> int:
    with judge.db.unit_of_work() as session:
        return repo_mail.last_outbox_id(session)


def _shown(row: OutboxMessage) -> str:
    message = email.message_from_bytes(row.message, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    part = message.get_body(("plain",))
    body = part.get_content() if part is not None else ""
    body = body.replace("\r\n", "\n").rstrip()
    to = ", ".join(row.recipients)
    return f"{SEPARATOR} To: {to} | Subject: {message['Subject']} {SEPARATOR}\n{body}\n"
