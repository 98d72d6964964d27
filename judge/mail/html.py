"""HTML-only mail to plain command lines (html.parser: lenient, standard library)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

_SPACE = re.compile(r"\s+")
_BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "footer", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section",
    "table", "tr", "ul",
})
# What a tag's depth counter tracks: hidden text, a quote, preformatted text.
_DEPTH_KINDS = {"script": "hidden", "style": "hidden", "template": "hidden", "title": "hidden",
                "blockquote": "quote", "pre": "pre"}


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    try:
        parser.feed(html)
        return parser.text()
    except Exception:  # html.parser is lenient, but a parser bug must not lose the message
        return unescape(re.sub(r"<[^>]*>", "\n", html))


class _HtmlText(HTMLParser):
    """HTML to plain lines: block elements break lines, blockquote lines are "> "-quoted."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)  # entities arrive unescaped in handle_data
        self._lines: list[str] = []
        self._line: list[str] = []
        self._quoted = False  # the current line holds text from inside a blockquote
        self._depth = {"hidden": 0, "quote": 0, "pre": 0}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, 1)

    def handle_endtag(self, tag: str) -> None:
        self._tag(tag, -1)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, 0)  # <br/>, <hr/>: a break, and no element to be inside of

    def handle_data(self, data: str) -> None:
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

    def text(self) -> str:
        self.close()
        self._break()
        out: list[str] = []
        for line in self._lines:
            if line or (out and out[-1]):  # at most one blank line in a row
                out.append(line)
        return "\n".join(out).strip("\n")

    def _tag(self, tag: str, step: int) -> None:
        if tag == "br":
            self._break(force=True)  # <br> ends a line even an empty one: <br><br> is a gap
        elif tag in _BLOCK_TAGS:
            self._break()
        elif tag in ("td", "th") and step:
            self._add(" ")  # cells of a row sit side by side: "<td>A PAR</td><td>-</td>"
        kind = _DEPTH_KINDS.get(tag)
        if step and kind:
            self._depth[kind] = max(0, self._depth[kind] + step)  # stray end tags abound

    def _add(self, text: str) -> None:
        if text:
            self._line.append(text)
            self._quoted = self._quoted or bool(self._depth["quote"])

    def _break(self, *, force: bool = False) -> None:
        text = "".join(self._line)
        text = text.rstrip() if self._depth["pre"] else " ".join(text.split())
        if text == "--":
            text = "-- "  # the signature separator (RFC 3676 §4.3) lost its space above
        if text or force:
            self._lines.append(f"> {text}" if self._quoted and text else text)
        self._line, self._quoted = [], False
