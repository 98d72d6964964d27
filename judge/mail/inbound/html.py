"""HTML-only mail to plain command lines, in one pass over the markup.

    html_to_text(html) -> lines: block elements break lines, blockquote lines are "> "-quoted

The tokenizer is ours, not html.parser's: that one scans again from every "<" it cannot
finish, so a few hundred kilobytes of "<a x=y " held it for minutes (issue #11). Here each
construct is found by one forward match, and one that never ends takes the rest of the
document with it, as in an HTML5 parser (WHATWG HTML §13.2.5: "eof-in-tag").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

_SPACE = re.compile(r"\s+")
_BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "footer", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section",
    "table", "tr", "ul",
})
# What a tag's depth counter tracks: hidden text, a quote, preformatted text.
_DEPTH_KINDS = {"template": "hidden", "title": "hidden", "blockquote": "quote", "pre": "pre"}
# Elements whose content is text up to their end tag, never markup (§13.1.2.1).
_RAW_TEXT = frozenset({"script", "style"})

# One token of HTML at a time, each found by one forward match: text (with any "<" that
# starts nothing, §13.2.5.6), a comment, a start or end tag, a declaration or bogus comment.
# A construct without its end runs to the end of the document; the quantifiers that could
# otherwise backtrack over a long run are possessive.
_TOKEN = re.compile(r"""
    (?P<text>(?:[^<]|<(?![A-Za-z/!?]))++)
  | <!--.*?(?:-->|\Z)
  | <(?P<end>/?)(?P<name>[A-Za-z][^\s/>]*+)
      (?P<rest>(?:=\s*+"[^"]*+"|=\s*+'[^']*+'|[^>])*+)(?P<gt>>|\Z)
  | <[!?/][^>]*+(?:>|\Z)
""", re.VERBOSE | re.DOTALL)

Token = tuple[str, str]  # ("text", text) or ("start" | "end" | "empty", tag name)


def html_to_text(html: str, *, cut: bool = False) -> str:
    """The lines of `html`; with `cut` (the document goes on after it), the line still open
    at its end is left out: it may be half a command."""
    lines = _Lines()
    for kind, value in _tokens(html):
        if kind == "text":
            lines.data(unescape(value))  # character references (§13.2.5.72)
        else:
            lines.tag(value, {"start": 1, "end": -1, "empty": 0}[kind])
    return lines.text(open_line=not cut)


def _tokens(html: str) -> Iterator[Token]:
    pos, size = 0, len(html)
    while pos < size:
        found = _TOKEN.match(html, pos)
        if found is None:  # cannot happen: "<" always starts one of the constructs
            return
        pos = found.end()
        if found["text"] is not None:
            yield "text", found["text"]
        elif found["name"] is not None and found["gt"]:  # a tag cut by the end is dropped
            name = found["name"].lower()
            kind = "end" if found["end"] else "empty" if found["rest"].endswith("/") \
                else "start"
            yield kind, name
            if kind == "start" and name in _RAW_TEXT:
                pos = _raw_text_end(html, pos, name)


def _raw_text_end(html: str, pos: int, tag: str) -> int:
    found = re.compile(rf"</{tag}[\s/>]", re.IGNORECASE).search(html, pos)
    return len(html) if found is None else found.start()


class _Lines:
    """Plain lines from HTML's events: block elements break lines, <br> ends one, text
    inside a blockquote is "> "-quoted, hidden elements (title, template) are dropped."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._line: list[str] = []
        self._quoted = False  # the current line holds text from inside a blockquote
        self._depth = {"hidden": 0, "quote": 0, "pre": 0}

    def data(self, data: str) -> None:
        if self._depth["hidden"]:
            return
        if not self._depth["pre"]:
            self._add(_SPACE.sub(" ", data))  # HTML whitespace, newlines included, is a space
            return
        first, *rest = data.split("\n")
        self._add(first)
        for piece in rest:
            self._break(force=True)
            self._add(piece)

    def tag(self, tag: str, step: int) -> None:
        """An element starts (step 1), ends (-1) or is empty (0: <br/>, <hr/>)."""
        if tag == "br":
            self._break(force=True)  # <br> ends a line even an empty one: <br><br> is a gap
        elif tag in _BLOCK_TAGS:
            self._break()
        elif tag in ("td", "th") and step:
            self._add(" ")  # cells of a row sit side by side: "<td>A PAR</td><td>-</td>"
        kind = _DEPTH_KINDS.get(tag)
        if step and kind:
            self._depth[kind] = max(0, self._depth[kind] + step)  # stray end tags abound

    def text(self, *, open_line: bool = True) -> str:
        if open_line:
            self._break()
        out: list[str] = []
        for line in self._lines:
            if line or (out and out[-1]):  # at most one blank line in a row
                out.append(line)
        return "\n".join(out).strip("\n")

    def _add(self, text: str) -> None:
        if text:
            self._line.append(text)
            self._quoted = self._quoted or bool(self._depth["quote"])

    def _break(self, *, force: bool = False) -> None:
        if not self._line and not force:
            return  # nothing to end (and nothing quoted: _add sets that with the text)
        text = "".join(self._line)
        text = text.rstrip() if self._depth["pre"] else " ".join(text.split())
        if text == "--":
            text = "-- "  # the signature separator (RFC 3676 §4.3) lost its space above
        if text or force:
            self._lines.append(f"> {text}" if self._quoted and text else text)
        self._line, self._quoted = [], False
