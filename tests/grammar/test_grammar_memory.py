"""The grammar's memory of lines read before and its plain-line tokens (issue #18, the order
reader): the same orders as reading from scratch, a new object for every line read."""

from __future__ import annotations

import pytest

from judge.engine.orders import Move, Retreat, Waive
from judge.game.instance import variant_instance
from judge.grammar import Grammar, OrderSyntaxError
from judge.grammar import grammar as grammar_module
from judge.grammar.tokens import plain_norms, tokenize
from judge.variant_loader import load_variant
from tests.grammar.test_grammar import ERRORS, VALID


@pytest.fixture()
def grammar() -> Grammar:
    g = Grammar.for_variant(load_variant("standard"))
    g.forget()
    return g


@pytest.mark.parametrize(("text", "phase", "expected"), VALID)
def test_a_line_read_again_is_the_same_order_as_at_first(
        grammar: Grammar, text: str, phase: str, expected: object) -> None:
    first = grammar.parse(text, phase)
    again = grammar.parse(text, phase)
    assert first == again == expected
    assert type(again) is type(expected)


def test_every_line_gives_a_new_object() -> None:
    # Two WAIVE lines are two waived builds: the game layer tells a set's lines apart by
    # identity (judge/game/ordering.py, refusal), so a remembered line must not be shared.
    g = Grammar.for_variant(load_variant("standard"))
    one, two = g.parse("Waive", "A"), g.parse("Waive", "A")
    assert one == two == Waive()
    assert one is not two
    assert g.parse("A Par - Bur", "M") is not g.parse("A Par - Bur", "M")


@pytest.mark.parametrize(("text", "phase", "kind", "_words"), ERRORS)
def test_a_line_that_fails_fails_again_with_the_same_message(
        grammar: Grammar, text: str, phase: str, kind: object, _words: str) -> None:
    messages = []
    for _ in range(2):
        with pytest.raises(OrderSyntaxError) as caught:
            grammar.parse(text, phase)
        assert caught.value.kind == kind
        messages.append(caught.value.message)
    assert messages[0] == messages[1]


def test_the_phase_is_part_of_what_is_remembered(grammar: Grammar) -> None:
    assert grammar.parse("A Par - Bur", "M") == Move("par", "bur", "A")
    assert grammar.parse("A Par - Bur", "R") == Retreat("par", "bur", "A")
    assert grammar.parse("A Par - Bur", "M") == Move("par", "bur", "A")


def test_the_memory_is_bounded(grammar: Grammar, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grammar_module, "READ_LINES_KEPT", 3)
    for dest in ("bur", "pic", "gas", "bre", "mar"):
        assert grammar.parse(f"A Par - {dest}", "M") == Move("par", dest, "A")
        assert len(grammar._read) <= 3


@pytest.mark.parametrize("text", [
    "A Par-Bur", "a par - bur", "F Stp/nc - Bot", "F Spa(sc) - Wes.", "A Lon -- Nwy via convoy",
    "A Par S A Mar-Bur,", "  F NTH   C A LON - NWY  ", "build A war", "2 D Fra-Bel", "",
    "A St. Petersburg - Moscow", "A Par\t-\tBur",
])
def test_plain_lines_split_as_the_tokenizer_splits_them(text: str) -> None:
    assert plain_norms(text) == tuple(t.norm for t in tokenize(text))


@pytest.mark.parametrize("text", [
    "A Par -> Bur", "A Par => Bur", "A Par \u2192 Bur", "A Par \u2013 Bur", "F Stp[nc] - Bot",
    "A M\u00fcnchen - Ber", "A Par_Bur", "A Par - Bur!", "A Par's - Bur",
])
def test_other_lines_are_not_plain(text: str) -> None:
    assert plain_norms(text) is None


def test_a_line_that_is_not_plain_is_read_as_before(grammar: Grammar) -> None:
    assert grammar.parse("A Par \u2192 Bur", "M") == Move("par", "bur", "A")
    assert grammar.parse("F Stp[nc] - Bot", "M") == Move("stp/nc", "bot", "F")


def test_games_on_one_map_share_one_grammar() -> None:
    # A deadline storm of a thousand standard games built a grammar per game (issue #18).
    one = variant_instance("standard", {}, 1)
    two = variant_instance("standard", {}, 2)
    assert one is not two
    assert Grammar.for_variant(one) is Grammar.for_variant(two)
    assert Grammar.for_variant(load_variant("1885")) is not Grammar.for_variant(one)
