"""The reply to a message, in fixed sections: Done, Errors, Ignored.

Every entry quotes the line it answers with its line number, so a player can find it in
what they sent. The first line sums up the counts; empty sections are left out.

A quote is an excerpt when the line is long: a reply that quoted a megabyte line in full,
and again in the reason that quotes it, grew to twice the message (issue #11).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ERROR_MARKER = "[errors]"
# A line or fragment up to QUOTE_LIMIT characters is quoted whole (the longest commands,
# SET SCHEDULE or CREATE with every option, stay well within it); a longer one by its
# first EXCERPT characters and its length, enough to find it in what was sent.
QUOTE_LIMIT = 250
EXCERPT = 80
# A detail past this length quotes something long in a way _LONG does not see: it is cut.
DETAIL_LIMIT = 1000
# What a reason quotes: a quoted fragment, or a word (a run without spaces, quotes, or
# the comma or semicolon that would end a sentence's clause after it).
_LONG = re.compile(rf"""(['"])([^'"\n]{{{QUOTE_LIMIT + 1},}})\1|[^\s,;'"]{{{QUOTE_LIMIT + 1},}}""")


def excerpt(text: str) -> str:
    """`text` itself, or its start and its length when it is longer than QUOTE_LIMIT."""
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:EXCERPT]}… ({len(text)} characters)"


@dataclass(frozen=True, slots=True)
class Entry:
    line_no: int
    text: str
    details: tuple[str, ...] = ()

    def render(self) -> list[str]:
        line = self.text.strip()
        # A detail of several lines (SET MAP's list of problems) is indented line by line:
        # its second line sat at the margin, where it read as another entry.
        return [f"line {self.line_no}: {excerpt(line)}",
                *(f"    {part}" if part else "" for detail in self.details
                  for part in (_bounded(detail, line).split("\n") if detail else [""]))]


def _bounded(detail: str, line: str) -> str:
    """A detail with every long thing it quotes shortened: the line the entry answers (the
    grammar quotes it whole), a quoted fragment, a word; and cut if still too long."""
    if len(detail) <= QUOTE_LIMIT:
        return detail
    if len(line) > QUOTE_LIMIT:
        detail = detail.replace(line, excerpt(line))
    detail = _LONG.sub(_shorten, detail)
    return detail if len(detail) <= DETAIL_LIMIT else excerpt(detail)


def _shorten(found: re.Match[str]) -> str:
    if found[1] is None:
        return excerpt(found[0])
    return f"{found[1]}{excerpt(found[2])}{found[1]}"


# A message with no command (an empty body, the command in the subject, only quoted
# text): what the judge reads, and where to start.
NOTHING_FOUND = ("The judge found no command in your message. It reads the body only, one "
                 "command a line, and skips the subject, quoted text and signature. HELP "
                 "lists the commands; HELP ORDERS shows how to write orders.")


class Reply:
    def __init__(self) -> None:
        self._done: list[Entry] = []
        self._errors: list[Entry] = []
        self._ignored: list[Entry] = []
        self._notes: list[tuple[str, tuple[str, ...]]] = []

    def done(self, line_no: int, text: str, *details: str) -> None:
        self._done.append(Entry(line_no, text, details))

    def error(self, line_no: int, text: str, reason: str) -> None:
        self._errors.append(Entry(line_no, text, (reason,)))

    def ignored(self, line_no: int, text: str, reason: str) -> None:
        self._ignored.append(Entry(line_no, text, (reason,)))

    def note(self, title: str, *lines: str) -> None:
        """A section after the fixed ones: a power's order set, what happened next."""
        self._notes.append((title, lines))

    @property
    def has_errors(self) -> bool:
        return bool(self._errors)

    @property
    def sections(self) -> dict[str, tuple[Entry, ...]]:
        """Each section in the order of the lines it answers: order lines are answered once
        the whole message has run (judge/commands/order_answers.py), after the commands
        that followed them."""
        return {"Done": _in_order(self._done), "Errors": _in_order(self._errors),
                "Ignored": _in_order(self._ignored)}

    def summary(self) -> str:
        counts = [_count(len(self._done), "done", "done"),
                  _count(len(self._errors), "error", "errors"),
                  _count(len(self._ignored), "ignored", "ignored")]
        return ", ".join(count for count in counts if count) or "Nothing to do."

    def render(self) -> str:
        lines = [self.summary()]
        if not (self._done or self._errors or self._ignored or self._notes):
            lines += ["", NOTHING_FOUND]
        for title, entries in self.sections.items():
            if entries:
                lines += ["", title, "-" * len(title)]
                for entry in entries:
                    lines += entry.render()
        for title, body in self._notes:
            lines += ["", title, "-" * len(title), *body]
        return "\n".join(lines) + "\n"

    def subject(self, base: str) -> str:
        """`base` with the error marker in front while errors remain, and without it
        otherwise (a reply to an earlier marked reply drops the old marker)."""
        clean = " ".join(base.replace(ERROR_MARKER, " ").split())
        return f"{ERROR_MARKER} {clean}".strip() if self.has_errors else clean


def _in_order(entries: list[Entry]) -> tuple[Entry, ...]:
    return tuple(sorted(entries, key=lambda entry: entry.line_no))


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}" if number else ""
