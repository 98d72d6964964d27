"""The order grammar of one variant: its lookup tables, built once, and `parse`."""

from __future__ import annotations

import weakref

from judge.engine.order_types import Registry
from judge.engine.orders import Order
from judge.engine.rules import standard_registry
from judge.grammar.errors import ErrorKind, OrderSyntaxError
from judge.grammar.lexicon import Lexicon
from judge.grammar.parse import Parser
from judge.grammar.report import EMPTY_MESSAGE, ambiguous_reading, explain
from judge.grammar.tokens import tokenize
from judge.variant import Variant

# Variants are not hashable (their rules hold dicts), so grammars are cached by identity;
# the finaliser drops an entry before its id can be reused by another object.
_CACHE: dict[int, Grammar] = {}


class Grammar:
    """Reads order lines of every notation players use into canonical orders.

    The grammar never looks at the board: coasts and unit kinds are kept as written for
    the engine to settle.
    """

    def __init__(self, lexicon: Lexicon, registry: Registry | None = None) -> None:
        self.lexicon = lexicon
        # The variant's order types: which orders have a counted form ('2 D Fra-Bel').
        self.registry = registry if registry is not None else standard_registry()

    @classmethod
    def for_variant(cls, variant: Variant) -> Grammar:
        cached = _CACHE.get(id(variant))
        if cached is not None:
            return cached
        geo = variant.rules.geo
        grammar = cls(Lexicon.build(geo.provinces.values(), geo.kinds, variant.power_names(),
                                    variant.words), variant.rules.registry)
        _CACHE[id(variant)] = grammar
        weakref.finalize(variant, _CACHE.pop, id(variant), None)
        return grammar

    def parse(self, text: str, phase_kind: str) -> Order:
        """The order written in `text`, read for a phase of kind "M", "R" or "A".

        Raises OrderSyntaxError when the line cannot be read as exactly one order.
        """
        tokens = tokenize(text)
        if not tokens:
            raise OrderSyntaxError(ErrorKind.EMPTY, EMPTY_MESSAGE, text.strip())
        parser = Parser(self.lexicon, self.registry, tokens, phase_kind.strip().upper())
        found = parser.orders()
        if len(found) == 1:
            return found[0]
        if found:
            raise ambiguous_reading(text, found, self.registry)
        raise explain(text, tokens, self.lexicon, parser.far, parser.expected)

    def reads_as_prose(self, text: str) -> bool:
        """Whether `text` reads as words rather than as an attempt at an order: its first
        word means nothing in an order and no word of it names a place ('Cheers, Bob',
        'Sent from my phone'). An order with a typo ('A Prais - Bur', 'Bulid A War') names
        a place or starts with an order's word, so it is still answered as an order."""
        norms = tuple(t.norm for t in tokenize(text))
        lex = self.lexicon
        if not norms or any(table.match(norms, 0) is not None
                            for table in (lex.words, lex.kinds, lex.powers)):
            return False
        return all(lex.places.match(norms, at) is None for at in range(len(norms)))
