"""Why an order is refused: a reason and its parameters, worded only at the edge (issue #12
item 4).

A `Why` is one reason: its code and its English words, a template whose fields are the
parameters. A `Refusal` is a reason with its parameters as structured values (a unit, a
place, a power, plain words), so that a reply can be projected for its reader like an
event, a parameter at a time (judge/game/refusals.py), before it is worded with the
reader's names (`render`). The standard reasons are judge/engine/reasons.py and
judge/game/reasons.py; a variant defines its own `Why`s and registers them on its
registry (`Registry.with_reasons`), which is how a stored refusal is read back.

The engine's message of an illegal order (`OrderResult.message`) stays the adjudicator's
text in ids, the same text stored with the turn and written in reports; made by `state`,
it is a `Stated` string that still carries the refusal it was worded from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from judge.engine.types import Unit


@dataclass(frozen=True, slots=True)
class Why:
    code: str  # stable: stored refusals name their reason by it
    words: str  # the English template: '{unit} cannot support itself'


class Loc(NamedTuple):
    """A location named by its id ('stp/sc'): a map fact every reader may know."""

    loc: str


class Locs(NamedTuple):
    """Locations listed, joined by `joiner` ('stp/nc or stp/sc')."""

    locs: tuple[str, ...]
    joiner: str = " or "


class Power(NamedTuple):
    name: str  # the power's id: 'FRANCE'


class Words(NamedTuple):
    """A variant's message in words of its own, holding ids ('ber', 'GERMANY'): the
    reader's names replace the ids it holds, as in the reports."""

    text: str


Param = Unit | Loc | Locs | Power | Words | str | int


class Names(Protocol):
    """How a reader's words name a place, a unit and a power."""

    def place(self, loc: str) -> str: ...

    def unit(self, unit: Unit) -> str: ...

    def power(self, power: str) -> str: ...

    def words(self, text: str) -> str: ...


class Ids:
    """The engine's own words: ids as they are ('A ber belongs to GERMANY, not FRANCE')."""

    def place(self, loc: str) -> str:
        return loc

    def unit(self, unit: Unit) -> str:
        return str(unit)

    def power(self, power: str) -> str:
        return power

    def words(self, text: str) -> str:
        return text


IDS = Ids()


@dataclass(frozen=True, slots=True)
class Refusal:
    why: Why
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, why: Why, **params: Param) -> Refusal:
        return cls(why, tuple(params.items()))

    @property
    def code(self) -> str:
        return self.why.code

    def units(self) -> tuple[Unit, ...]:
        """The units it names: what a projection must find on the reader's board."""
        return tuple(v for _, v in self.params if isinstance(v, Unit))

    def render(self, names: Names = IDS) -> str:
        return self.why.words.format(**{k: _word(v, names) for k, v in self.params})


def _word(value: Param, names: Names) -> str | int:
    if isinstance(value, Unit):
        return names.unit(value)
    if isinstance(value, Loc):
        return names.place(value.loc)
    if isinstance(value, Locs):
        return value.joiner.join(names.place(loc) for loc in value.locs)
    if isinstance(value, Power):
        return names.power(value.name)
    if isinstance(value, Words):
        return names.words(value.text)
    return value


class Stated(str):
    """An engine message that keeps the refusal it was worded from (in ids). A plain
    string to everything that stores or prints it; an `OrderResult` rewritten by a
    projection (`message=""`) loses it with the words."""

    refusal: Refusal

    def __new__(cls, refusal: Refusal) -> Stated:
        text = super().__new__(cls, refusal.render(IDS))
        text.refusal = refusal
        return text

    def __reduce__(self) -> tuple[type[Stated], tuple[Refusal]]:
        return Stated, (self.refusal,)  # copied or pickled with its refusal


def state(why: Why, **params: Param) -> Stated:
    """The engine's message for `why` with `params`: 'A par cannot support itself'."""
    return Stated(Refusal.of(why, **params))


def refusal_of(message: str) -> Refusal | None:
    """The refusal an engine message was worded from, if it was (a variant's message in
    words of its own has none)."""
    return message.refusal if isinstance(message, Stated) else None


# --- stored form (a refusal kept with a turn: orders sent ahead that it refused) ---------

def refusal_to_json(refusal: Refusal) -> dict[str, Any]:
    return {"code": refusal.code,
            "params": {k: _param_to_json(v) for k, v in refusal.params}}


def refusal_from_json(reasons: Mapping[str, Why], data: Mapping[str, Any]) -> Refusal:
    """Read back with the reasons the game knows (KeyError: a reason it does not)."""
    params = tuple((k, _param_from_json(v)) for k, v in data["params"].items())
    return Refusal(reasons[data["code"]], params)


def _param_to_json(value: Param) -> Any:
    if isinstance(value, Unit):
        return {"unit": [value.power, value.kind, value.loc]}
    if isinstance(value, Loc):
        return {"loc": value.loc}
    if isinstance(value, Locs):
        return {"locs": list(value.locs), "joiner": value.joiner}
    if isinstance(value, Power):
        return {"power": value.name}
    if isinstance(value, Words):
        return {"words": value.text}
    return value


def _param_from_json(data: Any) -> Param:
    if not isinstance(data, dict):
        return data  # type: ignore[no-any-return]
    if "unit" in data:
        return Unit(*data["unit"])
    if "loc" in data:
        return Loc(data["loc"])
    if "locs" in data:
        return Locs(tuple(data["locs"]), data["joiner"])
    if "words" in data:
        return Words(data["words"])
    return Power(data["power"])
