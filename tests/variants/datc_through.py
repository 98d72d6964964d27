"""Every DATC v3.0 case (tests/datc/) played through a variant's rules: the loop the held-out
files of Envoy, Engineered and 1885-III's Army/Fleets share.

A variant file says how its rules read a case (`Through`: its rules, its reader, the owners
when a case names none, its letter for a fleet) and which cases come out otherwise than the
DATC says (`differs`, each with its reason). `check` then plays one case: a listed case must
still differ, so the list stays true; a case not listed must agree."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from tests.engine.test_datc import _cases, _check_step

# A case's order line -> the variant's order: (text, phase kind, power).
Read = Callable[[str, str, str], Order]


@dataclass(frozen=True)
class Through:
    """How one variant plays the DATC's cases."""

    rules: Rules
    read: Read
    # The centres' owners when a case names none (a variant's start), else nobody's.
    owners: Mapping[str, str] = field(default_factory=dict)
    # The variant's letter for the DATC's fleet ("N": Engineered's navy), if not F.
    fleet: str = "F"

    @classmethod
    def reading(cls, variant: Variant, fleet: str = "F") -> Through:
        """The variant's rules, its own order reader (each line as its power's) and its
        start's owners."""
        reader = reader_for(variant)
        return cls(variant.rules,
                   lambda text, kind, power: reader.read(text, kind, Writer(power, {})),
                   variant.start.owners, fleet)

    def units(self, texts: list[str]) -> list[str]:
        return [self.fleet + t[1:] if t.startswith("F ") else t for t in texts]

    def step(self, step: dict[str, Any]) -> dict[str, Any]:
        """The step's expectations in the variant's letters."""
        out = dict(step)
        if "units_after" in step:
            out["units_after"] = {p: self.units(us) for p, us in step["units_after"].items()}
        if "dislodged" in step:
            out["dislodged"] = self.units(step["dislodged"])
        return out


def cases() -> list[Any]:
    """The DATC's cases, as pytest parameters named by their ids."""
    return _cases()


def play(through: Through, case: dict[str, Any]) -> None:
    """Plays the case's phases; an AssertionError says where it differs from the DATC."""
    position: Position | None = None
    for step in case["phase"]:
        if position is None:
            position = _start(through, step)
        orders: dict[str, list[Order]] = {}
        expected: dict[int, str] = {}
        for power, lines in step.get("orders", {}).items():
            for line in lines:
                text, want = (part.strip() for part in line.split("=>"))
                order = through.read(text, step["phase"][-1], power)
                orders.setdefault(power, []).append(order)
                expected[id(order)] = want
        turn = adjudicate(through.rules, position, orders)
        _check_step(through.step(step), turn, expected)
        position = turn.position


def _start(through: Through, step: dict[str, Any]) -> Position:
    owners = {c: p for p, cs in step.get("centres", {}).items() for c in cs}
    units = tuple(Unit(p, kind, loc) for p, us in step["units"].items()
                  for kind, loc in (u.split() for u in through.units(us)))
    return Position(Phase.parse(step["phase"]), units, owners or dict(through.owners))


def check(through: Through, case: dict[str, Any], differs: Collection[str]) -> None:
    """The case agrees with the DATC, or, listed in `differs`, still does not."""
    if case["id"] in differs:
        with pytest.raises(AssertionError):
            play(through, case)
    else:
        play(through, case)


def unknown(differs: Collection[str]) -> list[str]:
    """The listed ids that name no DATC case (a list's typo would excuse nothing)."""
    ids = {p.id for p in _cases()}
    return sorted(set(differs) - ids)
