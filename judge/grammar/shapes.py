"""Lines of one shape read alike: 'A Bur - Mun' and 'A Gas - Par' (issue #18).

A *plain place* is a word that names one province without coasts and appears in no other
phrase of the lexicon (no keyword, kind, power, coast, nor a word of a longer place name).
The parser sees such a word only as "a place, that province", so two lines that differ
only in their plain places, alike where they repeat one, read as the same order with the
provinces exchanged. The first line of a shape is read by the parser and shows how its
order is built from its places; once the parser has read a second line of the shape, with
other places, as built, the next lines of that shape are built without parsing.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from typing import Any

from judge.engine.orders import Order
from judge.grammar.lexicon import Lexicon

# A slot in a shape: never a token (tokens are words, '-', '/', '(' or ')').
_SLOTS = tuple(f"#{n}" for n in range(16))
SHAPES_KEPT = 5_000

# A field of the order: a value as it is, or a slot's province (with what followed it in
# the field, a coast as '/nc'), or a route of those.
Part = tuple[Any, ...]  # ("value", v) | ("slot", n, suffix) | ("route", parts)
Shape = tuple[Callable[..., Order], tuple[Part, ...]]
# A line as Shapes sees it: (phase, its tokens with slots for its plain places), and the
# provinces of the slots.
Line = tuple[tuple[str, tuple[str, ...]], list[str]]


@functools.cache
def fields_of(cls: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """What rebuilds an order of type `cls` as `cls(*values)`: a dataclass whose fields
    are all given to its constructor (every order type: judge/engine/orders.py)."""
    if not is_dataclass(cls) or not all(f.init for f in fields(cls)) or len(fields(cls)) < 2:
        return None
    return operator.attrgetter(*(f.name for f in fields(cls)))


def plain_places(lex: Lexicon) -> dict[str, str]:
    """Each plain place word of the lexicon -> its province."""
    tables: Iterable[Iterable[tuple[tuple[str, ...], Any]]] = (
        lex.words.items(), lex.coasts.items(), lex.bare_coasts.items(), lex.kinds.items(),
        lex.powers.items())
    elsewhere = {w for table in tables for key, _ in table for w in key}
    elsewhere |= {w for key, _ in lex.places.items() if len(key) > 1 for w in key}
    return {key[0]: ids[0] for key, ids in lex.places.items()
            if len(key) == 1 and len(ids) == 1 and not lex.province_coasts.get(ids[0])
            and key[0] not in elsewhere and not key[0].isdecimal()}


class Shapes:
    def __init__(self, lex: Lexicon) -> None:
        self._plain = plain_places(lex)
        # By phase and shape: (confirmed, shape, the first line's provinces), or None for
        # a shape that is not built (no rebuildable order, or a reading it got wrong).
        self._known: dict[tuple[str, tuple[str, ...]],
                          tuple[bool, Shape, list[str]] | None] = {}

    def line(self, norms: tuple[str, ...], phase: str) -> Line:
        """A line's shape, by phase, and its places: what `read` and `learn` take."""
        key, ids = self._key(norms)
        return (phase, key), ids

    def read(self, line: Line) -> Order | None:
        """The order of a line whose shape is confirmed, else None (parse it)."""
        key, ids = line
        known = self._known.get(key) if ids else None
        return _build(known[1], ids) if known is not None and known[0] else None

    def learn(self, line: Line, order: Order) -> None:
        """Learns from a line the parser read as `order`: the first line of a shape gives
        how to build its order; a later one whose every place differs from the first's
        confirms it, if the parser read it as built, or refuses the shape for good. A
        field that names a place by other words than a slot's (an 'A North Sea - Nth')
        would follow the slot; only a reading with other places shows it."""
        key, ids = line
        if not ids:
            return
        known = self._known.get(key, _NEW)
        if known is _NEW:
            if len(self._known) >= SHAPES_KEPT:
                self._known.clear()
            shape = _shape(order, ids)
            self._known[key] = None if shape is None else (False, shape, ids)
        elif known is not None and not known[0] and all(
                a != b for a, b in zip(ids, known[2], strict=True)):
            sure = _build(known[1], ids) == order
            self._known[key] = (True, known[1], known[2]) if sure else None

    def forget(self) -> None:
        self._known.clear()

    def _key(self, norms: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
        plain = self._plain
        ids: list[str] = []
        slot: dict[str, str] = {}
        key: list[str] = []
        for tok in norms:
            pid = plain.get(tok)
            if pid is None:
                key.append(tok)
                continue
            name = slot.get(tok)
            if name is None:
                if len(ids) >= len(_SLOTS):
                    return tuple(norms), []  # more places than slots: never a shape
                name = slot[tok] = _SLOTS[len(ids)]
                ids.append(pid)
            key.append(name)
        return tuple(key), ids


_NEW: Any = object()


def _shape(order: Order, ids: list[str]) -> Shape | None:
    cls: type = type(order)
    values = fields_of(cls)
    if values is None or len(set(ids)) != len(ids):
        return None  # two slots of one province: which field is which is not known
    if getattr(order, "route", None):
        return None  # a route reads by where its stops are (parse.py, _over_land)
    slot = {pid: n for n, pid in enumerate(ids)}
    return cls, tuple(_part(v, slot) for v in values(order))


def _part(value: Any, slot: dict[str, int]) -> Part:
    if isinstance(value, str):
        pid, sep, rest = value.partition("/")
        n = slot.get(pid)
        if n is not None:
            return ("slot", n, sep + rest)
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return ("route", tuple(_part(v, slot) for v in value))
    return ("value", value)


def _build(shape: Shape, ids: list[str]) -> Order:
    cls, parts = shape
    return cls(*[_value(p, ids) for p in parts])


def _value(part: Part, ids: list[str]) -> Any:
    if part[0] == "slot":
        return ids[part[1]] + part[2]
    if part[0] == "route":
        return tuple(_value(p, ids) for p in part[1])
    return part[1]
