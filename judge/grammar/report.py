"""Turning a failed reading into a message the player can act on."""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.order_types import Registry
from judge.engine.orders import Order
from judge.grammar.errors import ErrorKind, OrderSyntaxError
from judge.grammar.expect import END, Expect
from judge.grammar.hints import former_hint, place_hint
from judge.grammar.lexicon import Lexicon, Word
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
    elif set(expected) == {END} and _starts_an_order(lex, _norms(tokens), far):
        # 'F Lon-Nth, A Yor-Lon': two orders on a line, as a comma or a space joins them.
        rest = text[tok.start:].strip()
        rest = rest if len(rest) <= _QUOTED else rest[:_QUOTED].rstrip() + "…"
        message = (f"I don't understand '{raw}' in \"{line}\": it starts a second order; "
                   f"write one order a line, so put '{rest}' on a line of its own.")
        return OrderSyntaxError(ErrorKind.UNKNOWN_WORD, message, rest)
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


def _starts_an_order(lex: Lexicon, norms: tuple[str, ...], pos: int) -> bool:
    """Whether the words at `pos` begin an order: a unit ('A Yor'), a place and what it
    does ('Mar - Spa'), or an order's leading word and its place ('Build A Mar', 'Waive')."""
    lead = lex.words.match(norms, pos)
    if lead is not None and lead[0] is Word.WAIVE:
        return True
    led = lead is not None and lead[0] in _LEADING
    at = lead[1] if lead is not None and led else pos
    kind = lex.kinds.match(norms, at)
    place = lex.places.match(norms, kind[1] if kind is not None else at)
    if place is None:
        return False
    return led or kind is not None or lex.words.match(norms, place[1]) is not None


# The most of a second order a reason quotes (a line may be 64 KiB long).
_QUOTED = 40
# The words that lead an order (parse.py, Parser._prefixed).
_LEADING = frozenset({Word.BUILD, Word.DISBAND, Word.RETREAT})


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
