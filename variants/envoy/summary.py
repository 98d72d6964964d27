"""What SUMMARY tells a Stab Envoy player beyond the common frame (judge/variant_hooks.py
`summary_lines`): the centre counts rule 12e told him after each Autumn, unnamed and in the
order he was told them, with the powers told eliminated, as his knowledge record keeps
them (known.py). The centre table shows '?' for the other powers' counts, which 12e never
names; these lines are what he does know. Nothing where nothing was told (Envoy and Secret
Envoy, or a reader without a record)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.types import Phase
from judge.variant import Variant, power_name

from .known import CENTRES_TOLD

HEAD = ("Centre counts you were told after each Autumn (rule 12e), unnamed and in random "
        "order, the unowned centres counted as one more power:")


def summary_lines(variant: Variant, records: Sequence[Mapping[str, Any] | None]) -> list[str]:
    """Each telling once: a record keeps the last one until the next Autumn tells again."""
    told: dict[str, Mapping[str, Any]] = {}
    for record in records:
        telling = None if record is None else record.get(CENTRES_TOLD)
        if isinstance(telling, Mapping) and telling.get("phase"):
            told.setdefault(str(telling["phase"]), telling)
    if not told:
        return []
    return [HEAD, *(_line(phase, telling) for phase, telling in told.items())]


def _line(phase: str, telling: Mapping[str, Any]) -> str:
    counts = ", ".join(str(int(c)) for c in telling.get("counts", ())) or "none told"
    gone = [power_name(str(p)) for p in telling.get("eliminated", ())]
    notes = [*(f"{name} eliminated" for name in gone),
             *(["the last unowned centre taken"] if telling.get("last_neutral") else [])]
    return f"  {Phase.parse(phase).year}: {counts}" + (f" ({'; '.join(notes)})" if notes else "")
