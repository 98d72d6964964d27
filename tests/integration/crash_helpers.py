"""Helpers of the crash tests: what the judge's database holds, the players' mail, and
the end of a test, once nothing can be in flight any more."""

from __future__ import annotations

import email
import email.policy
import time
import uuid
from dataclasses import dataclass
from email.message import EmailMessage

import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import Account, InboxMessage, OutboxMessage
from tests.integration.judge_process import JudgeProcess
from tests.mailstack import MailStack

# Postfix's queues (postconf(5) queue_directory): a message is in one of them until
# delivered, so all of them empty means nothing is on its way to a mailbox.
POSTFIX_QUEUES = ("maildrop", "incoming", "active", "deferred", "hold")
REGISTER = "REGISTER\nname: {name}\nEND\n"


@dataclass(frozen=True)
class Snapshot:
    """The judge's tables in id order: inbox (state, attempts), outbox (state, attempts,
    recipients), and how many accounts there are."""

    inbox: list[tuple[str, int]]
    outbox: list[tuple[str, int, str]]
    accounts: int


def snapshot(url: str) -> Snapshot:
    db = Database(url)
    try:
        with db.unit_of_work() as session:
            inbox = session.scalars(sa.select(InboxMessage).order_by(InboxMessage.id))
            outbox = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id))
            return Snapshot(
                inbox=[(row.state.value, row.attempts) for row in inbox],
                outbox=[(row.state.value, row.attempts, ",".join(row.recipients))
                        for row in outbox],
                accounts=session.scalar(sa.select(sa.func.count()).select_from(Account)) or 0)
    finally:
        db.dispose()


def message(stack: MailStack, user: str, body: str, subject: str) -> EmailMessage:
    """A player's message to the judge, with its own Message-ID as a mail client makes."""
    composed = EmailMessage()
    composed["From"], composed["To"] = stack.addr(user), stack.addr("judge")
    composed["Subject"] = subject
    composed["Message-ID"] = f"<{uuid.uuid4().hex}@players.example>"
    composed.set_content(body)
    return composed


def send(stack: MailStack, user: str, body: str, subject: str = "commands") -> None:
    """Write to the judge as a player does: through Postfix."""
    with stack.smtp() as smtp:
        smtp.send_message(message(stack, user, body, subject))


def parse(raw: bytes) -> EmailMessage:
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(parsed, EmailMessage)
    return parsed


def folders(stack: MailStack) -> tuple[list[tuple[bytes, ...]], int]:
    """The flags of each message in judge's INBOX (\\Recent left out), and how many
    messages its Processed folder holds."""
    with stack.imap("judge") as client:
        client.select_folder("INBOX", readonly=True)
        found = client.get_flags(client.search("ALL"))
        flags = [tuple(f for f in found[uid] if f != b"\\Recent") for uid in sorted(found)]
        processed = client.folder_status("Processed", ["MESSAGES"])[b"MESSAGES"]
    return flags, int(processed)


def wait_filed(stack: MailStack, processed: int, timeout: float = 30.0) -> None:
    """Until judge's INBOX is empty and Processed holds `processed` messages."""
    deadline = time.monotonic() + timeout
    while (found := folders(stack)) != ([], processed):
        if time.monotonic() > deadline:
            raise TimeoutError(f"judge's INBOX flags and Processed count: {found}")
        time.sleep(0.1)


def postfix_idle(stack: MailStack, timeout: float = 30.0) -> None:
    """Until Postfix holds no message: all it was given is in the mailboxes."""
    spool = stack.base / "postfix" / "spool"
    deadline = time.monotonic() + timeout
    while queued := [p for q in POSTFIX_QUEUES for p in (spool / q).rglob("*") if p.is_file()]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"Postfix still holds {queued}; see {stack.maillog}")
        time.sleep(0.1)


def finish(judge: JudgeProcess, stack: MailStack,
           expected: dict[str, int]) -> dict[str, list[EmailMessage]]:
    """Wait for the replies expected, stop the judge cleanly, let Postfix drain, then
    check every mailbox holds exactly what was expected (nobody else anything).

    With the judge stopped and Postfix empty nothing more can arrive, so the exact
    counts prove no duplicate, without guessing how long one would take.
    """
    for user, count in expected.items():
        stack.wait_for(user, count, timeout=60)
    stop_cleanly(judge)
    postfix_idle(stack)
    received = {user: [parse(raw) for raw in stack.messages(user)]
                for user in stack.users if user != "judge"}
    # Messages, not bare asserts: pytest rewrites asserts in test modules only.
    counts = {user: len(found) for user, found in received.items()}
    wanted = {user: expected.get(user, 0) for user in received}
    assert counts == wanted, f"messages per mailbox: {counts}, expected {wanted}"
    return received


def stop_cleanly(judge: JudgeProcess) -> None:
    """SIGTERM: exit status 0, and the log's last line says the judge stopped."""
    status = judge.stop()
    assert status == 0, f"judge serve exited with {status}:\n{judge.log_text()[-3000:]}"
    last = judge.log_text().rstrip().splitlines()[-1]
    assert last.endswith("judge stopped"), f"the log ends with {last!r}"


def answers(received: dict[str, list[EmailMessage]], user: str) -> list[str]:
    """The subjects of the replies a player received."""
    return [str(found["Subject"]) for found in received[user]]
