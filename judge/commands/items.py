"""What a message body is split into, and what running a command gives back.

Kept apart from the registry and the parser so both can import these values without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Invocation:
    """One command line of a message (plus, for block commands, the lines of its block).

    `name` is the command's canonical name, or the word as typed when `error` is set and no
    command could be chosen. `args` keep the case the sender used: passwords and press
    text are case-sensitive even though command words are not. `block` holds the lines
    between the opening line and the end word verbatim, blank lines included.
    """

    name: str
    line_no: int
    text: str
    args: tuple[str, ...] = ()
    rest: str = ""
    block: tuple[str, ...] = ()
    error: str | None = None

    def block_line_no(self, index: int) -> int:
        """The message line number of `block[index]`, for error replies about block lines."""
        return self.line_no + 1 + index


@dataclass(frozen=True, slots=True)
class OrderText:
    """A non-blank line that no command claims: the order layer reads it."""

    text: str
    line_no: int


@dataclass(frozen=True, slots=True)
class Ignored:
    """A line that is deliberately not acted on, and why (e.g. it follows SIGNOFF)."""

    text: str
    line_no: int
    reason: str


Item = Invocation | OrderText | Ignored


@dataclass(frozen=True, slots=True)
class CommandResult:
    """What a command's run function reports: result lines, or the reason it failed."""

    lines: tuple[str, ...] = ()
    error: str | None = None

    @classmethod
    def ok(cls, *lines: str) -> CommandResult:
        return cls(lines=lines)

    @classmethod
    def fail(cls, reason: str) -> CommandResult:
        return cls(error=reason)
