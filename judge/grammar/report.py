"""Turning a failed reading into a message the player can act on."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.order_types import Registry
from judge.engine.orders import Order
from judge.grammar.errors import ErrorKind, OrderSyntaxError
from judge.grammar.expect import END, Expect
from judge.grammar.hints import former_hint, place_hint
from judge.grammar.lexicon import Lexicon
from judge.grammar.tokens import Token

EMPTY_MESSAGE = "The order is empty: write a unit and what it should do, such as 'A Par - Bur'."


def ambiguous_reading(text: str, found: Sequence[Order], registry: Registry) -> OrderSyntaxError:
    line = text.strip()
    readings = " or as ".join(f"'{registry.describe(o)}'" for o in found)
    message = f'"{line}" can be read as {readings}; write the order more fully.'
    return OrderSyntaxError(ErrorKind.AMBIGUOUS, message, line)


def explain(text: str, tokens: Sequence[Token], lex: Lexicon, far: int,
            expected: Sequence[Expect]) -> OrderSyntaxError:
    """The error for the expectation that got furthest into the line."""
    line = text.strip()
    for e in expected:
        if e.wrong_phase:
            fragment = _span(text, tokens, *e.span)
            message = e.wrong_phase.format(fragment=fragment)
            return OrderSyntaxError(ErrorKind.WRONG_PHASE, message, fragment)
    for e in expected:
        if e.choices:
            return _ambiguous_place(text, tokens, lex, e)
    labels = " or ".join(dict.fromkeys(e.label for e in expected if e.label))
    if far >= len(tokens):
        return OrderSyntaxError(ErrorKind.MISSING_PART, f'"{line}" is missing {labels}.', line)
    tok = tokens[far]
    raw = text[tok.start : tok.end]
    wants_place = any(e.place for e in expected)
    if wants_place and not tok.word:
        message = f"\"{line}\" is missing {labels} before '{raw}'."
        return OrderSyntaxError(ErrorKind.MISSING_PART, message, line)
    if wants_place and not _known(lex, _norms(tokens), far):
        return _unknown_place(text, tokens, lex, far)
    if wants_place and (power := _power_only(lex, _norms(tokens), far)):
        # A power named like a province of the regular board (1885-III's Spain): the
        # reader took it for the power, and "expected the province" told him nothing.
        former = former_hint(lex, raw)
        message = (f"'{raw}' is not a province on this map: it names the power "
                   f"{power.title()}. " + (former or "Write the province's full name or "
                                                     "its abbreviation."))
        return OrderSyntaxError(ErrorKind.UNKNOWN_PLACE, message, raw)
    if set(expected) == {END} and raw == ";":
        message = (f"I don't understand ';' in \"{line}\": write one order a line, so put "
                   "what follows ';' on a line of its own.")
    elif set(expected) == {END}:
        message = (f"I don't understand '{raw}' in \"{line}\": the order is complete "
                   "without it, so remove it or check its spelling.")
    else:
        message = f"I don't understand '{raw}' in \"{line}\": expected {labels}."
    return OrderSyntaxError(ErrorKind.UNKNOWN_WORD, message, raw)


def _span(text: str, tokens: Sequence[Token], first: int, end: int) -> str:
    return text[tokens[first].start : tokens[end - 1].end]


def _norms(tokens: Sequence[Token]) -> tuple[str, ...]:
    return tuple(t.norm for t in tokens)


def _known(lex: Lexicon, norms: tuple[str, ...], pos: int) -> bool:
    """Whether the token at `pos` starts a word of the language (not a misspelt name)."""
    tables = (lex.words, lex.kinds, lex.powers, lex.places)
    return any(table.match(norms, pos) is not None for table in tables)


def _power_only(lex: Lexicon, norms: tuple[str, ...], pos: int) -> str | None:
    """The power the word at `pos` names, when it is no place, word or kind of unit."""
    found = lex.powers.match(norms, pos)
    others = (lex.places, lex.words, lex.kinds)
    if found is None or any(t.match(norms, pos) is not None for t in others):
        return None
    return found[0]


def _unknown_place(text: str, tokens: Sequence[Token], lex: Lexicon,
                   far: int) -> OrderSyntaxError:
    # A misspelt name may run over several words ("Nort Atlantik"): take the unknown words
    # up to the next word the language knows.
    end = far + 1
    norms = _norms(tokens)  # once: built for each word, a long line took quadratic time
    while end < len(tokens) and tokens[end].word and not _known(lex, norms, end):
        end += 1
    fragment = _span(text, tokens, far, end)
    message = f"'{fragment}' is not a province on this map{place_hint(lex, fragment)}"
    return OrderSyntaxError(ErrorKind.UNKNOWN_PLACE, message, fragment)


def _ambiguous_place(text: str, tokens: Sequence[Token], lex: Lexicon,
                     e: Expect) -> OrderSyntaxError:
    fragment = _span(text, tokens, *e.span)
    names = " or ".join(f"{lex.province_names[i]} ({i})" for i in e.choices)
    message = f"'{fragment}' could be {names}; write the abbreviation of the one you mean."
    return OrderSyntaxError(ErrorKind.AMBIGUOUS, message, fragment)
