"""Where units an order's writer cannot see may stand (hidden movement, issue #13).

Legality is asked twice: at adjudication, on the real board, and when an order arrives,
for its writer alone, who may be told only what he knows. His check runs on the board as
he sees it, told where units he cannot see might stand: a support or convoy naming such a
place is taken as written and judged at adjudication, and a convoy may run through seas
where his fleets' unseen helpers might be. Full information has no such places.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unseen:
    """For each unit kind (its code), the provinces where one the writer cannot see may
    stand."""

    places: Mapping[str, frozenset[str]]

    def kinds_at(self, prov: str) -> tuple[str, ...]:
        return tuple(kind for kind, provs in self.places.items() if prov in provs)
