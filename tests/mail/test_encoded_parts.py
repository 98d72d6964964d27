"""A sender encodes a stored file once for the messages that carry it (issue #18): the
part's body kept by the digest of its bytes, a bounded few; each message still carries
exactly its own file's bytes, with its own Content-ID. And the relay's dot-stuffing, done
without the regular expression, stuffs as smtplib does."""

from __future__ import annotations

import email
import hashlib
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import default

import pytest

from judge.attachment import Attachment
from judge.game.clock import ManualClock
from judge.mail.outbound import encoded_parts
from judge.mail.outbound.attachments import File, base64_lines, with_attachments
from judge.mail.outbound.compose import compose
from judge.mail.outbound.encoded_parts import EncodedParts
from judge.mail.outbound.outbox_postman import OutboxPostman
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport, dot_stuffed
from judge.store.db import Database
from tests.mail.smtp_sink import Sink
from tests.mail.test_sender_attachments import T0, settings


@dataclass(frozen=True)
class Stored:
    filename: str
    content_type: str
    data: bytes
    inline: bool = True

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def picture(n: int) -> Stored:
    return Stored(f"p{n}.png", "image/png", bytes([n]) * 300 + b"\x89PNG\r\n")


@pytest.fixture
def encodings(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The data of each file encoded afresh, in order."""
    seen: list[bytes] = []

    def counted(file: File) -> bytes:
        seen.append(file.data)
        return base64_lines(file)

    monkeypatch.setattr(encoded_parts, "base64_lines", counted)
    return seen


def message(n: int) -> bytes:
    return compose(sender="judge@example.test", to=["a@example.test"], subject=f"report {n}",
                   body="text\n", domain="example.test", message_id=f"<r{n}@example.test>")


def parts(raw: bytes) -> list[EmailMessage]:
    parsed = email.message_from_bytes(raw, policy=default)
    assert isinstance(parsed, EmailMessage)
    return [p for p in parsed.iter_parts() if isinstance(p, EmailMessage)][1:]


def test_a_file_is_encoded_once_for_every_message_that_carries_it(
        encodings: list[bytes]) -> None:
    cache = EncodedParts()
    one, two = picture(1), picture(2)
    wires = [with_attachments(message(n), [one, two], cache) for n in range(3)]
    assert encodings == [one.data, two.data]
    for n, wire in enumerate(wires):
        png, other = parts(wire)
        assert (png.get_payload(decode=True), other.get_payload(decode=True)) == \
            (one.data, two.data)
        assert png["Content-ID"] == f"<1.r{n}@example.test>"
    # The kept body is the one base64_lines writes: the same bytes on the wire.
    assert cache(one) == base64_lines(one)


def test_only_the_last_few_are_kept(encodings: list[bytes]) -> None:
    cache = EncodedParts(kept=2)
    for n in (1, 2, 1, 3, 2, 1):
        cache(picture(n))
    # 1 and 2 kept; 1 used again, so 3 pushes 2 out; 2 pushes 1 out.
    assert encodings == [picture(n).data for n in (1, 2, 3, 2, 1)]


def own(who: str) -> Attachment:
    """A file of this reader's alone."""
    return Attachment("map.svg", "image/svg+xml", f"<svg>{who}</svg>".encode())


def test_the_sender_sends_each_report_its_own_picture_encoded_once(
        database: Database, sink: Sink, encodings: list[bytes]) -> None:
    clock = ManualClock(T0)
    shared = Attachment("map.png", "image/png", b"\x89PNG shared" * 40, inline=True)
    with database.unit_of_work() as session:
        for who in ("ann", "bob", "cid"):
            OutboxPostman(settings(), clock).send(
                session, to=[f"{who}@example.test"], subject="report", body="text\n",
                attachments=[shared, own(who)])
    assert OutboxSender(database, clock, SmtpTransport(settings(sink.port))).send_due() == 3
    assert encodings == [shared.data, own("ann").data, own("bob").data, own("cid").data]
    for delivery in sink.received:
        [who] = [to.split("@")[0] for to in delivery.rcpt_tos]
        png, svg = parts(delivery.data)
        assert (png.get_payload(decode=True), svg.get_payload(decode=True)) == \
            (shared.data, own(who).data)


@pytest.mark.parametrize("raw", [b".first\r\nx\r\n", b"a\r\n.b\r\n..c\r\n.\r\n", b"a\n.b",
                                 b"no dot\r\n", b"", b".", b"\r\n.\r\n.", b"a.\r\nb. .\r\n"])
def test_the_dots_are_stuffed_as_smtplib_stuffs_them(raw: bytes) -> None:
    assert dot_stuffed(raw) == re.sub(rb"(?m)^\.", b"..", raw)
