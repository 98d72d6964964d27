"""How Engineered order lines are read: the engineers' own lines here, every other line by
the reader the game had before (the common grammar, or a reader another part of the rules
wired in first), which reads their places with all its spellings.

- `A StP T E Rum` (C5 5d; also TRANSPORT, TRANSPORTS): the unit has the engineer brought.
- `E Par`, `PLACE E Par` (C1 1a; Spring 1901): the engineer is placed with the unit there.
- `DECOY ...` in a game without decoys: answered with the option that has them.
- `A Vie M Gal`: B7 abbreviates a move "M or -"; M after the unit reads as `-`.
- `F StP - Bot`: the rules write F for a fleet (`F StP`, `F Ion`) as well as for a fighter;
  an order names its unit by place, so an F line orders the navy or fighter that stands
  there (movement.py), and the reports write the unit as it is.
"""

from __future__ import annotations

import re

from judge.engine.orders import Hold, Order
from judge.engine.types import MOVEMENT, province_of
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.reader import OrderReader, ReaderFactory, Writer, reading_first

from .orders import ENGINEER, Convert, Place, Transport

# The rules' own examples name places so: `A Liv-StP` (C5 5d: Livonia, the neighbour of St
# Petersburg; the grammar alone finds Liv ambiguous with Liverpool) and `A Napl` (D3c).
# B7 writes "Navy or Fleet (N)": `Build fleet Bre` builds a navy.
SPELLINGS = {"liv": "lvn", "napl": "nap", "fleet": "n", "fleets": "n"}
_SPELLING = re.compile(r"\b(" + "|".join(SPELLINGS) + r")\b", re.IGNORECASE)
TRANSPORT_WORDS = ("t", "transport", "transports")
INTO = {"a": "A", "army": "A", "n": "N", "navy": "N", "fleet": "N", "f": "F",
        "fighter": "F"}  # CONVERT ... TO F: a fighter (rn45 B7)
PLACE_WORDS = ("place", "places", "locate")
MOVE_LETTER = "m"  # B7: "Move (M or -)"
# A game with decoys reads DECOY lines before this reader (decoys_orders.py): one that
# comes here is from a game without them.
NO_DECOYS = ("DECOY is an order of a game with decoys (rn45 C2 2b, C8: CREATE ... "
             "level=complex decoys=yes); this game has none.")


def engineered_reader(inner: ReaderFactory | None) -> ReaderFactory:
    """A reader factory reading the engineers' lines before those of `inner`."""
    return reading_first(inner, EngineeredReader)


class EngineeredReader:
    def __init__(self, inner: OrderReader) -> None:
        self.inner = inner

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        text = _spelled(text)
        words = text.lower().split()
        if words and words[0] == "decoy":
            raise OrderSyntaxError(ErrorKind.UNKNOWN_WORD, NO_DECOYS, text.split()[0])
        if words and words[0] == "convert":
            return self._convert(words, writer)
        if phase_kind == MOVEMENT:
            at = next((i for i, w in enumerate(words) if w in TRANSPORT_WORDS), None)
            if at is not None:
                return self._transport(words, at, writer)
            if words and words[0] in PLACE_WORDS:
                return self._place(words[1:], writer)
            # `E Par`, a placement; `E Par-Bur` is a move, read as one (it was read as the
            # placement "par-bur h", and its refusal quoted that).
            if len(words) == 2 and words[0] == ENGINEER.lower() and "-" not in words[1]:
                return self._place(words, writer)
        return self.inner.read(text, phase_kind, writer)

    def reads_as_prose(self, text: str) -> bool:
        words = text.lower().split()
        if any(w in TRANSPORT_WORDS for w in words[1:]) or (words and words[0] in PLACE_WORDS):
            return False
        return self.inner.reads_as_prose(_spelled(text))

    def _unit(self, words: list[str], writer: Writer) -> Hold:
        """The unit `words` name (kind and place), read by the inner reader as a hold."""
        order = self.inner.read(" ".join([*words, "h"]), MOVEMENT, writer)
        if not isinstance(order, Hold):
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "name a unit by its place, as "
                                   "A StP or E Rum.", " ".join(words))
        return order

    def _transport(self, words: list[str], at: int, writer: Writer) -> Transport:
        if at == 0 or at == len(words) - 1:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "write a transport as A StP T E "
                                   "Rum: the unit, T, then the engineer.", " ".join(words))
        unit = self._unit(words[:at], writer)
        engineer = self._unit(words[at + 1:], writer)
        if engineer.kind not in (None, ENGINEER):
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "only an engineer is transported "
                                   "(rn45 C5 5d): A StP T E Rum.", " ".join(words))
        return Transport(unit.loc, engineer.loc, unit.kind)

    def _convert(self, words: list[str], writer: Writer) -> Convert:
        at = next((i for i, w in enumerate(words) if w in ("to", "into")), None)
        to = INTO.get(words[at + 1]) if at is not None and at + 1 < len(words) else None
        if at is None or at < 2 or to is None:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, "write a conversion as CONVERT A "
                                   "Bre TO N (army A, navy N, fighter F).", " ".join(words))
        unit = self._unit(words[1:at], writer)
        rest = words[at + 2:]
        dest = self._unit(["a", *rest], writer).loc if rest else province_of(unit.loc)
        return Convert(unit.loc, to, dest, unit.kind)

    def _place(self, words: list[str], writer: Writer) -> Place:
        if words and words[0] == ENGINEER.lower():
            words = words[1:]
        return Place(self._unit(words, writer).loc)


def _spelled(text: str) -> str:
    """The line with the rules' own spellings (SPELLINGS) and B7's M for a move, which no
    province is called, read as the common grammar writes them."""
    words = _SPELLING.sub(lambda m: SPELLINGS[m.group(1).lower()], text).split()
    return " ".join("-" if i and w.lower() == MOVE_LETTER else w for i, w in enumerate(words))
