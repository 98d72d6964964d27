"""The board at the start of a phase: units, dislodged units, centre owners."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.outcome import Dislodgement
from judge.engine.types import Phase, Unit, province_of


@dataclass(frozen=True, slots=True)
class Position:
    phase: Phase
    units: tuple[Unit, ...]
    owners: Mapping[str, str]  # supply centre -> owning power
    dislodged: tuple[Dislodgement, ...] = ()
    # What a variant must remember between phases (Envoy's control of neutrals, Global
    # Diplomacy's relations, a prison term): JSON-able values, kept by every standard
    # handler, read and written by the variant's own hooks.
    state: Mapping[str, object] = field(default_factory=dict)

    def unit_index(self) -> dict[str, Unit]:
        """Units by province (one unit per province is the board's invariant)."""
        return {province_of(u.loc): u for u in self.units}

    def centres_of(self, power: str) -> list[str]:
        return sorted(c for c, p in self.owners.items() if p == power)

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units if u.power == power]

    def with_phase(self, phase: Phase) -> Position:
        # Built directly: dataclasses.replace costs ten times as much on this hot path.
        return Position(phase, self.units, self.owners, self.dislodged, self.state)

    def with_board(self, units: tuple[Unit, ...], dislodged: tuple[Dislodgement, ...] = (),
                   owners: Mapping[str, str] | None = None) -> Position:
        """The same position (phase, variant state) with a new board."""
        return Position(self.phase, units, self.owners if owners is None else owners,
                        dislodged, self.state)


def centres_by_power(owners: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for centre, power in sorted(owners.items(), key=lambda item: (item[1], item[0])):
        out.setdefault(power, []).append(centre)
    return out
