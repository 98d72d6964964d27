"""The hostile corpus's building blocks: Case and its expectations, and message builders.

A Case expects either a reply (`Replied`: text the reply's subject or body must hold, and
text it must not, such as orders that were only quoted) or silence (`Dropped`: text of
the reason logged in the inbox row). Expectations are what a player should read, worked
out by hand: "line 1: HELP LIST" means the judge read HELP LIST as the first command line.
Messages are built byte by byte where the point is that they are broken.

Each case has its own From address and Message-ID, so the whole corpus can go through
one judge without deduplication or a per-sender limit getting in the way.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

CRLF = b"\r\n"
HELP_LIST = "line 1: HELP LIST"  # the reply's Done entry for a first line "HELP LIST"
QUOTED = "A PAR - PIC"  # an order that appears only where it must not be read
NOTHING = "Nothing to do."  # the whole reply to a message with no command in it
DOMAIN = "players.example"
TEXT_PLAIN = "text/plain; charset=utf-8"
PLAIN = f"Content-Type: {TEXT_PLAIN}"
TEXT_PART = ((PLAIN,), ("HELP LIST",))  # a multipart's part: (headers, body lines)


@dataclass(frozen=True, slots=True)
class Replied:
    contains: tuple[str, ...]
    absent: tuple[str, ...] = ()
    to: str = ""  # the reply's recipient; "" means the case's own address


@dataclass(frozen=True, slots=True)
class Dropped:
    reason: str  # a substring of the inbox row's error


@dataclass(frozen=True, slots=True)
class Case:
    name: str
    raw: bytes
    expect: Replied | Dropped
    # Why the case fails today, for a bug outside the mail layer: the test is then an
    # expected failure (strict, so the fix is noticed).
    xfail: str = ""

    @property
    def address(self) -> str:
        return address_of(self.name)


def address_of(name: str) -> str:
    return f"{name.replace('_', '-')}@{DOMAIN}"


def replied(*contains: str, absent: tuple[str, ...] = (), to: str = "") -> Replied:
    return Replied(contains, absent, to)


def join(*lines: str | bytes, eol: bytes = CRLF) -> bytes:
    """Lines joined by `eol`; str lines as UTF-8."""
    return eol.join(line if isinstance(line, bytes) else line.encode() for line in lines)


def message(name: str, *body: str | bytes, headers: tuple[str | bytes, ...] = (),
            sender: str | bytes | None = None, subject: str | bytes = "commands",
            message_id: str | bytes | None = None, eol: bytes = CRLF) -> bytes:
    """A message from the case's address. `sender` and `message_id` replace the From and
    Message-ID lines (b"" leaves the header out); `headers` come after the usual ones."""
    if sender is None:
        sender = f"From: Player <{address_of(name)}>"
    if message_id is None:
        message_id = f"Message-ID: <{name}@hostile.example>"
    subject_line = (b"Subject: " + subject if isinstance(subject, bytes)
                    else f"Subject: {subject}")
    top = [line for line in (sender, "To: judge@example.org", subject_line, message_id,
                             "Date: Mon, 02 Nov 2026 09:00:00 +0000", *headers) if line]
    return join(*top, "", *body, "", eol=eol)


def mime(name: str, content_type: str, *body: str | bytes,
         headers: tuple[str | bytes, ...] = ()) -> bytes:
    return message(name, *body,
                   headers=("MIME-Version: 1.0", f"Content-Type: {content_type}", *headers))


def multipart(boundary: str, *parts: tuple[tuple[str, ...], tuple[str | bytes, ...]],
              close: bool = True) -> list[str | bytes]:
    """Body lines of a multipart: each part is (its header lines, its body lines)."""
    lines: list[str | bytes] = []
    for part_headers, part_body in parts:
        lines += [f"--{boundary}", *part_headers, "", *part_body]
    return lines + ([f"--{boundary}--"] if close else [])


def b64_lines(data: bytes) -> list[str | bytes]:
    return list(base64.encodebytes(data).decode("ascii").splitlines())


def nested_multiparts(depth: int) -> list[str | bytes]:
    """Body lines of `depth` multiparts (the outermost declared in the message's own header,
    boundary "b0"), each the only part of the one outside it, HELP LIST innermost."""
    opening = [line for level in range(1, depth)
               for line in (f"--b{level - 1}",
                            f'Content-Type: multipart/mixed; boundary="b{level}"', "")]
    closing = [f"--b{level}--" for level in reversed(range(depth))]
    return [*opening, f"--b{depth - 1}", PLAIN, "", "HELP LIST", *closing]
