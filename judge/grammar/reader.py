"""The order reader: a variant hook, with the present grammar as its default.

Games read orders differently: Global Diplomacy writes `MO 20 19`, Algernon names portals by
number, Age of Discovery writes places in the writer's own coordinates, Engineered reads `D`
as damage in movement and as disband in adjustments. So the reader is the variant's, and it
is told who writes (`Writer`): the seat's power and what that seat knows, from which a
variant derives the writer's own frame. The engine and the game never ask which reader they
hold; they call `read` and `reads_as_prose`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from judge.engine.native import copied_by_fields
from judge.engine.orders import Order
from judge.grammar.grammar import Grammar
from judge.variant import Variant


@dataclass(frozen=True)
class Writer:
    """Who writes an order line, as far as reading it may depend on that.

    `power` is None for a line read with no seat (`judge adjudicate`, the master's view):
    a variant whose notation depends on the writer then reads in its absolute frame.
    `knowledge` is what the seat knows (a variant's own keys), for readers that name only
    what their writer has seen."""

    power: str | None = None
    knowledge: Mapping[str, Any] = field(default_factory=dict)


ANYONE = Writer()


class OrderReader(Protocol):
    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        """The order written in `text` by `writer` for a phase of kind `phase_kind`.

        Raises judge.grammar.OrderSyntaxError quoting the text when it is not one order."""

    def reads_as_prose(self, text: str) -> bool:
        """Whether `text` is words rather than an attempt at an order (a signature), so
        that it is passed over rather than answered as an order that failed to read."""


class GrammarReader:
    """The default reader: the common notations of standard Diplomacy (judge/grammar)."""

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        return self.grammar.parse(text, phase_kind)

    def reads_as_prose(self, text: str) -> bool:
        return self.grammar.reads_as_prose(text)


def kept_reading(reader: OrderReader) -> Callable[[str, str], Order] | None:
    """`Grammar.kept` of the default reader, whose reading depends on the line and the
    phase alone (never on the writer); None for a variant's own reader."""
    return reader.grammar.kept if type(reader) is GrammarReader else None


ReaderFactory = Callable[[Variant], OrderReader]


def reading_first(inner: ReaderFactory | None,
                  own: Callable[[OrderReader], OrderReader]) -> ReaderFactory:
    """A reader factory for a variant that reads lines of its own (`own`, given the reader
    to hand every other line to): that reader is the one the variant had (`inner`), else
    the default grammar. Rules wired one after another each put their reader in front."""
    def make(variant: Variant) -> OrderReader:
        made = inner(variant) if inner is not None else GrammarReader(
            Grammar.for_variant(variant))
        return own(made)
    return make


# Variants are not hashable (their rules hold dicts), so readers are kept by identity; the
# finaliser drops an entry before its id can be reused by another object.
_READERS: dict[int, OrderReader] = {}


def reader_for(variant: Variant) -> OrderReader:
    """The variant's reader: its `reader` hook if it has one, else the default grammar."""
    kept = _READERS.get(id(variant))
    if kept is not None:
        return kept
    made: OrderReader = (variant.reader(variant) if variant.reader is not None
                         else GrammarReader(Grammar.for_variant(variant)))
    _READERS[id(variant)] = made
    weakref.finalize(variant, _READERS.pop, id(variant), None)
    return made


copied_by_fields(Writer)
