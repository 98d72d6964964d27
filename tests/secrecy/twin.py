"""Two judges fed the same mail: what a viewer receives from each, step by step.

A `Twin` holds two games (two judges on two databases, one frozen clock each) and delivers
each message to both, the same bytes unless the test gives a second body for game B. After
every delivery it reads both outboxes and keeps, for each watched address, what arrived at
that step. `transcript(address)` is then everything that address received, each mail
written out whole (headers, every MIME part, attachments) and tagged with the step at which
it was queued, so a report that comes one message earlier in one game than in the other
(early processing) differs too.

Only what is random or time-based by design is normalised: the judge's own Message-IDs (128
random bits: judge/mail/outbound/compose.py) where they appear (Message-ID, In-Reply-To,
References), the Date header, MIME boundaries (random: judge/mail/outbound/attachments.py),
and the random part of reply tokens and one-time codes (`judge+s3-<mac>@`:
judge/mail/reply_tokens.py; the seat's number is kept), and of press replies'
`judge+p<number>-3-<mac>@` the press number too, permuted under the seat's random secret.
The clock is frozen and the same in both games, and every incoming message gets the same
Message-ID in both.
"""

from __future__ import annotations

import difflib
import email
import email.policy
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from pathlib import Path

import sqlalchemy as sa

from judge.game.clock import ManualClock
from judge.mail.outbound.attachments import with_attachments
from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import START, Conversation
from tests.pictures.mailed import as_sent
from tests.store.at_head import sqlite_at_head

PLAYERS_DOMAIN = "players.example"
_SHOWN = 80  # diff lines shown per address
_DROPPED = {"message-id", "date"}
_THREAD = {"in-reply-to", "references"}
_MSG_ID = re.compile(r"<[^<>]*>")
_TOKEN = re.compile(r"(\+[a-z]\d+-)[a-z2-7]{16}@")
# A press-reply token's press number is permuted under the seat's random secret.
_PRESS_TOKEN = re.compile(r"\+p\d+-(\d+)-[a-z2-7]{16}@")
_BOUNDARY = re.compile(r';\s*boundary="?[^";]*"?', re.IGNORECASE)


@contextmanager
def twin_databases(folder: Path) -> Iterator[tuple[Database, Database]]:
    """Two fresh SQLite databases in `folder`, one per game of a twin, disposed after."""
    made = []
    for name in ("a", "b"):
        url = f"sqlite:///{folder / f'judge-{name}.sqlite3'}"
        sqlite_at_head(url)
        made.append(Database(url))
    try:
        yield made[0], made[1]
    finally:
        for db in made:
            db.dispose()


@dataclass
class _World:
    talk: Conversation
    last_row: int = 0


@dataclass
class Twin:
    """Game A and game B. `watch` the addresses whose mail is compared."""

    databases: tuple[Database, Database]
    watched: set[str] = field(default_factory=set)
    step: int = 0
    _worlds: tuple[_World, _World] = field(init=False)
    _received: dict[str, tuple[list[str], list[str]]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._worlds = tuple(_World(Conversation(db, ManualClock(START)))
                             for db in self.databases)  # type: ignore[assignment]

    @property
    def a(self) -> Conversation:
        return self._worlds[0].talk

    @property
    def b(self) -> Conversation:
        return self._worlds[1].talk

    def watch(self, *addresses: str) -> None:
        self.watched.update(addresses)

    def send(self, sender: str, body: str, body_b: str | None = None) -> tuple[str, str]:
        """`body` to game A and `body_b` (default: the same) to game B; the replies' text."""
        self.step += 1
        replies = []
        for world, text in zip(self._worlds, (body, body if body_b is None else body_b),
                               strict=True):
            raw = _raw(sender, text, self.step)
            reply = world.talk.deliver(raw)
            replies.append("" if reply is None else reply.body)
            self._collect(world, self._worlds.index(world))
        return replies[0], replies[1]

    def transcript(self, address: str, game: int = 0) -> list[str]:
        return list(self._received.get(address, ([], []))[game])

    def differences(self, addresses: Iterable[str]) -> str:
        """A unified diff, per address, of what it received in A and in B ('' if none)."""
        out = []
        for address in sorted(addresses):
            a, b = (self.transcript(address, g) for g in (0, 1))
            if a != b:
                diff = difflib.unified_diff("\n".join(a).split("\n"), "\n".join(b).split("\n"),
                                            f"{address} in game A", f"{address} in game B",
                                            n=1, lineterm="")
                lines = list(diff)
                cut = lines[:_SHOWN] + ([f"... {len(lines) - _SHOWN} more lines"]
                                        if len(lines) > _SHOWN else [])
                out.append("\n".join(cut))
        return "\n".join(out)

    def _collect(self, world: _World, game: int) -> None:
        with world.talk.judge.db.unit_of_work() as session:
            rows = session.scalars(sa.select(OutboxMessage)
                                   .where(OutboxMessage.id > world.last_row)
                                   .order_by(OutboxMessage.id)).all()
            for row in rows:
                # The mail as the sender puts it on the wire: the files (a picture drawn
                # as the sender draws it) are stored beside the text, not in it.
                wire = with_attachments(row.message, as_sent(row))
                message = email.message_from_bytes(wire, policy=email.policy.default)
                for address in set(row.recipients) & self.watched:
                    mails = self._received.setdefault(address, ([], []))[game]
                    mails.append(f"=== step {self.step}\n{render(message)}")
            if rows:
                world.last_row = rows[-1].id


def _raw(sender: str, body: str, step: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.org"
    msg["Subject"] = "commands"
    msg["Message-ID"] = f"<step-{step}@{PLAYERS_DOMAIN}>"
    msg["Date"] = email.utils.format_datetime(START)
    msg.set_content(body)
    return msg.as_bytes()


def render(message: Message) -> str:
    """The whole message as text, with only the random or time-based fields normalised."""
    lines = [f"{name}: {_header(name, str(value))}" for name, value in message.items()
             if name.lower() not in _DROPPED]
    for part in message.walk():
        if part.is_multipart():
            continue
        lines.append(f"--- part {part.get_content_type()} {part.get_filename()!r}")
        payload = part.get_payload(decode=True)
        assert isinstance(payload, bytes)
        text = payload.decode("utf-8", "backslashreplace")
        lines.append(text.replace("\r\n", "\n") if part.get_content_maintype() == "text"
                     else f"{len(payload)} bytes: {payload!r}")
    text = _PRESS_TOKEN.sub(r"+p<number>-\1-<mac>@", "\n".join(lines))
    return _TOKEN.sub(r"\1<mac>@", text)


def _header(name: str, value: str) -> str:
    if name.lower() in _THREAD:
        return _MSG_ID.sub(lambda m: m.group(0) if m.group(0).endswith(f"@{PLAYERS_DOMAIN}>")
                           else "<judge-id>", value)
    if name.lower() == "content-type":
        return _BOUNDARY.sub("", value)
    return value
