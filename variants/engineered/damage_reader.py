"""Reading a damage line (rn45 B7 `D`, C7 7f): `F War D A Ser-Bud` damages a move, `F War D
A Gal` (or `F War DAMAGE Gal`) a unit. In a movement phase `D` after a unit is damage; the
unit and the target are read by the reader the game had before, with all its spellings."""

from __future__ import annotations

from judge.engine.orders import Hold, Move, Order
from judge.engine.types import MOVEMENT
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.reader import OrderReader, ReaderFactory, Writer, reading_first

from .damage import Damage

DAMAGE_WORDS = ("d", "damage", "damages")
HOW = "write a damage as F War D A Ser-Bud (a move) or F War D A Gal (a unit)."


def damage_reader(inner: ReaderFactory | None) -> ReaderFactory:
    """A reader factory reading damage lines before those of `inner`."""
    return reading_first(inner, DamageReader)


class DamageReader:
    def __init__(self, inner: OrderReader) -> None:
        self.inner = inner

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        words = text.split()
        at = _damage_word(words) if phase_kind == MOVEMENT else None
        if at is None:
            return self.inner.read(text, phase_kind, writer)
        if at == len(words) - 1:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, HOW, text)
        fighter = self._hold(words[:at], writer, text)
        target = self._target(words[at + 1:], writer, text)
        dest = target.dest if isinstance(target, Move) else None
        return Damage(fighter.loc, target.loc, dest, fighter.kind, target.kind)

    def reads_as_prose(self, text: str) -> bool:
        return _damage_word(text.split()) is None and self.inner.reads_as_prose(text)

    def _target(self, words: list[str], writer: Writer, text: str) -> Move | Hold:
        """The damaged move (`A Ser-Bud`) or unit (`A Gal`)."""
        try:
            order = self.inner.read(" ".join(words), MOVEMENT, writer)
        except OrderSyntaxError:
            return self._hold(words, writer, text)
        if not isinstance(order, Move | Hold):
            raise OrderSyntaxError(ErrorKind.MISSING_PART, HOW, text)
        return order

    def _hold(self, words: list[str], writer: Writer, text: str) -> Hold:
        order = self.inner.read(" ".join([*words, "h"]), MOVEMENT, writer)
        if not isinstance(order, Hold):
            raise OrderSyntaxError(ErrorKind.MISSING_PART, HOW, text)
        return order


def _damage_word(words: list[str]) -> int | None:
    """Where the damage word stands: after the unit (one or two words), never first."""
    for i in (1, 2):
        if i < len(words) and words[i].lower() in DAMAGE_WORDS:
            return i
    return None
