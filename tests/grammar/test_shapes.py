"""Lines of one shape read alike (judge/grammar/shapes.py, issue #18): a line built from a
known shape is the order the parser reads, and a shape is built from only once the parser
has read a second line of it, with other places, as the shape builds it."""

from __future__ import annotations

import pytest

from judge.engine.orders import Move, Order, Support
from judge.grammar import Grammar
from judge.grammar.parse import Parser
from judge.grammar.shapes import Shapes, plain_places
from judge.grammar.tokens import plain_norms
from judge.variant_loader import load_variant
from tests.grammar.test_grammar import VALID

# Ways to write orders, each a shape with slots for places.
FORMS = ["A {0} - {1}", "F {0} S A {1} - {2}", "{0} S {1}", "A {0} H", "F {0} C A {1} - {2}",
         "A {0} - {1} - {2} via convoy", "{0} supports Italian A {1} - {2}", "A {0} R {1}",
         "Remove A {0}", "build f {0}", "A {0}-{1}", "F {0} S {1} H"]


@pytest.fixture()
def grammar() -> Grammar:
    g = Grammar.for_variant(load_variant("standard"))
    g.forget()
    return g


def _parsed(grammar: Grammar, text: str, phase: str) -> list[Order]:
    norms = plain_norms(text)
    assert norms is not None
    return Parser(grammar.lexicon, grammar.registry, norms, phase).orders()


@pytest.mark.parametrize(("text", "phase", "expected"), VALID)
def test_a_line_of_a_known_shape_reads_as_at_first(
        grammar: Grammar, text: str, phase: str, expected: object) -> None:
    for line, kind, _ in VALID:  # every shape of the examples learnt
        try:
            grammar.parse(line, kind)
        except Exception:
            continue
    grammar.forget(shapes=False)
    assert grammar.parse(text, phase) == expected


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("phase", ["M", "R", "A"])
def test_every_place_in_a_shape_reads_as_the_parser_reads_it(
        grammar: Grammar, form: str, phase: str) -> None:
    names = ["Bur", "Mun", "Kie", "North Sea", "Stp/nc", "Spa", "Nth", "Lyo", "Gulf of Lyon",
             "English", "Paris", "Par", "Ruh", "Sil"]
    for a, b, c in zip(names, names[3:] + names[:3], names[7:] + names[:7], strict=True):
        text = form.format(a, b, c)
        expected = _parsed(grammar, text, phase)
        if len(expected) != 1:
            continue
        assert grammar.parse(text, phase) == expected[0], text
        grammar.forget(shapes=False)


def test_a_shape_is_built_from_once_a_second_line_confirms_it(grammar: Grammar) -> None:
    shapes: Shapes = grammar._shapes
    new = shapes.line(plain_norms("a gas - par") or (), "M")
    assert grammar.parse("A Bur - Mun", "M") == Move("bur", "mun", "A")
    assert shapes.read(new) is None
    assert grammar.parse("A Bur - Kie", "M") == Move("bur", "kie", "A")
    assert shapes.read(new) is None  # bur again: it shows nothing of the first slot
    assert grammar.parse("A Sil - Ruh", "M") == Move("sil", "ruh", "A")
    assert shapes.read(new) == Move("gas", "par", "A")
    assert shapes.read(shapes.line(plain_norms("a gas - par") or (), "R")) is None


def test_a_place_also_named_by_a_longer_name_is_not_taken_for_a_slot(
        grammar: Grammar) -> None:
    """'A North Sea - Nth' names nth twice, once by words that are no plain place: its
    shape would build 'A North Sea - Kie' as a move from kie; the second line refuses it."""
    assert grammar.parse("A North Sea - Nth", "M") == Move("nth", "nth", "A")
    assert grammar.parse("A North Sea - Hel", "M") == Move("nth", "hel", "A")
    assert grammar.parse("A North Sea - Kie", "M") == Move("nth", "kie", "A")
    assert grammar.parse("F Nth S A North Sea - Hel", "M") == Support(
        "nth", "nth", "hel", "F", "A")


def test_plain_places_are_single_words_of_provinces_without_coasts(grammar: Grammar) -> None:
    plain = plain_places(grammar.lexicon)
    assert plain["bur"] == "bur" and plain["paris"] == "par"
    for word in ("spa", "stp", "bul", "a", "f", "s", "h", "c", "english", "north", "sea"):
        assert word not in plain
