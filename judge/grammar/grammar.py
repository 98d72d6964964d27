"""The order grammar of one variant: its lookup tables, built once, and `parse`."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from judge.engine.order_types import Registry
from judge.engine.orders import Order
from judge.engine.rules import standard_registry
from judge.grammar.errors import ErrorKind, OrderSyntaxError
from judge.grammar.hints import former_of
from judge.grammar.lexicon import Lexicon, Word
from judge.grammar.parse import Parser
from judge.grammar.report import EMPTY_MESSAGE, ambiguous_reading, explain
from judge.grammar.shapes import Shapes, fields_of
from judge.grammar.tokens import plain_norms, tokenize
from judge.variant import Variant

# Variants are not hashable (their rules hold dicts), so grammars are cached by identity;
# the finaliser drops an entry before its id can be reused by another object.
_CACHE: dict[int, Grammar] = {}
# Grammars by what they are built from: a thousand standard games are a thousand Variant
# objects on one map (judge/game/instance.py, _seeded), and should read with one grammar
# and its memory of lines (issue #18). The parts are kept, so their ids are not reused.
_SHARED: dict[tuple[int, ...], tuple[tuple[object, ...], Grammar]] = {}
SHARED_KEPT = 64
# Lines kept per grammar: about 300 bytes each.
READ_LINES_KEPT = 20_000
# A line read before: its order, the order's type and fields to build an equal one, and
# the line as first read: the same string object each time the line is met again, which
# a caller keying on it compares by identity rather than character by character.
KeptLine = tuple[Order, Callable[..., Order], tuple[Any, ...], str]
_NOTHING_READ: dict[str, KeptLine] = {}


class Grammar:
    """Reads order lines of every notation players use into canonical orders.

    The grammar never looks at the board: coasts and unit kinds are kept as written for
    the engine to settle.
    """

    def __init__(self, lexicon: Lexicon, registry: Registry | None = None) -> None:
        self.lexicon = lexicon
        # The variant's order types: which orders have a counted form ('2 D Fra-Bel').
        self.registry = registry if registry is not None else standard_registry()
        # How lines of each shape read, their plain places left out (shapes.py).
        self._shapes = Shapes(lexicon)
        # Lines read before, by phase kind, then text: the same lines recur turn after turn
        # and game after game; reading is a pure function of the text and the phase.
        # The order, and its type and fields to build an equal one. By kind first, so that
        # a request's lines are looked up by their text alone (no tuple a line, issue #18).
        self._read: dict[str, dict[str, KeptLine]] = {}
        self._read_count = 0

    @classmethod
    def for_variant(cls, variant: Variant) -> Grammar:
        cached = _CACHE.get(id(variant))
        if cached is not None:
            return cached
        grammar = _shared(variant)
        if grammar is None:
            geo = variant.rules.geo
            lexicon = Lexicon.build(geo.provinces.values(), geo.kinds,
                                    variant.power_names(), variant.words)
            grammar = cls(replace(lexicon, former=former_of(variant)), variant.rules.registry)
            _share(variant, grammar)
        _CACHE[id(variant)] = grammar
        weakref.finalize(variant, _CACHE.pop, id(variant), None)
        return grammar

    def parse(self, text: str, phase_kind: str) -> Order:
        """The order written in `text`, read for a phase of kind "M", "R" or "A": a new
        object each time, since the game layer tells two equal lines of one set apart by
        identity (two WAIVEs, a line repeated).

        Raises OrderSyntaxError when the line cannot be read as exactly one order.
        """
        known = self.kept_lines(phase_kind).get(text)
        if known is not None:
            return known[1](*known[2])
        return self._read_new(text, phase_kind)

    def kept(self, text: str, phase_kind: str) -> Order:
        """`parse`'s order, the same object for the same line as long as it is kept: for
        a caller that gives each phase an object only once (judge/protocol.py), which
        saves building an order per line (issue #18). Orders are frozen."""
        known = self.kept_lines(phase_kind).get(text)
        if known is not None:
            return known[0]
        return self._read_new(text, phase_kind)

    def kept_lines(self, phase_kind: str) -> dict[str, KeptLine]:
        """The lines read before for phases of `phase_kind`, by their text: each one's kept
        order first, as `kept` answers (for a caller that looks up many lines in one loop,
        issue #18). Not to be changed by the caller: a dict rather than a Mapping only so
        that compiled code looks a line up by a C call, not a method call (setup.py)."""
        return self._read.get(phase_kind) or _NOTHING_READ

    def _read_new(self, text: str, phase_kind: str) -> Order:
        order = self._parse(text, phase_kind.strip().upper())
        self._remember(text, phase_kind, order)
        return order

    def _parse(self, text: str, phase: str) -> Order:
        norms = plain_norms(text)
        if norms:
            line = self._shapes.line(norms, phase)
            known = self._shapes.read(line)
            if known is not None:
                return known
            found = Parser(self.lexicon, self.registry, norms, phase).orders()
            if len(found) == 1:
                self._shapes.learn(line, found[0])
                return found[0]
        # Not a plain line, or not one order: the full tokens, for the error's positions.
        tokens = tokenize(text)
        if not tokens:
            raise OrderSyntaxError(ErrorKind.EMPTY, EMPTY_MESSAGE, text.strip())
        parser = Parser(self.lexicon, self.registry, tuple(t.norm for t in tokens), phase)
        found = parser.orders()
        if len(found) == 1:
            return found[0]
        if found:
            raise ambiguous_reading(text, found, self.registry)
        raise explain(text, tokens, self.lexicon, parser.far, parser.expected)

    def forget(self, shapes: bool = True) -> None:
        """Forgets the lines read before, and the shapes of lines (shapes.py) unless
        `shapes` is False: a benchmark's reading from scratch, or of new lines."""
        self._read.clear()
        self._read_count = 0
        if shapes:
            self._shapes.forget()

    def _remember(self, text: str, phase_kind: str, order: Order) -> None:
        """Keeps how to make `order` again, when its type can be rebuilt from its fields."""
        cls: type = type(order)
        values = fields_of(cls)
        if values is None:
            return
        if self._read_count >= READ_LINES_KEPT:
            self.forget(shapes=False)  # a bound on memory; the next lines fill it again
        self._read.setdefault(phase_kind, {})[text] = (order, cls, values(order), text)
        self._read_count += 1

    def reads_as_prose(self, text: str) -> bool:
        """Whether `text` reads as words rather than as an attempt at an order: its first
        word means nothing in an order and no word of it names a place ('Cheers, Bob',
        'Sent from my phone'). An order with a typo ('A Prais - Bur', 'Bulid A War') names
        a place or starts with an order's word, so it is still answered as an order."""
        norms = tuple(t.norm for t in tokenize(text))
        lex = self.lexicon
        if _initial(norms):
            return True
        if not norms or any(table.match(norms, 0) is not None
                            for table in (lex.words, lex.kinds, lex.powers)):
            return False
        if _order_shaped(norms, lex):
            return False
        return all(lex.places.match(norms, at) is None for at in range(len(norms)))


def _initial(norms: tuple[str, ...]) -> bool:
    """A line of one letter ('M', 'S.', '-B'): the initial a message is signed with, never
    an order, though the letter may be one of an order's words (M, S, B, D)."""
    words = [n for n in norms if n != "-"]
    return len(words) == 1 and len(words[0]) == 1 and words[0].isalpha()


# What a unit does, written between two places: the words that make 'CG s LO' an order.
_SHAPE_WORDS = frozenset({Word.HOLD, Word.MOVE, Word.SUPPORT, Word.CONVOY})
# The longest abbreviation a player writes for a place ('CG', 'Lon', 'Mao').
_ABBREVIATION = 3


def _order_shaped(norms: tuple[str, ...], lex: Lexicon) -> bool:
    """An abbreviation, what it does, then only abbreviations or order words ('CG s LO',
    'XY h', 'Bu - Ki'): an order with misspelt places, answered as one rather than taken
    for a signature ('Cheers, Bob'; 'Bob - sent from my phone' has a long word)."""
    found = lex.words.match(norms, 1)
    if (len(norms[0]) > _ABBREVIATION or found is None or found[0] not in _SHAPE_WORDS
            or norms[1] == "to"):  # 'Bob to all' is prose
        return False
    return all(len(n) <= _ABBREVIATION or lex.words.match(norms, at) is not None
               for at, n in enumerate(norms[found[1]:], start=found[1]))


def _parts(variant: Variant) -> tuple[object, ...]:
    return (variant.rules.geo, variant.rules.registry, variant.powers, variant.words)


def _shared(variant: Variant) -> Grammar | None:
    parts = _parts(variant)
    kept = _SHARED.get(tuple(map(id, parts)))
    if kept is None or any(a is not b for a, b in zip(kept[0], parts, strict=True)):
        return None
    return kept[1]


def _share(variant: Variant, grammar: Grammar) -> None:
    if len(_SHARED) >= SHARED_KEPT:
        _SHARED.clear()
    parts = _parts(variant)
    _SHARED[tuple(map(id, parts))] = (parts, grammar)
