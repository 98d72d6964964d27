"""Reading a body is bounded (issue #11 items 2 and 7): the worst bodies of 5 MB give the
bounded result worked out below, the walk parses nothing after the text it needs, and
nesting is counted by the walk itself, whatever the Content-Type looks like.
bench/worst_bodies.py times the same shapes."""

from __future__ import annotations

import re

import pytest

from judge.mail.header_block import header_block
from judge.mail.inbound import html
from judge.mail.inbound.body import MAX_TEXT_CHARS
from judge.mail.inbound.message import read_message
from judge.mail.inbound.mime import (
    MAX_PART_HEADER,
    SCAN_BUDGET,
    TOO_DEEP,
    TOO_LARGE,
    TOO_MANY_HEADERS,
    TOO_MANY_MULTIPARTS,
    Part,
    Walk,
    body_start,
)

FIVE_MB = 5 * 1024 * 1024
HEAD = b"From: alice@example.org\r\nSubject: orders\r\nMessage-ID: <b1@example.org>\r\n"


def mail(content_type: str, body: bytes, *headers: bytes) -> bytes:
    return HEAD + b"".join(h + b"\r\n" for h in headers) + \
        f"Content-Type: {content_type}\r\n\r\n".encode() + body


def fill(unit: bytes, size: int = FIVE_MB) -> bytes:
    return unit * (size // len(unit))


# --- 5 MB of the worst shapes, each read to the bound -------------------------------------


def test_five_megabytes_of_quotes_after_a_command() -> None:
    found = read_message(mail("text/plain", b"HELP LIST\r\n" + fill(b"\r\n>\r\n")))
    assert (found.body, found.truncated, found.problem) == ("HELP LIST", True, None)


def test_five_megabytes_of_html_paragraphs() -> None:
    # 1 MiB of the part is decoded, 256 K characters of that read: 32768 "<p>a</p>", each
    # a closed line "a"; 32768 lines of "a" make 65535 bytes, within the 64 KiB kept.
    found = read_message(mail("text/html", fill(b"<p>a</p>")))
    assert MAX_TEXT_CHARS == 262144
    assert (found.body, found.truncated) == ("\n".join(["a"] * 32768), True)


def test_five_megabytes_of_soft_line_breaks() -> None:
    # 256 K characters are 65536 "a \r\n"; cut before the last line end, they join into
    # one line of "a " (the last space stripped), of which the first 64 KiB are kept.
    found = read_message(mail("text/plain; format=flowed", fill(b"a \r\n")))
    assert (found.body, found.truncated) == ("a " * 32768, True)


def test_a_header_of_a_megabyte_still_leaves_the_body() -> None:
    raw = HEAD + fill(b"X-Filler: y\r\n", 1024 * 1024) + b"\r\nHELP LIST\r\n"
    found = read_message(raw)
    assert (found.sender, found.body) == ("alice@example.org", "HELP LIST")


def test_a_part_header_past_its_bound_is_skipped_to_the_empty_line() -> None:
    filler = fill(b"X-Filler: y\r\n", 2 * MAX_PART_HEADER)
    body = b"--b1\r\nContent-Type: text/plain\r\n" + filler + b"\r\nHELP LIST\r\n--b1--\r\n"
    assert read_message(mail('multipart/mixed; boundary="b1"', body)).body == "HELP LIST"


# --- the walk stops where it has what it needs --------------------------------------------


def walk_of(raw: bytes) -> Walk:
    return Walk(raw, Part(header_block(raw), body_start(raw), len(raw)))


ATTACHMENT = (b"--b1\r\nContent-Type: application/octet-stream\r\n\r\n" +
              fill(b"QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB\r\n",
                   4 * 1024 * 1024))
TEXT = b"--b1\r\nContent-Type: text/plain\r\n\r\nHELP LIST\r\n"


def test_nothing_after_the_text_part_is_searched() -> None:
    walk = walk_of(mail('multipart/mixed; boundary="b1"', TEXT + ATTACHMENT + b"--b1--\r\n"))
    first = next(iter(walk.leaves()))
    assert first.headers.get_content_type() == "text/plain"
    assert walk.searched < 100  # the two delimiter lines around HELP LIST, not 4 MB


def test_a_text_part_after_an_attachment_costs_the_attachment_once() -> None:
    walk = walk_of(mail('multipart/mixed; boundary="b1"', ATTACHMENT + TEXT + b"--b1--\r\n"))
    kinds = [part.headers.get_content_type() for part in walk.leaves()]
    assert kinds == ["application/octet-stream", "text/plain"]
    assert len(ATTACHMENT) < walk.searched < len(ATTACHMENT) + 200


def test_the_bytes_searched_are_bounded_however_deep() -> None:
    # 31 levels round 5 MB of lines that nearly are delimiters, the text after them: each
    # level would search the 5 MB again; the walk stops at its budget and says so.
    opening = b"".join(b'--b%d\r\nContent-Type: multipart/mixed; boundary="b%d"\r\n\r\n'
                       % (n, n + 1) for n in range(31))
    raw = mail('multipart/mixed; boundary="b0"', opening + b"--b31\r\n\r\n" +
               fill(b"--b1x\r\n--b2 x\r\n") + b"--b31\r\n" + TEXT[6:])
    walk = walk_of(raw)
    assert list(walk.leaves()) == []
    assert (walk.problem, walk.searched) == (TOO_LARGE, SCAN_BUDGET)
    assert read_message(raw).problem == TOO_LARGE


def test_the_header_fields_of_all_parts_are_bounded() -> None:
    # 200 parts of 16 KB of header fields each: 3 MB the parser would read line by line.
    part = b"--b1\r\nContent-Type: image/png\r\n" + fill(b"X: y\r\n", MAX_PART_HEADER) + \
        b"\r\nAA\r\n"
    walk = walk_of(mail('multipart/mixed; boundary="b1"', part * 200 + TEXT))
    kinds = {part.headers.get_content_type() for part in walk.leaves()}
    assert (kinds, walk.problem) == ({"image/png"}, TOO_MANY_HEADERS)
    assert TOO_MANY_HEADERS == "the header fields of its parts are too long"


def test_html_that_never_closes_is_one_token(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    class Counting:
        def match(self, text: str, pos: int) -> re.Match[str] | None:
            calls.append(pos)
            return real.match(text, pos)

    real = html._TOKEN
    monkeypatch.setattr(html, "_TOKEN", Counting())
    assert html.html_to_text("<p>HELP LIST</p>" + "<a x=y " * 100_000) == "HELP LIST"
    assert len(calls) == 4  # <p>, HELP LIST, </p>, and the tag that runs to the end


@pytest.mark.parametrize("content_type", [
    "multipart/mixed" + ";" * 65536 + ' boundary="b1"',  # headerregistry: 150 s
    'multipart/mixed; boundary="b1"; a="' + ";" * 65536,  # an unclosed quote
    'multipart/mixed; boundary="b1" ' + "(" * 32768 + ")" * 32768,  # RecursionError
    "multipart/mixed;" + "\r\n " * 20000 + 'boundary="b1"',
])
def test_a_content_type_of_64_kilobytes(content_type: str) -> None:
    # Read to its first 998 characters: the boundary, when it comes later, is guessed.
    found = read_message(mail(content_type, TEXT + b"--b1--\r\n"))
    assert (found.body, found.problem) == ("HELP LIST", None)


def test_more_than_100_multiparts_are_not_split() -> None:
    inner = b'--b1\r\nContent-Type: multipart/alternative; boundary="b2"\r\n\r\n' \
        b"--b2\r\nContent-Type: image/png\r\n\r\nAA\r\n--b2--\r\n"
    found = read_message(mail('multipart/mixed; boundary="b1"', inner * 100 + TEXT))
    assert (found.body, found.problem) == ("", TOO_MANY_MULTIPARTS)
    assert TOO_MANY_MULTIPARTS == "it has more than 100 multipart sections"
    assert read_message(mail('multipart/mixed; boundary="b1"', inner * 99 + TEXT)).body == \
        "HELP LIST"


# --- nesting, counted by the walk -----------------------------------------------------------

STYLES = {
    "plain": 'Content-Type: multipart/mixed; boundary="%s"',
    "folded": 'Content-Type:\r\n multipart/mixed;\r\n\tboundary="%s"',
    "shouted": 'CONTENT-TYPE: MULTIPART/MIXED; BOUNDARY="%s"',
    "parameters": "Content-Type: multipart/mixed (x); a=\"b;c\";\r\n boundary*=utf-8''%s",
}


def nest(depth: int, style: str) -> bytes:
    """`depth` multiparts, the message's own the outermost, HELP LIST innermost."""
    header = STYLES[style]
    levels = b"".join(b"--b%d\r\n%s\r\n\r\n" % (n, (header % f"b{n + 1}").encode())
                      for n in range(depth - 1))
    top = (header % "b0").split(":", 1)[1].encode()
    return HEAD + b"Content-Type:" + top + b"\r\n\r\n" + levels + \
        b"--b%d\r\nContent-Type: text/plain\r\n\r\nHELP LIST\r\n" % (depth - 1)


@pytest.mark.parametrize("style", list(STYLES))
def test_32_levels_are_read_in_every_style(style: str) -> None:
    found = read_message(nest(32, style))
    assert (found.body, found.problem) == ("HELP LIST", None)


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("depth", [33, 5000])
def test_more_levels_are_refused_in_words(style: str, depth: int) -> None:
    found = read_message(nest(depth, style))
    assert (found.sender, found.body, found.problem) == ("alice@example.org", "", TOO_DEEP)
    assert TOO_DEEP == "its parts are nested more than 32 levels deep"


@pytest.mark.parametrize(("charset", "text"), [
    ("punycode", b"a-" + fill(b"b", 1024 * 1024)),  # quadratic: 120 KB took 4.5 s
    ("IDNA", b"xn--" + fill(b"b", 1024 * 1024)),  # the same decoder behind "xn--"
])
def test_codecs_that_are_no_charset_are_not_used(charset: str, text: bytes) -> None:
    found = read_message(mail(f"text/plain; charset={charset}", text))
    assert (found.body, found.truncated) == (text[:65536].decode("ascii"), True)
