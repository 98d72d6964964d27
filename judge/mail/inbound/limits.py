"""Abuse limits: message size, messages per address per hour, commands per message.

Each limit is answered once, in words that say which limit and what to do; past the hourly
limit the judge answers the first message over it and then stays silent for the hour, so
a broken script or a mail loop through some other system cannot make it a spam cannon.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.store import repo_inbox
from judge.store.models import InboxMessage

HOUR = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class OverLimit:
    """Why a message is not processed: answered with `reply`, or dropped for `dropped`."""

    reply: str | None = None
    dropped: str | None = None


def check_message(settings: Settings, session: Session, row: InboxMessage) -> OverLimit | None:
    size = len(row.raw)
    # >=: the IMAP poller keeps only the first max_message_bytes of a bigger message.
    if size >= settings.max_message_bytes:
        return OverLimit(reply=(
            f"Your message is {_size(size)}, more than the {_size(settings.max_message_bytes)} "
            "this judge reads, so nothing in it was done. Send your commands again as plain "
            "text, without attachments."))
    return _rate(settings, session, row)


def _rate(settings: Settings, session: Session, row: InboxMessage) -> OverLimit | None:
    limit, sender = settings.messages_per_hour, row.sender
    count = repo_inbox.messages_from_since(session, sender, row.received_at - HOUR,
                                           up_to_id=row.id) if sender else 0
    if count <= limit:
        return None
    if count > limit + 1:
        return OverLimit(dropped=f"rate limit: {count} messages from {sender} within an hour")
    return OverLimit(reply=(
        f"You have sent {count} messages in the last hour; this judge takes at most {limit} "
        "an hour from one address. This message was not processed, and neither will be any "
        "more in the coming hour; they get no answer. Send it again later, ideally with "
        "all your commands in one message."))


def too_many_commands(settings: Settings, count: int) -> str | None:
    if count <= settings.max_commands:
        return None
    return (f"Your message has {count} commands and orders; this judge takes at most "
            f"{settings.max_commands} in one message. Nothing in it was done: split it into "
            "several messages.")


def _size(octets: int) -> str:
    if octets >= 1024 * 1024:
        return f"{octets / (1024 * 1024):.1f} MB"
    return f"{max(1, octets // 1024)} KB"
