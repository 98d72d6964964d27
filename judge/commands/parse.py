"""A message body -> the commands, order lines and ignored lines it holds, in order.

Line by line: blank lines are skipped; a line whose first words name a command (two-word
names tried first) is an Invocation; block commands take the following lines verbatim up
to their end word; a command that ends the message (SIGNOFF) makes every later line
Ignored; any other line is an OrderText for the order layer. Quoted text ('>' lines) is
not special here: stripping it is the mail layer's job.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace

from judge.commands.foreign import instead
from judge.commands.items import Ignored, Invocation, Item, OrderText
from judge.commands.registry import Command, CommandRegistry, normalize


@dataclass(frozen=True, slots=True)
class _Head:
    """How a line starts: a command and how many words name it, or why it failed."""

    command: Command | None
    words: int = 0
    error: str | None = None


def split_message(body: str, registry: CommandRegistry) -> list[Item]:
    lines = body.splitlines()
    items: list[Item] = []
    index = 0
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        item, index = _read_item(lines, index, registry)
        items.append(item)
        if isinstance(item, Invocation) and _ends_message(item, registry):
            items.extend(_ignore_rest(lines, index, item.name))
            break
    return items


def _read_item(lines: list[str], index: int, registry: CommandRegistry) -> tuple[Item, int]:
    """The item starting at `lines[index]` and the index of the line after it."""
    text = lines[index]
    line_no = index + 1
    head = _match_head(text.split(), registry)
    if head.error is not None:
        word = text.split()[0].upper()
        return Invocation(word, line_no, text, error=head.error), index + 1
    if head.command is None:
        return OrderText(text, line_no), index + 1
    parts = text.split(None, head.words)
    rest = parts[head.words].strip() if len(parts) > head.words else ""
    invocation = Invocation(head.command.name, line_no, text, tuple(rest.split()), rest)
    if not head.command.block:
        return invocation, index + 1
    return _read_block(invocation, head.command, lines, index + 1)


def _match_head(words: list[str], registry: CommandRegistry) -> _Head:
    """Longest command name first; a stray end word or an unknown `SET x` is an error."""
    phrase = normalize(" ".join(words))
    openers = registry.end_words().get(phrase)
    if openers:
        return _Head(None, error=f"{phrase} without {_either(openers)} before it")
    for count in (2, 1):
        found = registry.lookup(" ".join(words[:count]))
        if len(words) >= count and found.command is not None:
            return _Head(found.command, count)
    for count in (2, 1):
        found = registry.lookup(" ".join(words[:count]))
        if len(words) >= count and found.candidates:
            typed = normalize(" ".join(words[:count]))
            return _Head(None, error=f"{typed} is ambiguous: it could be "
                                     f"{_either(found.candidates)}")
    other_judges = instead(words)
    if other_judges is not None:
        return _Head(None, error=other_judges)
    first = normalize(words[0])
    if first in registry.first_words():
        known = [c.name.split()[1] for c in registry.commands()
                 if c.name.startswith(first + " ")]
        return _Head(None, error=f"unknown {first} command; {first} goes with "
                                 f"{', '.join(known)}{_not_one(words, known)}")
    return _Head(None)


def _not_one(words: list[str], known: list[str]) -> str:
    """Which word was not read and the likeliest one meant: a master who wrote SET
    SCHEDUEL must see that SCHEDUEL is the fault, not hunt for it in the list."""
    if len(words) < 2:
        return ""
    typed = normalize(words[1])
    near = difflib.get_close_matches(typed, known, n=1, cutoff=0.75)
    hint = f"; did you mean {normalize(words[0])} {near[0]}?" if near else ""
    return f": {typed!r} is none of them{hint}"


def _read_block(invocation: Invocation, command: Command, lines: list[str],
                start: int) -> tuple[Invocation, int]:
    ends = {normalize(word) for word in command.end_words}
    for index in range(start, len(lines)):
        if normalize(lines[index]) in ends:
            return _with_block(invocation, lines[start:index]), index + 1
    error = (f"no {command.end_words[0]} after this {command.name}: "
             f"the rest of the message was taken as its text and not acted on")
    return _with_block(invocation, lines[start:], error), len(lines)


def _with_block(invocation: Invocation, block: list[str],
                error: str | None = None) -> Invocation:
    return replace(invocation, block=tuple(block), error=error)


def _ends_message(invocation: Invocation, registry: CommandRegistry) -> bool:
    command = registry.lookup(invocation.name).command
    return invocation.error is None and command is not None and command.ends_message


def _ignore_rest(lines: list[str], start: int, name: str) -> list[Item]:
    reason = f"after {name}"
    return [Ignored(text, index + 1, reason)
            for index, text in enumerate(lines[start:], start) if text.strip()]


def _either(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
