"""The words of the order language: fixed keywords plus a variant's places, kinds, powers.

Every table maps token phrases (tuples of normalised tokens) to meanings and answers the
longest phrase starting at a position, so "North Atlantic Ocean" beats "North Atlantic".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from judge.engine.geo import Province
from judge.engine.types import UnitKind
from judge.grammar.tokens import phrase

V = TypeVar("V")


class Word(Enum):
    HOLD = "hold"
    MOVE = "move"
    RETREAT = "retreat"
    SUPPORT = "support"
    CONVOY = "convoy"
    VIA = "via"
    BUILD = "build"
    DISBAND = "disband"
    WAIVE = "waive"


_KEYWORDS: dict[Word, tuple[str, ...]] = {
    Word.HOLD: ("h", "hold", "holds", "stand", "stands"),
    # "m": the move letter of older judges' notation ("F Gas M Spa(nc)"); no unit kind or
    # place of any variant is called M.
    Word.MOVE: ("-", "m", "to", "move", "moves", "move to", "moves to"),
    Word.RETREAT: ("r", "retreat", "retreats", "retreat to", "retreats to"),
    # "sup", "supp", "conv": njudge and DPjudge players' abbreviations, no place's name.
    Word.SUPPORT: ("s", "sup", "supp", "support", "supports"),
    Word.CONVOY: ("c", "conv", "convoy", "convoys"),
    Word.VIA: ("via", "via convoy", "by convoy", "(via)", "(via convoy)", "(by convoy)"),
    Word.BUILD: ("b", "build", "builds"),
    Word.DISBAND: ("d", "disband", "disbands", "remove", "removes"),
    Word.WAIVE: ("waive", "waives", "build waive", "b waive", "waive build", "waive builds"),
}
_COMPASS = {"n": "north", "s": "south", "e": "east", "w": "west"}
# Written coasts are kept even where the map has no such coast: the engine reports them.
_COMPASS_COASTS = frozenset(f"{letter}c" for letter in _COMPASS)
# "F Gas - Spa south": a compass word alone after a name -> the coast it names.
COMPASS_WORDS = {word: f"{letter}c" for letter, word in _COMPASS.items()}


class Phrases(Generic[V]):
    """A phrase table answering the longest phrase that starts at a position."""

    def __init__(self, entries: Iterable[tuple[tuple[str, ...], V]]) -> None:
        self._table: dict[tuple[str, ...], V] = {}
        for key, value in entries:
            if key:
                self._table.setdefault(key, value)
        firsts: dict[str, set[int]] = {}
        for key in self._table:
            firsts.setdefault(key[0], set()).add(len(key))
        self._lengths = {w: tuple(sorted(ns, reverse=True)) for w, ns in firsts.items()}

    def match(self, norms: tuple[str, ...], pos: int) -> tuple[V, int] | None:
        if pos >= len(norms):
            return None
        word = norms[pos]
        for n in self._lengths.get(word, ()):
            if n == 1:
                # Lengths come from the keys: a phrase of one word is this word's key.
                # Most words of a line are one-word phrases (issue #18: no slice for them).
                return self._table[(word,)], pos + 1
            key = norms[pos : pos + n]
            if len(key) == n and key in self._table:
                return self._table[key], pos + n
        return None

    def items(self) -> Iterable[tuple[tuple[str, ...], V]]:
        return self._table.items()


@dataclass(frozen=True)
class Lexicon:
    words: Phrases[Word]
    # A phrase may name several provinces only through spelling normalisation; the parser
    # reports those as ambiguous rather than guess.
    places: Phrases[tuple[str, ...]]
    coasts: Phrases[str]
    bare_coasts: Phrases[str]
    kinds: Phrases[str]
    powers: Phrases[str]
    kind_names: Mapping[str, str]
    province_names: Mapping[str, str]
    province_coasts: Mapping[str, frozenset[str]]
    # Where a convoy may cross (a stop of a route 'A Lon - Nth - Nwy'): the provinces some
    # kind of unit convoys in (UnitKind.convoys_in).
    convoy_places: frozenset[str] = frozenset()
    # Kinds of which a line may order a number ('2 D Fra-Bel'): those that stack, where the
    # variant registers counted orders (judge/engine/counted.py).
    combining: frozenset[str] = frozenset()
    # Names the map no longer has, each spelling -> (the name, the places that replaced it)
    # (judge/grammar/hints.py): read only to explain a line that fails.
    former: Mapping[tuple[str, ...], tuple[str, tuple[str, ...]]] = field(default_factory=dict)

    @classmethod
    def build(cls, provinces: Iterable[Province], kinds: Mapping[str, UnitKind],
              power_names: Mapping[str, str],
              more_words: Mapping[str, Iterable[str]] | None = None) -> Lexicon:
        """`more_words`: a variant's own spellings of the order words (`[words]` in its
        variant.toml, e.g. build = ["place"]), by the word's name."""
        provs = list(provinces)
        coasts, bare = _coast_tables(_COMPASS_COASTS | {c for p in provs for c in p.coasts})
        extra = [(phrase(k), Word(w)) for w, ks in (more_words or {}).items() for k in ks]
        return cls(
            words=Phrases([*((phrase(k), w) for w, ks in _KEYWORDS.items() for k in ks),
                           *extra]),
            places=Phrases(_place_entries(provs).items()),
            coasts=coasts,
            bare_coasts=bare,
            kinds=Phrases(_kind_entries(kinds)),
            powers=Phrases((phrase(name), power) for name, power in power_names.items()),
            kind_names={code: k.name.lower() for code, k in kinds.items()},
            province_names={p.id: p.name for p in provs},
            province_coasts={p.id: frozenset(p.coasts) for p in provs},
            convoy_places=frozenset(p.id for p in provs
                                    if any(p.terrain in k.convoys_in for k in kinds.values())),
            combining=frozenset(code for code, k in kinds.items() if k.combines),
        )


def _place_entries(provinces: list[Province]) -> dict[tuple[str, ...], tuple[str, ...]]:
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for p in provinces:
        for spelling in (p.id, p.name, *p.aliases):
            key = phrase(spelling)
            ids = out.get(key, ())
            if p.id not in ids:
                out[key] = (*ids, p.id)
    return out


def _kind_entries(kinds: Mapping[str, UnitKind]) -> Iterable[tuple[tuple[str, ...], str]]:
    for code, kind in kinds.items():
        yield phrase(code), code
        yield phrase(kind.name), code


def _coast_tables(codes: Set[str]) -> tuple[Phrases[str], Phrases[str]]:
    """All spellings of each coast, and those safe outside '/' or brackets.

    A lone compass letter ('n') is a coast only after '/' or inside brackets: elsewhere it
    could start a name ("N Africa").
    """
    full: list[tuple[tuple[str, ...], str]] = []
    bare: list[tuple[tuple[str, ...], str]] = []
    for code in sorted(codes):
        spellings = [phrase(code)]
        letter = code[0]
        if len(code) == 2 and code[1] == "c" and letter in _COMPASS:
            spellings += [(letter, "c"), (_COMPASS[letter], "coast"), (_COMPASS[letter] + "coast",)]
            # "F Spa/south": a compass word alone, like its letter, only after '/' or
            # inside brackets, where no name ("South Atlantic") can start.
            full += [((letter,), code), ((_COMPASS[letter],), code)]
        bare += [(s, code) for s in spellings]
    full += bare
    return Phrases(full), Phrases(bare)
