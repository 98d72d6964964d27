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

from judge.commands.items import CommandResult, Invocation


class Context(Protocol):
    """What a run function may use. Families that need more (a unit of work, the sender's
    account, a clock) add members here, so every command takes the same context type."""

    @property
    def registry(self) -> CommandRegistry: ...


class Runner(Protocol):
    def __call__(self, ctx: Context, invocation: Invocation, /) -> CommandResult: ...


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
    """The answer to `CommandRegistry.lookup`: the command, or the names it could have meant."""

    command: Command | None
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Index:
    """What every message's parse asks of the registry, worked out once per registration.

    Every line of every message is looked up (an order line too: it might be a command),
    so the abbreviations are a table of prefixes rather than a scan of the names."""

    prefixes: dict[str, tuple[Command, ...]]
    commands: tuple[Command, ...]
    first_words: frozenset[str]
    end_words: dict[str, tuple[str, ...]]


class CommandRegistry:
    def __init__(self, min_abbrev: int = 4) -> None:
        self._min_abbrev = min_abbrev
        self._by_key: dict[str, Command] = {}
        self._built: _Index | None = None

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
        self._built = None

    def _index(self) -> _Index:
        if self._built is None:
            unique = {command.name: command for command in self._by_key.values()}
            commands = tuple(unique[name] for name in sorted(unique))
            self._built = _Index(self._prefixes(), commands,
                                 frozenset(key.split()[0] for key in self._by_key if " " in key),
                                 _openers(commands))
        return self._built

    def _prefixes(self) -> dict[str, tuple[Command, ...]]:
        """Each abbreviation and the commands it starts, by name. An abbreviation has as
        many words as the key it starts: it runs past the key's last space."""
        found: dict[str, dict[str, Command]] = {}
        for key, command in self._by_key.items():
            for end in range(max(self._min_abbrev, key.rfind(" ") + 2), len(key) + 1):
                found.setdefault(key[:end], {})[command.name] = command
        return {prefix: tuple(by_name[name] for name in sorted(by_name))
                for prefix, by_name in found.items()}

    def commands(self) -> tuple[Command, ...]:
        return self._index().commands

    def lookup(self, phrase: str) -> Lookup:
        """Exact name or alias first, then a unique abbreviation with as many words."""
        key = normalize(phrase)
        if key in self._by_key:
            return Lookup(self._by_key[key])
        if len(key) < self._min_abbrev:
            return Lookup(None)
        found = self._index().prefixes.get(key, ())
        if len(found) == 1:
            return Lookup(found[0])
        return Lookup(None, tuple(command.name for command in found))

    def close_matches(self, phrase: str, limit: int = 3) -> tuple[str, ...]:
        """Names (or aliases) that look like a mistyped `phrase`, best first."""
        near = difflib.get_close_matches(normalize(phrase), list(self._by_key), n=limit)
        return tuple(dict.fromkeys(self._by_key[key].name for key in near))

    def first_words(self) -> frozenset[str]:
        """Words that start a two-word command (SET, END): a line starting with one is
        a command attempt even when the rest does not match."""
        return self._index().first_words

    def end_words(self) -> dict[str, tuple[str, ...]]:
        """Each end word and the names of the commands whose blocks it closes."""
        return dict(self._index().end_words)

    def help_lines(self) -> list[str]:
        return [command.synopsis() for command in self.commands()]


def _openers(commands: tuple[Command, ...]) -> dict[str, tuple[str, ...]]:
    openers: dict[str, tuple[str, ...]] = {}
    for command in commands:
        for word in map(normalize, command.end_words):
            openers[word] = (*openers.get(word, ()), command.name)
    return openers


RegisterFamily = Callable[[CommandRegistry], None]
