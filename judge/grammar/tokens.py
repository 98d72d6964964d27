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
        if group == "skip":
            continue
        raw = m.group()
        if group == "dash":
            norm = "-"
        elif group == "punct":
            norm = _BRACKETS.get(raw, raw)
        else:
            norm = raw.lower()
        out.append(Token(norm, m.start(), m.end(), group == "word"))
    return out


def phrase(text: str) -> tuple[str, ...]:
    """The token key of a name or keyword, spelled the way an order line is read."""
    return tuple(t.norm for t in tokenize(text))
