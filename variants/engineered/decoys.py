"""Decoys (rn45 C2 2b, C8): a unit's identical copy, of zero power, that no other player can
tell from the unit it copies. A decoy is a unit of the kind it copies whose payload says so
(`decoy`): the resolver gives it no power (8a); the visibility hides the payload."""

from __future__ import annotations

from judge.engine.types import Unit

DECOY = "decoy"


def is_decoy(unit: Unit) -> bool:
    return any(name == DECOY and value for name, value in unit.payload)
