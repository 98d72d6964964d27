"""The worst bodies for each step that reads a message, at growing sizes (issue #11).

    python bench/worst_bodies.py                      # 64 KB, 256 KB, 1 MB, 5 MB
    python bench/worst_bodies.py --sizes 16K,64K --give-up 20 --json out.json

Each case builds one raw message of about the given size that is as costly as we know
how to make it for one step (quote stripping, HTML, format=flowed, MIME nesting, ...),
and times `read_message` on it, the whole of the body's reading. The growth down a
column shows whether the step is linear and whether its bound holds: bounded steps stay
flat once the size passes their bound. Only `judge.mail.inbound.message.read_message` is used, so
the same script measures an older tree (PYTHONPATH=old-tree); `--give-up S` stops a case
at the first size that took longer than S seconds.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.mail.inbound.message import read_message

HEAD = (b"From: Player <player@players.example>\r\nTo: judge@example.org\r\n"
        b"Subject: orders\r\nMessage-ID: <bench@players.example>\r\nMIME-Version: 1.0\r\n")
TEXT_PART = b"--b0\r\nContent-Type: text/plain\r\n\r\nHELP LIST\r\n"


def _message(content_type: str, body: bytes, *headers: str) -> bytes:
    extra = b"".join(f"{header}\r\n".encode() for header in headers)
    return HEAD + f"Content-Type: {content_type}\r\n".encode() + extra + b"\r\n" + body


def _repeat(unit: bytes, size: int) -> bytes:
    return unit * max(1, size // len(unit))


def quote_pairs(size: int) -> bytes:  # a blank line, then a quote: each looked back over all
    return _message("text/plain", b"HELP LIST\r\n" + _repeat(b"\r\n>\r\n", size))


def quote_attributions(size: int) -> bytes:
    return _message("text/plain", _repeat(b"On Mon, Bob wrote:\r\n> A PAR - PIC\r\n\r\n", size))


def header_looking_lines(size: int) -> bytes:  # "From:" lines, each starting a block search
    return _message("text/plain", _repeat(b"From: x\r\nSent: y\r\nTo: z\r\n", size))


def flowed(size: int) -> bytes:  # one line of a million soft breaks
    return _message("text/plain; format=flowed", _repeat(b"a \r\n", size))


def html_dense(size: int) -> bytes:  # as many tags as bytes allow
    return _message("text/html", _repeat(b"<p>a</p>", size))


def html_unclosed_tags(size: int) -> bytes:  # "<a x=y " never closed, again and again
    return _message("text/html", _repeat(b"<a x=y ", size))


def html_unclosed_quotes(size: int) -> bytes:
    return _message("text/html", _repeat(b'<a b="', size))


def html_open_comments(size: int) -> bytes:
    return _message("text/html", _repeat(b"<![<!--<?</", size))


def huge_line(size: int) -> bytes:
    return _message("text/plain", b"HELP LIST\r\n" + b"x" * size)


def base64_noise(size: int) -> bytes:
    noise = random.Random(size).randbytes(size * 3 // 4)
    return _message("text/plain", base64.encodebytes(noise).replace(b"\n", b"\r\n"),
                    "Content-Transfer-Encoding: base64")


def quoted_printable(size: int) -> bytes:
    return _message("text/plain", _repeat(b"=3D=3D=3D=\r\n", size),
                    "Content-Transfer-Encoding: quoted-printable")


def many_parts(size: int) -> bytes:  # the text part last, after every other
    filler = _repeat(b"--b0\r\nContent-Type: application/octet-stream\r\n\r\nAA\r\n", size)
    return _message('multipart/mixed; boundary="b0"', filler + TEXT_PART + b"--b0--\r\n")


def part_headers(size: int) -> bytes:  # parts of header fields alone, the text part last
    part = b"--b0\r\nContent-Type: application/octet-stream\r\n" + b"X: y\r\n" * 2700 + \
        b"\r\nAA\r\n"
    return _message('multipart/mixed; boundary="b0"', _repeat(part, size) + TEXT_PART)


def empty_parts(size: int) -> bytes:  # delimiter lines and nothing between them
    return _message('multipart/mixed; boundary="b0"', _repeat(b"--b0\r\n", size) + TEXT_PART)


def deep_nesting(size: int) -> bytes:  # as deep as the size allows, with folded headers
    level = b'--b%d\r\nContent-Type: multipart/mixed;\r\n boundary="b%d"\r\n\r\n'
    depth = max(2, size // len(level % (99999, 99999)))
    opening = b"".join(level % (n, n + 1) for n in range(depth))
    return _message('multipart/mixed; boundary="b0"', opening + b"--b%d\r\n" % depth +
                    b"Content-Type: text/plain\r\n\r\nHELP LIST\r\n")


def nested_filler(size: int) -> bytes:  # 31 levels round a filler, the text part after it
    depth = 31
    opening = b"".join(b'--b%d\r\nContent-Type: multipart/mixed; boundary="b%d"\r\n\r\n'
                       % (n, n + 1) for n in range(depth))
    filler = _repeat(b"--b1x\r\n--b2  x\r\n", size)
    inner = b"--b%d\r\nContent-Type: application/octet-stream\r\n\r\n" % depth + filler
    return _message('multipart/mixed; boundary="b0"', opening + inner +
                    b"--b%d\r\nContent-Type: text/plain\r\n\r\nHELP LIST\r\n" % depth)


def broken_boundaries(size: int) -> bytes:  # multiparts whose boundary must be guessed
    part = b"--x\r\nContent-Type: multipart/mixed\r\n\r\n"
    return _message("multipart/mixed", _repeat(part, size) + b"--x\r\n\r\nHELP LIST\r\n")


def content_type_params(size: int) -> bytes:  # one Content-Type of semicolons
    field = "multipart/mixed" + ";" * size + ' boundary="b0"'
    return _message(field, TEXT_PART + b"--b0--\r\n")


def header_fields(size: int) -> bytes:  # the header block itself
    return HEAD + _repeat(b"X-Filler: y\r\n", size) + b"\r\nHELP LIST\r\n"


def _fields(*fields: bytes) -> bytes:  # a message whose own From and Subject are the case
    return b"\r\n".join((b"To: judge@example.org", *fields, b"", b"HELP LIST", b""))


def from_comments(size: int) -> bytes:  # nested comments: the parsers recursed per level
    depth = max(1, size // 2)
    return _fields(b"From: " + b"(" * depth + b")" * depth + b" player@players.example",
                   b"Subject: orders")


def from_semicolons(size: int) -> bytes:  # quadratic in the strict address parser
    return _fields(b"From: Ann <player@players.example>" + b";" * size, b"Subject: orders")


def subject_punycode(size: int) -> bytes:  # Python's punycode decoder is quadratic
    return _fields(b"From: player@players.example",
                   b"Subject: =?punycode?q?a-" + b"b" * size + b"?=")


def subject_encoded_words(size: int) -> bytes:
    word = b"=?utf-8?q?caf=C3=A9?= "
    return _fields(b"From: player@players.example", b"Subject: " + _repeat(word, size))


CASES: dict[str, Callable[[int], bytes]] = {case.__name__: case for case in (
    quote_pairs, quote_attributions, header_looking_lines, flowed, html_dense,
    html_unclosed_tags, html_unclosed_quotes, html_open_comments, huge_line, base64_noise,
    quoted_printable, many_parts, part_headers, empty_parts, deep_nesting, nested_filler,
    broken_boundaries, content_type_params, header_fields, from_comments, from_semicolons,
    subject_punycode, subject_encoded_words)}


def parse_size(text: str) -> int:
    units = {"K": 1024, "M": 1024 * 1024}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units \
        else int(text)


def measure(case: Callable[[int], bytes], size: int, repeat: int) -> float:
    raw = case(size)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        read_message(raw)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="64K,256K,1M,5M")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per size; the fastest counts")
    parser.add_argument("--give-up", type=float, default=30.0, metavar="S",
                        help="skip a case's larger sizes once one took more than S seconds")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    sizes = [parse_size(size) for size in args.sizes.split(",")]
    print(f"{'case':24}" + "".join(f"{_label(size):>10}" for size in sizes) + "  (seconds)")
    figures: dict[str, dict[str, float | None]] = {}
    for name in args.cases.split(","):
        row: dict[str, float | None] = {}
        for size in sizes:
            slow = any(seconds is None or seconds > args.give_up for seconds in row.values())
            row[_label(size)] = None if slow else measure(CASES[name], size, args.repeat)
        figures[name] = row
        print(f"{name:24}" + "".join("         -" if seconds is None else f"{seconds:10.4f}"
                                     for seconds in row.values()), flush=True)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def _label(size: int) -> str:
    return f"{size // (1024 * 1024)}M" if size % (1024 * 1024) == 0 else f"{size // 1024}K"


if __name__ == "__main__":
    main()
