"""One registry of commands keyed by name; a duplicate name or alias is fatal.

Command words are matched case-insensitively. A word may be abbreviated to a unique prefix
of at least `min_abbrev` letters (4 by default) so that three-letter province codes such as
HEL (a prefix of HELP) never read as commands: `HIST` finds HISTORY, `SIGN` is ambiguous.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from judge.commands.items import Invocation, Outcome


class Context(Protocol):
    """What a run function may use. Families that need more (a unit of work, the sender's
    account, a clock) add members here, so every command takes the same context type."""

    @property
    def registry(self) -> Registry: ...


class Runner(Protocol):
    def __call__(self, ctx: Context, invocation: Invocation, /) -> Outcome: ...


class DuplicateCommandError(ValueError):
    """Two commands claim the same name or alias: a programming error, raised at start-up."""


def normalize(phrase: str) -> str:
    """Upper case, single spaces: the form every name, alias and end word is compared in."""
    return " ".join(phrase.split()).upper()


@dataclass(frozen=True, slots=True)
class Command:
    """A command: `name` is one or two words (`SET WAIT`, `END GAME`).

    A `block` command takes the following lines up to one of its `end_words`
    (REGISTER ... END, PRESS ... ENDPRESS). A command that `ends_message` (SIGNOFF) makes
    every later line ignored.
    """

    name: str
    help: str
    run: Runner
    usage: str = ""
    aliases: tuple[str, ...] = ()
    block: bool = False
    end_words: tuple[str, ...] = ()
    ends_message: bool = False

    def __post_init__(self) -> None:
        for key in self.keys():
            if not 1 <= len(key.split()) <= 2:
                raise ValueError(f"command name must be one or two words: {key!r}")
        if self.block != bool(self.end_words):
            raise ValueError(f"{self.name}: a block command needs end words, and only it")

    def keys(self) -> tuple[str, ...]:
        return tuple(normalize(key) for key in (self.name, *self.aliases))

    def synopsis(self) -> str:
        """`USAGE — help`, the line HELP lists."""
        return f"{self.usage or self.name} — {self.help}"


@dataclass(frozen=True, slots=True)
class Lookup:
    """The answer to `Registry.lookup`: the command, or the names it could have meant."""

    command: Command | None
    candidates: tuple[str, ...] = ()


class Registry:
    def __init__(self, min_abbrev: int = 4) -> None:
        self._min_abbrev = min_abbrev
        self._by_key: dict[str, Command] = {}

    def register(self, command: Command) -> None:
        keys = command.keys()
        if len(set(keys)) != len(keys):
            raise DuplicateCommandError(f"{command.name}: a name or alias is repeated")
        for key in keys:
            if key in self._by_key:
                owner = self._by_key[key].name
                raise DuplicateCommandError(f"{command.name}: {key} is already used by {owner}")
        for key in keys:
            self._by_key[key] = command

    def commands(self) -> tuple[Command, ...]:
        unique = {command.name: command for command in self._by_key.values()}
        return tuple(unique[name] for name in sorted(unique))

    def lookup(self, phrase: str) -> Lookup:
        """Exact name or alias first, then a unique abbreviation with as many words."""
        key = normalize(phrase)
        if key in self._by_key:
            return Lookup(self._by_key[key])
        if len(key) < self._min_abbrev:
            return Lookup(None)
        words = len(key.split())
        found = {command.name: command for k, command in self._by_key.items()
                 if len(k.split()) == words and k.startswith(key)}
        if len(found) == 1:
            return Lookup(next(iter(found.values())))
        return Lookup(None, tuple(sorted(found)))

    def close_matches(self, phrase: str, limit: int = 3) -> tuple[str, ...]:
        """Names (or aliases) that look like a mistyped `phrase`, best first."""
        near = difflib.get_close_matches(normalize(phrase), list(self._by_key), n=limit)
        return tuple(dict.fromkeys(self._by_key[key].name for key in near))

    def first_words(self) -> frozenset[str]:
        """Words that start a two-word command (SET, END): a line starting with one is
        a command attempt even when the rest does not match."""
        return frozenset(key.split()[0] for key in self._by_key if " " in key)

    def end_words(self) -> dict[str, tuple[str, ...]]:
        """Each end word and the names of the commands whose blocks it closes."""
        openers: dict[str, tuple[str, ...]] = {}
        for command in self.commands():
            for word in map(normalize, command.end_words):
                openers[word] = (*openers.get(word, ()), command.name)
        return openers

    def help_lines(self) -> list[str]:
        return [command.synopsis() for command in self.commands()]


RegisterFamily = Callable[[Registry], None]
