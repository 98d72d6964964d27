"""The parts of a raw message, found in bounded time without parsing what is not needed.

    walk = Walk(raw, Part(headers, body_start(raw), len(raw)))
    for part in walk.leaves(): ...   # raw[part.start:part.end] is the part's body
    walk.problem                     # why the walk stopped early, in words, or None

The standard library's parser reads every line of every part in Python, checks each line
against the boundary of every enclosing multipart, and recurses once per level: a message
can make it take seconds or exhaust the recursion limit (issue #11). Here a multipart's delimiter
lines (RFC 2046 §5.1.1) are found by one search per part, only as far as the walk goes;
the walk is a loop over a list of open parts, and its nesting, its number of parts and the bytes
it searches are bounded. A part's header fields are parsed as the standard parser would
(the same policy and the same rule for where they end), and only the headers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from email.parser import BytesHeaderParser

from judge.mail.header_block import END_OF_HEADERS, MAX_HEADER_BYTES, READ_POLICY

# Real mail nests a handful of multiparts (signed, mixed, alternative, related).
MAX_NESTING = 32
# Parts looked at, multiparts included: real mail has a few, a photo album a few dozen.
MAX_PARTS = 1000
# Multiparts split: real mail has a few. Reading a boundary costs up to a few ms (compat32's
# parameter parser is quadratic in the field, up to its 998 characters).
MAX_MULTIPARTS = 100
# Bytes searched for delimiter lines, over all levels: a part nested in several multiparts
# is searched once for each, and this caps the sum (a 5 MB message nested three deep).
SCAN_BUDGET = 16 * 1024 * 1024
# A part's header fields parsed; the rest of a longer header block is skipped.
MAX_PART_HEADER = 16 * 1024
# The header fields of all the parts together: they are parsed line by line in Python.
HEADER_BUDGET = 256 * 1024
# RFC 2046 §5.1.1 allows 70 characters; a longer boundary is read as no boundary.
MAX_BOUNDARY = 200
# Guessing the boundary of a broken multipart searches its body; a few guesses suffice.
MAX_BOUNDARY_GUESSES = 8

TOO_DEEP = f"its parts are nested more than {MAX_NESTING} levels deep"
TOO_MANY = f"it has more than {MAX_PARTS} parts"
TOO_MANY_MULTIPARTS = f"it has more than {MAX_MULTIPARTS} multipart sections"
TOO_LARGE = "its parts are too large and too deeply nested to search through"
TOO_MANY_HEADERS = "the header fields of its parts are too long"

# The header lines at the start of a part, as email.feedparser's headerRE tells them: a
# field, a continuation line, or a Unix "From " line. The first other line ends them.
_HEADER_START = re.compile(rb"From |[\x21-\x39\x3b-\x7e]*:|[ \t]")
_HEADER_LINES = re.compile(rb"(?:(?:%s)[^\r\n]*(?:\r\n|\r|\n|\Z))*" % _HEADER_START.pattern)
_LINE_END = re.compile(rb"\r\n|\r|\n")
# RFC 2046 §5.1.1: a boundary line is "--" and 1-70 bchars (less the space) on its own.
_BOUNDARY_LINE = re.compile(rb"^--([0-9A-Za-z'()+_,./:=?-]{1,70})[ \t]*\r?$", re.MULTILINE)
_HEADER_PARSER = BytesHeaderParser(policy=READ_POLICY)


@dataclass(frozen=True, slots=True)
class Part:
    """One part: its header fields (no payload) and where its body is in the raw bytes."""

    headers: Message
    start: int
    end: int


class Exhausted(Exception):
    """A bound of the walk was reached; the message says which, for the sender."""


def body_start(raw: bytes, start: int = 0, end: int | None = None,
               limit: int = MAX_HEADER_BYTES) -> int:
    """Where the body after the header lines at raw[start] begins: after the empty line
    that ends them (RFC 5322 §2.1), or at the first line that is no header line. Header
    lines past `limit` bytes are not read one by one: the body starts after an empty line."""
    end = len(raw) if end is None else end
    cap = min(end, start + limit)
    lines = _HEADER_LINES.match(raw, start, cap)  # zero lines or more: always a match
    pos = lines.end() if lines else start
    if cap < end and (pos == cap or _cut_header_line(raw, pos, cap, end)):
        blank = END_OF_HEADERS.search(raw, pos, end)
        return blank.end() if blank else end
    blank = _LINE_END.match(raw, pos, end)
    return blank.end() if blank else pos


def _cut_header_line(raw: bytes, pos: int, cap: int, end: int) -> bool:
    """Whether the line at `pos` failed to read as a header line only because `cap` cut it."""
    return _LINE_END.search(raw, pos, cap) is None and bool(_HEADER_START.match(raw, pos, end))


def part_at(raw: bytes, start: int, end: int, default_type: str | None = None) -> Part:
    """The part whose header lines start at raw[start] and whose body ends at raw[end]."""
    body = body_start(raw, start, end, MAX_PART_HEADER)
    headers = _HEADER_PARSER.parsebytes(raw[start:min(body, start + MAX_PART_HEADER)])
    if default_type is not None:
        headers.set_default_type(default_type)
    return Part(headers, body, end)


@dataclass(slots=True)
class _Open:
    """A multipart being split: its delimiter, and where its next part starts."""

    delimiter: re.Pattern[bytes]
    pos: int
    end: int
    depth: int  # of its parts
    digest: bool


class Walk:
    """One message's parts, from its top part (the message's own headers and body)."""

    def __init__(self, raw: bytes, top: Part) -> None:
        self._raw = raw
        self._top = top
        self._budget = SCAN_BUDGET
        self._headers = HEADER_BUDGET
        self._parts = 0
        self._multiparts = 0
        self._guesses = MAX_BOUNDARY_GUESSES
        self.problem: str | None = None

    @property
    def searched(self) -> int:
        """Bytes searched for delimiter lines so far, over all levels."""
        return SCAN_BUDGET - self._budget

    def leaves(self) -> Iterator[Part]:
        """The parts that hold content, in order. Attached messages (message/rfc822, a
        forward, a bounced original) are someone else's text: they are not entered."""
        try:
            yield from self._walk()
        except Exhausted as exc:
            self.problem = str(exc)

    def _walk(self) -> Iterator[Part]:
        open_parts: list[_Open] = []
        pending: tuple[Part, int] | None = (self._top, 0)
        while pending is not None or open_parts:
            if pending is None:
                pending = self._next(open_parts[-1])
                if pending is None:
                    open_parts.pop()
                continue
            part, depth = pending
            pending = None
            kind = part.headers.get_content_maintype()
            if kind == "multipart":
                opened = self._open(part, depth)
                if opened is not None:
                    open_parts.append(opened)
            elif kind != "message":
                yield part

    def _open(self, part: Part, depth: int) -> _Open | None:
        if depth >= MAX_NESTING:
            self.problem = TOO_DEEP
            return None
        self._multiparts += 1
        if self._multiparts > MAX_MULTIPARTS:
            raise Exhausted(TOO_MANY_MULTIPARTS)
        boundary = part.headers.get_boundary()
        first = None
        if boundary and len(boundary) <= MAX_BOUNDARY:
            delimiter = _delimiter(boundary.encode("utf-8", "surrogateescape"))
            first = self._search(delimiter, part.start, part.end)
        end = part.end
        # No boundary, not the one the body uses, or its close delimiter before any other
        # (the standard parser then has no parts, only what came before it): guess.
        if first is None or first[1]:
            end = part.end if first is None else first.start()
            guessed = self._guess(part.start, end)
            if guessed is None:
                return None
            delimiter, first = guessed
        digest = part.headers.get_content_subtype() == "digest"
        return _Open(delimiter, first.end(), end, depth + 1, digest)

    def _guess(self, start: int, end: int) -> tuple[re.Pattern[bytes], re.Match[bytes]] | None:
        """The delimiter of the first line in raw[start:end] that looks like one, and that
        line."""
        if not self._guesses:
            return None
        self._guesses -= 1
        found = self._search(_BOUNDARY_LINE, start, end)
        if found is None:
            return None
        delimiter = _delimiter(found[1])
        first = delimiter.search(self._raw, found.start(), end)
        return (delimiter, first) if first is not None and not first[1] else None

    def _next(self, opened: _Open) -> tuple[Part, int] | None:
        """The multipart's next part, or None after its last."""
        while opened.pos < opened.end:
            start = opened.pos
            found = self._search(opened.delimiter, start, opened.end)
            if found is None or found[1]:  # no more delimiters, or the close delimiter
                opened.pos = opened.end
            else:
                opened.pos = found.end()
            end = opened.end if found is None else _before_line_end(self._raw, found.start())
            self._parts += 1  # empty ones too: each costs a step of this loop
            if self._parts > MAX_PARTS:
                raise Exhausted(TOO_MANY)
            if end > start:  # consecutive delimiter lines enclose no part
                return self._part(start, end, opened), opened.depth
        return None

    def _part(self, start: int, end: int, opened: _Open) -> Part:
        default = "message/rfc822" if opened.digest else None  # RFC 2046 §5.1.5
        part = part_at(self._raw, start, end, default)
        self._headers -= min(part.start - start, MAX_PART_HEADER)
        if self._headers < 0:
            raise Exhausted(TOO_MANY_HEADERS)
        return part

    def _search(self, pattern: re.Pattern[bytes], start: int,
                end: int) -> re.Match[bytes] | None:
        """pattern.search within the bytes the walk may still search."""
        limit = min(end, start + self._budget)
        found = pattern.search(self._raw, start, limit)
        self._budget -= (found.end() if found else limit) - start
        if found is None and limit < end:
            raise Exhausted(TOO_LARGE)
        return found


def _delimiter(boundary: bytes) -> re.Pattern[bytes]:
    """A delimiter line of `boundary`: at the start of a line (which may end in CR, LF or
    both), "--boundary", "--" more for the close delimiter, white space, the line end.
    The search looks for the literal "--boundary" and checks the line start behind it."""
    literal = b"--" + re.escape(boundary)
    return re.compile(literal + rb"(?<=[\r\n]" + literal + rb")(--)?[ \t]*+(?:\r\n|\r|\n|\Z)")


def _before_line_end(raw: bytes, pos: int) -> int:
    """RFC 2046 §5.1.1: the line break before a delimiter belongs to the delimiter."""
    return pos - 2 if raw[pos - 2:pos] == b"\r\n" else pos - 1
