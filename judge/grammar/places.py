"""The parser's reading of units and places: a unit (kind, province, nationality), a place
name, and a coast however it is written ('stp/sc', 'stp (sc)', 'stp-sc', 'stp sc').

The base of Parser (judge/grammar/parse.py), which reads the orders around them; both
share the line's tokens and the record of what was expected where (`fail`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from judge.grammar.expect import COAST, Expect
from judge.grammar.lexicon import COMPASS_WORDS, Lexicon, Word

T = TypeVar("T")
Parsed = Iterator[tuple[T, int]]


@dataclass(frozen=True, slots=True)
class UnitRef:
    loc: str
    kind: str | None = None
    power: str | None = None


class PlaceReader:
    def __init__(self, lex: Lexicon, norms: tuple[str, ...]) -> None:
        """`norms`: the line's tokens, normalised (Token.norm)."""
        self.lex = lex
        self.norms = norms
        self.size = len(norms)
        self.far = -1
        self.expected: list[Expect] = []

    def fail(self, pos: int, expect: Expect) -> None:
        if pos > self.far:
            self.far, self.expected = pos, [expect]
        elif pos == self.far:
            self.expected.append(expect)

    def _word(self, pos: int) -> tuple[Word, int] | None:
        return self.lex.words.match(self.norms, pos)

    def _target(self, pos: int, what: str) -> Parsed[UnitRef]:
        """A supported or convoyed unit, perhaps with its nationality ('Italian F Rom')."""
        hit = self.lex.powers.match(self.norms, pos)
        if hit is not None:
            power, nxt = hit
            for unit, end in self._unit(nxt, what):
                yield UnitRef(unit.loc, unit.kind, power), end
        yield from self._unit(pos, what)

    def _unit(self, pos: int, what: str) -> Parsed[UnitRef]:
        hit = self.lex.kinds.match(self.norms, pos)
        if hit is not None:
            code, nxt = hit
            found = self._place(nxt, f"the province of the {self.lex.kind_names[code]}")
            if found is not None:
                yield UnitRef(found[0], code), found[1]
        found = self._place(pos, what)
        if found is not None:
            yield UnitRef(found[0]), found[1]

    def _place(self, pos: int, what: str) -> tuple[str, int] | None:
        """A location: the longest place name at `pos`, then any coast written after it."""
        hit = self.lex.places.match(self.norms, pos)
        if hit is None:
            self.fail(pos, Expect(what, place=True))
            return None
        ids, end = hit
        if len(ids) > 1:
            self.fail(end, Expect(what, choices=ids, span=(pos, end)))
            return None
        coast, end = self._coast(ids[0], end)
        return (f"{ids[0]}/{coast}" if coast else ids[0]), end

    def _coast(self, prov: str, pos: int) -> tuple[str | None, int]:
        tok = self.norms[pos] if pos < self.size else ""
        if tok == "/":
            hit = self.lex.coasts.match(self.norms, pos + 1)
            if hit is None:
                self.fail(pos + 1, COAST)
            return hit if hit is not None else (None, pos)
        if tok == "(":
            return self._bracketed_coast(pos)
        if tok == "-":
            return self._dashed_coast(prov, pos)
        hit = self.lex.bare_coasts.match(self.norms, pos) or self._compass_word(prov, pos)
        return hit if hit is not None else (None, pos)

    def _compass_word(self, prov: str, pos: int) -> tuple[str, int] | None:
        """'F Gas - Spa south': a compass word alone after the name, as players write it,
        when it names one of the province's coasts and starts no place name."""
        coast = COMPASS_WORDS.get(self.norms[pos]) if pos < self.size else None
        if coast is None or coast not in self.lex.province_coasts.get(prov, ()):
            return None
        return None if self.lex.places.match(self.norms, pos) is not None else (coast, pos + 1)

    def _bracketed_coast(self, pos: int) -> tuple[str | None, int]:
        hit = self.lex.coasts.match(self.norms, pos + 1)
        if hit is None:
            return None, pos  # not a coast: perhaps "(via convoy)"
        if hit[1] < self.size and self.norms[hit[1]] == ")":
            return hit[0], hit[1] + 1
        self.fail(hit[1], Expect("')' after the coast"))
        return None, pos

    def _dashed_coast(self, prov: str, pos: int) -> tuple[str | None, int]:
        # '-' is also the move operator: read "spa-nc" as a coast only when 'nc' is one
        # of the province's coasts and cannot start a place name.
        hit = self.lex.bare_coasts.match(self.norms, pos + 1)
        if hit is None or hit[0] not in self.lex.province_coasts.get(prov, ()):
            return None, pos
        if self.lex.places.match(self.norms, pos + 1) is not None:
            return None, pos
        return hit
