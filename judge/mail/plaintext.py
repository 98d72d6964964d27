"""A text part's command text: what the sender wrote, without what they quoted or signed.

    clean(text, flowed=..., delsp=...) -> the lines the judge reads as commands

Quoted text takes several shapes, and none of it is the sender's commands: "> " lines
(with an "On ... wrote:" attribution before them), and blocks that run to the end of the
message below a separator line or a copied header block, as Outlook and forwards write.
"""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL and the C1 controls: never part of a command
# (C1 bytes come from mislabelled windows-1252), and PostgreSQL text rejects NUL outright.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Invisible characters that would glue themselves to a command word (a byte order mark, a
# zero-width space), and Unicode spaces that must split words as a space does.
_INVISIBLE = {**dict.fromkeys(map(ord, "\ufeff\u200b\u2060"), None),
              **dict.fromkeys(map(ord, "\xa0\u2007\u202f"), " ")}
# Lines that start someone else's text, which then runs to the end: Outlook's reply
# separator, Gmail's and Thunderbird's forward and reply headers, Apple Mail's forward.
_BLOCK_START = re.compile(
    r"-{2,} ?(original message|forwarded message) ?-{2,}|begin forwarded message:",
    re.IGNORECASE)
# Outlook's reply header without a separator: "From: ..." then "Sent: ..." (or "Date:").
_HEADER_FROM = re.compile(r"from:\s*\S", re.IGNORECASE)
_HEADER_NEXT = re.compile(r"(sent|date):\s*\S", re.IGNORECASE)
# Outlook's rule above its header block; blank lines before the block go with it.
_RULE = re.compile(r"_{10,}|")


def clean(text: str, *, flowed: bool = False, delsp: bool = False) -> str:
    """The command text: line ends normalised, signature and quoted text removed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE)
    lines = CONTROL.sub("", text).split("\n")
    if flowed:
        lines = _unflow(lines, delsp=delsp)
    lines = lines[:_end_of_own_text(lines)]
    # Removed lines leave blank ones behind, and leading blank lines stay: the reply
    # quotes each command with its line number, which must be the line the sender sees.
    return "\n".join(line.rstrip() for line in _drop_quotes(lines)).rstrip("\n")


def _end_of_own_text(lines: list[str]) -> int:
    """Where the sender's own text ends: a signature, or a quoted block to the end."""
    for index, line in enumerate(lines):
        # RFC 3676 §4.3: the signature starts at "-- "; many clients drop its space.
        if line.rstrip() == "--" or _starts_block(lines, index):
            while index and _RULE.fullmatch(lines[index - 1].strip()):
                index -= 1
            return index
    return len(lines)


def _starts_block(lines: list[str], index: int) -> bool:
    line = lines[index].strip()
    if _BLOCK_START.fullmatch(line):
        return True
    following = next((text for text in lines[index + 1:index + 3] if text.strip()), "")
    return bool(_HEADER_FROM.match(line) and _HEADER_NEXT.match(following.strip()))


def _unflow(lines: list[str], *, delsp: bool) -> list[str]:
    out: list[str] = []
    joining = False
    for line in lines:
        quoted = line.startswith(">")
        if not quoted and line.startswith(" "):
            line = line[1:]  # RFC 3676 §4.4: undo space-stuffing
        if joining and not quoted:
            out[-1] += line
        else:
            out.append(line)
        # RFC 3676 §4.2: a trailing space marks a soft break, except in the signature line.
        joining = not quoted and line.endswith(" ") and line != "-- "
        if joining and delsp:
            out[-1] = out[-1][:-1]  # RFC 3676 §4.5: with DelSp=yes the space is not text
    return out


def _drop_quotes(lines: list[str]) -> list[str]:
    kept: list[str] = []
    in_quote = False
    for line in lines:
        quoted = line.lstrip().startswith(">")
        if quoted and not in_quote:
            _drop_attribution(kept)
        in_quote = quoted
        kept.append("" if quoted else line)
    return kept


def _drop_attribution(kept: list[str]) -> None:
    """Remove an "On <date>, <someone> wrote:" line left directly before a quote."""
    end = len(kept)
    while end and not kept[end - 1].strip():
        end -= 1
    if not end or not kept[end - 1].rstrip().endswith("wrote:"):
        return
    start = end - 1
    # Clients wrap a long "On <date>, <name> <address> wrote:" over two lines.
    if start and not kept[start].lstrip().startswith("On ") and kept[start - 1].startswith("On "):
        start -= 1
    kept[start:] = [""] * (len(kept) - start)
