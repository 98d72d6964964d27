"""The corpus's costly bodies (issue #11): each step that reads a body, at its worst.

Quadratic quote shapes, HTML that never closes, format=flowed bombs, deep nests whose
Content-Type is folded, re-cased or laden with parameters, megabyte lines, too many
parts, base64 noise, and body lines that look like a copied header but are commands.
Sizes stay near a megabyte so that the corpus runs quickly; bench/worst_bodies.py takes
each shape to 5 MB and times it.
"""

from __future__ import annotations

import base64
import random

from tests.mail.hostile_mail import (
    HELP_LIST,
    NOTHING,
    QUOTED,
    TEXT_PART,
    TEXT_PLAIN,
    Case,
    message,
    mime,
    multipart,
    replied,
)

HTML = "text/html; charset=utf-8"
CUT = "only its first part was read"
TOO_DEEP = "nested more than 32 levels deep"
# What a reply must never show: a Python exception's name, or MIME structure as commands.
NO_PYTHON = ("Error", "Exception", "Content-Type", "--b")


def _after_help(name: str, unit: str, size: int, *expect: str) -> Case:
    """HELP LIST, then `unit` again and again (the shape under test) to about `size`."""
    body = "HELP LIST\r\n" + unit * (size // len(unit))
    return Case(name, message(name, body), replied(HELP_LIST, *expect, absent=(QUOTED,)))


QUOTE_CASES = [
    # A blank line, then a quote: each quote once looked back over every blank line kept.
    _after_help("quote_blank_pairs", "\r\n>\r\n", 300_000),
    _after_help("quote_attributions", f"On Mon, Bob wrote:\r\n> {QUOTED}\r\n\r\n", 300_000),
    _after_help("quote_wrapped_attributions",
                f"On Mon, 2 Nov 2026, Bob\r\n<bob@example.org> wrote:\r\n> {QUOTED}\r\n",
                300_000),
    _after_help("quote_indented_deep", f"   >>>>> {QUOTED}\r\n \r\n", 300_000),
]


def _html(name: str, *markup: str) -> Case:
    return Case(name, mime(name, HTML, "<p>HELP LIST</p>", *markup), replied(HELP_LIST))


HTML_CASES = [
    _html("html_dense_tags", "<b></b>" * 100_000),
    _html("html_tag_never_closed", "<a x=y " * 100_000),  # html.parser: 70 s for 128 KB
    _html("html_quote_never_closed", '<a b="' * 100_000),
    _html("html_openers_never_closed", "<![<!--<?</" * 60_000),
    # Past the bound: the lines closed before the cut are read, the one open there is not.
    Case("html_over_the_bound", mime("html_over_the_bound", HTML,
                                     "<p>HELP LIST</p><p>HELP JOIN</p>" + "<b></b>" * 200_000,
                                     "HELP SIGNOFF"),
         replied(HELP_LIST, "line 2: HELP JOIN", CUT, absent=("SIGNOFF",))),
]

def _flowed(name: str, content_type: str, *lines: str, expect: tuple[str, ...],
            absent: tuple[str, ...] = ()) -> Case:
    return Case(name, mime(name, f"{TEXT_PLAIN}; {content_type}", *lines),
                replied(*expect, absent=absent))


FLOWED_CASES = [
    # A quarter of a million soft breaks, one line of "a a a ...": 256 K characters of it
    # are read, 64 KiB kept.
    _flowed("flowed_soft_break_bomb", "format=flowed", "a \r\n" * 250_000,
            expect=(f"line 1: {'a ' * 40}… (65535 characters)", CUT)),
    # With DelSp=yes the spaces go: 65536 a's, exactly the 64 KiB kept.
    _flowed("flowed_delsp_bomb", "format=flowed; delsp=yes", "a \r\n" * 250_000,
            expect=(f"line 1: {'a' * 80}… (65536 characters)", CUT)),
    # After a command: the joined line is longer than what is kept, so it is left out
    # whole rather than cut in the middle.
    _flowed("flowed_bomb_after_a_command", "format=flowed", "HELP LIST", "a \r\n" * 250_000,
            expect=(HELP_LIST, CUT), absent=("line 2",)),
    _flowed("flowed_quoted_soft_breaks", "format=flowed", "HELP LIST",
            f"> {QUOTED} \r\n" * 50_000, expect=(HELP_LIST,), absent=(QUOTED, "line 2")),
]


def _content_type(name: str, content_type: str) -> Case:
    raw = mime(name, content_type, *multipart("b1", TEXT_PART))
    return Case(name, raw, replied(HELP_LIST, absent=NO_PYTHON))


CONTENT_TYPE_CASES = [
    # headerregistry read each of these in quadratic time, or not at all (RecursionError).
    _content_type("content_type_of_semicolons", "multipart/mixed" + ";" * 30_000 +
                  ' boundary="b1"'),
    _content_type("content_type_nested_comments",
                  'multipart/mixed; boundary="b1" ' + "(" * 15_000 + ")" * 15_000),
    _content_type("content_type_unclosed_quote", 'multipart/mixed; boundary="b1"; a="' +
                  "; x" * 10_000),
]


def _nest(depth: int, content_type: str, *, then_text: bool = False) -> list[str | bytes]:
    """Body lines of `depth` nested multiparts, the outermost the message's own (boundary
    b0), each level's Content-Type written as `content_type` % its boundary; HELP LIST
    innermost, or after the whole nest at the top level with `then_text`."""
    levels = range(1, depth + 1 if then_text else depth)
    opening = [line for level in levels
               for line in (f"--b{level - 1}", content_type % f"b{level}", "")]
    inner = depth if then_text else depth - 1
    closing = [f"--b{level}--" for level in reversed(range(1, inner + 1))]
    text = ["--b0", *TEXT_PART[0], "", "HELP LIST"] if then_text else \
        [f"--b{inner}", *TEXT_PART[0], "", "HELP LIST"]
    if then_text:
        return [*opening, *closing, *text, "--b0--"]
    return [*opening, *text, *closing, "--b0--"]


FOLDED = "Content-Type:\r\n multipart/mixed;\r\n\tboundary=\"%s\""
SHOUTED = 'CONTENT-TYPE: MULTIPART/MIXED; BOUNDARY="%s"'
LADEN = ("Content-Type: multipart/mixed (nested); charset=\"utf-8\"; x-a=\"b;c\";\r\n"
         " boundary*=utf-8''%s")


def _nested(name: str, depth: int, content_type: str, *expect: str,
            then_text: bool = False) -> Case:
    top = content_type.replace("Content-Type:", "", 1).replace("CONTENT-TYPE:", "", 1)
    raw = message(name, *_nest(depth, content_type, then_text=then_text),
                  headers=("MIME-Version: 1.0", f"Content-Type:{top % 'b0'}"))
    return Case(name, raw, replied(*expect, absent=NO_PYTHON))


NESTING_CASES = [
    _nested("nested_32_folded", 32, FOLDED, HELP_LIST),
    _nested("nested_33_deep", 33, 'Content-Type: multipart/mixed; boundary="%s"', NOTHING,
            TOO_DEEP),
    # Each evaded the old count of lines starting "Content-Type: multipart/" or was
    # answered with the name of a Python exception.
    _nested("nested_1000_folded", 1000, FOLDED, NOTHING, TOO_DEEP),
    _nested("nested_1000_shouted", 1000, SHOUTED, NOTHING, TOO_DEEP),
    _nested("nested_1000_parameters", 1000, LADEN, NOTHING, TOO_DEEP),
    # The text beside a nest too deep is still read, with a word about the rest.
    _nested("nested_1000_then_text", 1000, FOLDED, HELP_LIST, TOO_DEEP, then_text=True),
]


def _b64_line(name: str, line: bytes) -> Case:
    encoded = base64.encodebytes(line).decode("ascii").splitlines()
    raw = mime(name, TEXT_PLAIN, *encoded, headers=("Content-Transfer-Encoding: base64",))
    return Case(name, raw, replied(f"line 1: {'x' * 80}… (65536 characters)", CUT,
                                   absent=("x" * 81,)))


LONG_LINE_CASES = [
    Case("megabyte_line", message("megabyte_line", "x" * 1_000_000),
         replied(f"line 1: {'x' * 80}… (65536 characters)", CUT, absent=("x" * 81,))),
    Case("megabyte_line_after_help", message("megabyte_line_after_help", "HELP LIST",
                                             "y" * 1_000_000),
         replied(HELP_LIST, CUT, absent=("yyy",))),
    _b64_line("megabyte_line_base64", b"x" * 1_000_000),
    Case("megabyte_word_after_a_command",
         message("megabyte_word_after_a_command", "HELP " + "z" * 1_000_000),
         replied(f"line 1: HELP {'z' * 75}… (65536 characters)",
                 f"{'Z' * 80}… (65531 characters)", CUT, absent=("z" * 81, "Z" * 81))),
]


def _parts(name: str, count: int, filler: tuple[tuple[str, ...], tuple[str, ...]]) -> Case:
    raw = mime(name, 'multipart/mixed; boundary="b1"',
               *multipart("b1", *[filler] * count, TEXT_PART))
    return Case(name, raw, replied(NOTHING, "it has more than 1000 parts", absent=NO_PYTHON))


def _noise(name: str) -> Case:
    noise = base64.encodebytes(random.Random(name).randbytes(600_000)).decode("ascii")
    raw = mime(name, TEXT_PLAIN, *noise.splitlines(),
               headers=("Content-Transfer-Encoding: base64",))
    return Case(name, raw, replied("this judge takes at most 300 in one message"))


PART_CASES = [
    _parts("parts_1001", 1001, (("Content-Type: application/octet-stream",), ("AAAA",))),
    _parts("parts_1001_empty", 1001, ((), ())),  # delimiter lines with nothing between
    Case("parts_of_header_fields",  # 3 MB of header fields, parsed line by line
         mime("parts_of_header_fields", 'multipart/mixed; boundary="b1"', *multipart(
             "b1", *[(("Content-Type: image/png", *["X: y"] * 2700), ("AA",))] * 200,
             TEXT_PART)),
         replied(NOTHING, "the header fields of its parts are too long", absent=NO_PYTHON)),
    _noise("base64_noise"),
    # Python decodes "punycode" in quadratic time; it is no charset, so it is not used.
    Case("charset_punycode_bomb", mime("charset_punycode_bomb", "text/plain; charset=punycode",
                                       "HELP LIST", "a-" + "b" * 1_000_000),
         replied(HELP_LIST, CUT)),
]


def _header_lines(name: str, *lines: str, expect: tuple[str, ...]) -> Case:
    return Case(name, message(name, *lines), replied(*expect, absent=(QUOTED,)))


HEADER_LOOKING_CASES = [
    # Issue #11: "From:" then "Sent:" took the rest of the message as a quoted block.
    _header_lines("from_sent_then_commands", "HELP LIST", "From: the Tsar",
                  "Sent: by pigeon", "HELP JOIN",
                  expect=(HELP_LIST, "line 2: From: the Tsar", "line 4: HELP JOIN")),
    _header_lines("from_date_to_then_commands", "From: the Tsar", "Date: today",
                  "To: all", "HELP LIST",
                  expect=("line 1: From: the Tsar", "line 4: HELP LIST")),
    _header_lines("header_lines_over_and_over", *["From: x", "Sent: y"] * 100, "HELP LIST",
                  expect=("line 201: HELP LIST",)),
    # A copied header block with its date and Subject is someone else's text, even first.
    _header_lines("header_block_first", "From: Judge <judge@example.org>",
                  "Sent: Monday", "To: player@players.example", "Subject: Spring 1901", "",
                  QUOTED, expect=(NOTHING,)),
]

BODY_CASES = [*QUOTE_CASES, *HTML_CASES, *FLOWED_CASES, *CONTENT_TYPE_CASES, *NESTING_CASES,
              *LONG_LINE_CASES, *PART_CASES, *HEADER_LOOKING_CASES]
