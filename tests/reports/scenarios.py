"""Real turns adjudicated by the engine on the standard map, for the report tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from judge.engine.orders import Build, Disband, Hold, Move, Order, Retreat, Support, Waive
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.variant import Variant
from judge.variant_loader import load_variant

Orders = Mapping[str, Sequence[Order]]


def standard() -> Variant:
    return load_variant("standard")


def _units(spec: Mapping[str, str]) -> tuple[Unit, ...]:
    """{'FRANCE': 'A par, A mar'} -> units."""
    return tuple(Unit(power, kind, loc) for power, text in spec.items()
                 for kind, loc in (u.split() for u in text.split(", ")))


def spring_position() -> Position:
    units = _units({
        "ENGLAND": "A bel, F nth, F edi, F eng",
        "FRANCE": "A par, A mar, F bre",
        "GERMANY": "A mun, F hol",
        "ITALY": "A ven, A tyr",
        "AUSTRIA": "F tri, A vie, A rum",
        "RUSSIA": "A sev, A mos, A ukr, A war, F stp/sc",
        "TURKEY": "A arm, F bla",
    })
    return Position(Phase.parse("S1901M"), units, standard().start.owners)


SPRING_ORDERS: Orders = {
    # France and Germany bounce in Burgundy; Marseilles supports a move nobody made.
    "FRANCE": [Move("par", "bur"), Support("mar", "par", "gas"), Hold("bre")],
    "GERMANY": [Move("mun", "bur"), Hold("hol")],
    # Holland is dislodged with Heligoland Bight and Kiel open; Edinburgh-Liverpool is
    # not a fleet move.
    "ENGLAND": [Move("bel", "hol"), Support("nth", "bel", "hol"), Move("edi", "lvp")],
    # Vienna cuts Tyrolia's support, so Venice bounces off Trieste.
    "ITALY": [Move("ven", "tri"), Support("tyr", "ven", "tri")],
    "AUSTRIA": [Move("vie", "tyr")],
    # Sevastopol is dislodged with every neighbour occupied or the attacker's origin.
    "TURKEY": [Move("arm", "sev"), Support("bla", "arm", "sev")],
}

RETREAT_ORDERS: Orders = {"GERMANY": [Retreat("hol", "kie")]}  # Russia's unit has to go

FALL_ORDERS: Orders = {
    "FRANCE": [Move("bre", "mao")],
    "ENGLAND": [Move("eng", "bre")],
}

WINTER_ORDERS: Orders = {
    "ENGLAND": [Build("lon", "F")],
    "FRANCE": [Disband("mao")],
    "TURKEY": [Build("smy", "A"), Waive()],
    # Russia owes a removal and orders nothing: civil disorder.
}


@cache
def spring() -> TurnResult:
    return adjudicate(standard().rules, spring_position(), SPRING_ORDERS)


@cache
def retreat() -> TurnResult:
    return adjudicate(standard().rules, spring().position, RETREAT_ORDERS)


@cache
def fall() -> TurnResult:
    return adjudicate(standard().rules, retreat().position, FALL_ORDERS)


@cache
def winter() -> TurnResult:
    return adjudicate(standard().rules, fall().position, WINTER_ORDERS)


@cache
def victory() -> TurnResult:
    """France holds 17 centres and takes Belgium, its 18th, in the Fall."""
    french = ("bre", "par", "mar", "spa", "por", "lon", "lvp", "edi", "hol", "kie",
              "mun", "ber", "den", "nwy", "swe", "tun", "nap")
    owners = dict(standard().start.owners)
    owners.update(dict.fromkeys(french, "FRANCE"))
    units = _units({"FRANCE": "A bur, F nth", "GERMANY": "A ruh"})
    position = Position(Phase.parse("F1905M"), units, owners)
    orders: Orders = {"FRANCE": [Move("bur", "bel"), Support("nth", "bur", "bel")],
                      "GERMANY": [Move("ruh", "bel")]}
    return adjudicate(standard().rules, position, orders)
