"""The decoys' own orders (rn45 C2 2b, C8 8b) and the reading of their lines.

- `DECOY A Mos` (Winter): the engineer and the army in Moscow, a home centre, make a decoy
  of that army beside it (2b).
- `DECOY A Mos-War` (Spring): the decoy still beside the unit it copies leaves it (8b: it
  must be by itself by the end of the Spring); `DECOY A Mos H`: it stays (alone, if its
  copy leaves). Every other order of a decoy is written as
  for the unit it copies (`A War-Gal`), since it stands alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.order_types import OrderType, SetKey, Writing
from judge.engine.orders import Hold, Move, Order, VariantOrder
from judge.engine.types import ADJUSTMENT, MOVEMENT, UnitKind, province_of
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.reader import OrderReader, ReaderFactory, Writer, reading_first

WORD = "decoy"
HOW = ("write DECOY A Mos in the Winter (2b); in the Spring DECOY A Mos-War moves the decoy "
       "out, DECOY A Mos H keeps it there.")


@dataclass(frozen=True, slots=True)
class MakeDecoy(VariantOrder):
    """2b: a decoy of the unit at `loc`, beside it."""

    loc: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class DecoyMove(VariantOrder):
    """8b: the decoy that shares `loc` with the unit it copies moves to `dest`."""

    loc: str
    dest: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class DecoyHold(VariantOrder):
    """8b: the decoy that shares `loc` with the unit it copies stays (alone if its copy
    leaves)."""

    loc: str
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class NewUnit(VariantOrder):
    """What every other reader is shown of a decoy made at `loc` (2b): a new unit like the
    one there, as a piece put on the board (rn45 E), and not that it is a decoy (C8)."""

    loc: str
    kind: str | None = None


def as_copys(order: Order) -> Order:
    """A decoy's own order as the same order of the unit it copies: what others see."""
    if isinstance(order, MakeDecoy):
        return NewUnit(order.loc, order.kind)
    if isinstance(order, DecoyMove):
        return Move(order.loc, order.dest, order.kind)
    if isinstance(order, DecoyHold):
        return Hold(order.loc, order.kind)
    return order


def _decoy_slot(order: VariantOrder, kind: UnitKind | None) -> SetKey:
    return SetKey(f"{province_of(order.loc)}/decoy")


def _unit(order: VariantOrder) -> str:
    return f"{order.kind} {order.loc}" if order.kind else order.loc


def _write_make(w: Writing, own: str, order: MakeDecoy) -> str:
    return f"DECOY {own}."


def _write_new(w: Writing, own: str, order: NewUnit) -> str:
    return f"New unit: {own}."


def _write_move(w: Writing, own: str, order: DecoyMove) -> str:
    return f"{own} -> {w.place(order.dest)}."  # as its copy's move: others see no more


def _write_hold(w: Writing, own: str, order: DecoyHold) -> str:
    return f"{own} HOLD."


MAKE_DECOY = OrderType(MakeDecoy, "MakeDecoy", frozenset(ADJUSTMENT),
                       lambda o: f"DECOY {_unit(o)}", _write_make, _decoy_slot)
NEW_UNIT = OrderType(NewUnit, "NewUnit", frozenset(ADJUSTMENT),
                     lambda o: f"new {_unit(o)}", _write_new, _decoy_slot)
DECOY_MOVE = OrderType(DecoyMove, "DecoyMove", frozenset(MOVEMENT),
                       lambda o: f"DECOY {_unit(o)} - {o.dest}", _write_move, _decoy_slot)
DECOY_HOLD = OrderType(DecoyHold, "DecoyHold", frozenset(MOVEMENT),
                       lambda o: f"DECOY {_unit(o)} H", _write_hold, _decoy_slot)


def decoy_reader(inner: ReaderFactory | None) -> ReaderFactory:
    return reading_first(inner, DecoyReader)


def _spring_how(unit: str) -> str:
    """The Winter's form sent in a Spring, answered with the writer's own unit (HOW's
    example was Russia's, whoever wrote)."""
    return (f"DECOY {unit} alone makes a decoy, in a Winter only (rn45 C2 2b); in the "
            f"Spring after, DECOY {unit} - <area> moves your decoy out and DECOY {unit} H "
            f"keeps it there (C8 8b).")


class DecoyReader:
    def __init__(self, inner: OrderReader) -> None:
        self.inner = inner

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        words = text.split()
        if not words or words[0].lower() != WORD:
            return self.inner.read(text, phase_kind, writer)
        if len(words) < 2:
            raise OrderSyntaxError(ErrorKind.MISSING_PART, HOW, text)
        rest = " ".join(words[1:])
        if phase_kind == ADJUSTMENT:
            unit = self.inner.read(f"{rest} h", MOVEMENT, writer)
            if isinstance(unit, Hold):
                return MakeDecoy(unit.loc, unit.kind)
        elif phase_kind == MOVEMENT:
            move = self._movement(rest, writer, text)
            if isinstance(move, Move):
                return DecoyMove(move.loc, move.dest, move.kind)
            if isinstance(move, Hold):
                return DecoyHold(move.loc, move.kind)
        raise OrderSyntaxError(ErrorKind.MISSING_PART, HOW, text)

    def _movement(self, rest: str, writer: Writer, text: str) -> Order:
        try:
            return self.inner.read(rest, MOVEMENT, writer)
        except OrderSyntaxError as exc:
            # `DECOY A Ven` in a Spring: the Winter's form; say how decoys are ordered
            # rather than asking for an order of the army.
            if exc.kind == ErrorKind.MISSING_PART:
                raise OrderSyntaxError(ErrorKind.MISSING_PART, _spring_how(rest),
                                       text) from exc
            raise

    def reads_as_prose(self, text: str) -> bool:
        words = text.split()
        return not (words and words[0].lower() == WORD) and self.inner.reads_as_prose(text)
