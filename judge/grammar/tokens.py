"""Splitting an order line into tokens that remember where they stood in the text."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Periods and commas carry no meaning in an order ("St. Petersburg", "A Par - Bur.", ".nc"),
# so they separate words like spaces do. Every arrow or dash (mail clients turn '-' into
# en or em dashes) reads as the one move operator '-'.
_TOKEN = re.compile(
    r"(?P<skip>[\s,.]+)"
    r"|(?P<dash>[-\u2010-\u2015]+>?|=+>|>|\u2192)"
    r"|(?P<punct>[/()\[\]])"
    r"|(?P<word>[\w'\u2019]+)"
    r"|(?P<other>.)",
    re.DOTALL,
)
_BRACKETS = {"[": "(", "]": ")"}
# A ';' that ends the line ("A Par - Bur;", as some judges' orders are written) ends the
# order; one inside a line is read, and refused with the line quoted.
_LINE_END = re.compile(r"[\s;,.]*\Z")


@dataclass(frozen=True, slots=True)
class Token:
    norm: str
    start: int
    end: int
    word: bool


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    for m in _TOKEN.finditer(text):
        group = m.lastgroup
        raw = m.group()
        if group == "skip" or (raw == ";" and _LINE_END.match(text, m.end())):
            continue
        if group == "dash":
            norm = "-"
        elif group == "punct":
            norm = _BRACKETS.get(raw, raw)
        else:
            norm = raw.lower()
        out.append(Token(norm, m.start(), m.end(), group == "word"))
    return out


# A line of ASCII letters, digits, spaces, '.', ',', '-', '/' and round brackets (most
# order lines) splits exactly as _TOKEN splits it, without Token objects: a run of '-' is
# one dash, every other character that is neither a word nor punctuation separates.
_PLAIN = re.compile(r"[A-Za-z0-9\s,./()\-]*")
_PLAIN_TOKEN = re.compile(r"[a-z0-9]+|-+|[/()]")


def plain_norms(text: str) -> tuple[str, ...] | None:
    """The norms of `text`'s tokens when it is a plain line, else None (use tokenize)."""
    if _PLAIN.fullmatch(text) is None:
        return None
    return tuple("-" if t[0] == "-" else t for t in _PLAIN_TOKEN.findall(text.lower()))


def phrase(text: str) -> tuple[str, ...]:
    """The token key of a name or keyword, spelled the way an order line is read."""
    return tuple(t.norm for t in tokenize(text))
