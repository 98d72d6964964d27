"""The ring's notation: places are numbers counted from the writer's own first home.

NORTH's 1 is One and SOUTH's 1 is Four: the same line means different places for different
writers, as Age of Discovery's coordinates do. A line with no seat (the master, `judge
adjudicate`) counts from One.
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.orders import Build, Disband, Hold, Move, Order, Support
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.grammar import Grammar
from judge.grammar.reader import GrammarReader, Writer
from judge.variant import Variant

RING = ("one", "two", "three", "four", "five", "six")
WORDS = {"HO": 1, "MO": 2, "SU": (2, 3), "BU": 1, "DI": 1}


def customise(variant: Variant) -> Variant:
    return replace(variant, reader=RingReader)


class RingReader:
    def __init__(self, variant: Variant) -> None:
        self.homes = {p: sorted(h, key=RING.index)[0] for p, h in variant.rules.homes.items()}
        self.prose = GrammarReader(Grammar.for_variant(variant))

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        if not text.split():
            raise OrderSyntaxError(ErrorKind.EMPTY, "an empty line is no order", text)
        word, *numbers = text.split()
        counts = WORDS.get(word.upper())
        if counts is None:
            raise OrderSyntaxError(ErrorKind.UNKNOWN_WORD,
                                   f"'{word}' is not an order here: HO, MO, SU, BU or DI",
                                   word)
        if len(numbers) not in (counts if isinstance(counts, tuple) else (counts,)):
            raise OrderSyntaxError(ErrorKind.MISSING_PART,
                                   f"{word.upper()} takes {counts} numbers", text.strip())
        places = [self._place(n, writer) for n in numbers]
        return _order(word.upper(), places)

    def _place(self, number: str, writer: Writer) -> str:
        if not number.isdigit() or not 1 <= int(number) <= len(RING):
            raise OrderSyntaxError(ErrorKind.UNKNOWN_PLACE,
                                   f"'{number}' is not a place: 1 to {len(RING)}", number)
        start = RING.index(self.homes[writer.power]) if writer.power else 0
        return RING[(start + int(number) - 1) % len(RING)]

    def reads_as_prose(self, text: str) -> bool:
        return self.prose.reads_as_prose(text) and text.split()[0].upper() not in WORDS


def _order(word: str, places: list[str]) -> Order:
    if word == "HO":
        return Hold(places[0], "A")
    if word == "MO":
        return Move(places[0], places[1], "A")
    if word == "SU":
        return Support(places[0], places[1], places[2] if len(places) > 2 else None, "A")
    if word == "BU":
        return Build(places[0], "A")
    return Disband(places[0], "A")
