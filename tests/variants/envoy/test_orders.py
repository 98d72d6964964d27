"""Diplomat orders in the issue's syntax: countries by name or abbreviation."""

from __future__ import annotations

import pytest

from judge.engine.orders import Hold, Move, Order, Support
from judge.grammar import Grammar
from judge.variant_loader import load_variant

GRAMMAR = Grammar.for_variant(load_variant("envoy"))


@pytest.mark.parametrize(("text", "order"), [
    ("D Aus-Ita", Move("aus", "ita", "D")),
    ("D Austria - Italy", Move("aus", "ita", "D")),
    ("D Ita H", Hold("ita", "D")),
    ("D Austria S D Ger-Ita", Support("aus", "ger", "ita", "D", "D")),
    ("D Aus S Ger - Ita", Support("aus", "ger", "ita", "D")),
    ("D Russia S D Tur", Support("rus", "tur", None, "D", "D")),
    ("D England - Hol", Move("engl", "hol", "D")),
    ("D Engl-Hol", Move("engl", "hol", "D")),
    # `eng` stays the English Channel in every order (docs/variants/envoy.md).
    ("D Eng - Bel", Move("eng", "bel", "D")),
    ("D Bel - Nwy", Move("bel", "nwy", "D")),
])
def test_diplomat_orders_parse(text: str, order: Order) -> None:
    assert GRAMMAR.parse(text, "M") == order


def test_regular_orders_read_as_on_the_standard_map() -> None:
    assert GRAMMAR.parse("A Vie-Tyr", "M") == Move("vie", "tyr", "A")
    assert GRAMMAR.parse("F Tri S A Vie - Tyr", "M") == Support("tri", "vie", "tyr", "F", "A")
