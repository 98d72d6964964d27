"""The reply to a message, in fixed sections: Done, Errors, Ignored.

Every entry quotes the line it answers with its line number, so a player can find it in
what they sent. The first line sums up the counts; empty sections are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR_MARKER = "[errors]"


@dataclass(frozen=True, slots=True)
class Entry:
    line_no: int
    text: str
    details: tuple[str, ...] = ()

    def render(self) -> list[str]:
        return [f"line {self.line_no}: {self.text.strip()}",
                *(f"    {detail}" if detail else "" for detail in self.details)]


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
        return {"Done": tuple(self._done), "Errors": tuple(self._errors),
                "Ignored": tuple(self._ignored)}

    def summary(self) -> str:
        counts = [_count(len(self._done), "done", "done"),
                  _count(len(self._errors), "error", "errors"),
                  _count(len(self._ignored), "ignored", "ignored")]
        return ", ".join(count for count in counts if count) or "Nothing to do."

    def render(self) -> str:
        lines = [self.summary()]
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


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}" if number else ""
