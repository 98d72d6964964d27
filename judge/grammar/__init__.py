"""The order grammar: order lines in the notations players use -> canonical orders.

    g = Grammar.for_variant(variant)
    order = g.parse("F Lon S A Wal - Bel", "M")
"""

from judge.grammar.errors import ErrorKind, OrderSyntaxError
from judge.grammar.grammar import Grammar

__all__ = ["ErrorKind", "Grammar", "OrderSyntaxError"]
