"""The board at the start of a phase: units, dislodged units, centre owners."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final, NamedTuple

from judge.engine.native import mypyc_attr
from judge.engine.outcome import Dislodgement
from judge.engine.types import Phase, Unit


class _Fields(NamedTuple):
    phase: Phase
    units: tuple[Unit, ...]
    owners: Mapping[str, str]  # supply centre -> owning power
    dislodged: tuple[Dislodgement, ...]
    # What a variant must remember between phases (Envoy's control of neutrals, Global
    # Diplomacy's relations, a prison term): JSON-able values, kept by every standard
    # handler, read and written by the variant's own hooks.
    state: Mapping[str, object]


@mypyc_attr(native_class=False)
class Position(_Fields):
    """The board at the start of a phase. A NamedTuple, as Unit and OrderResult: two or
    three are built per phase, and a frozen dataclass costs several times as much to build
    (bench/)."""

    __slots__ = ()

    def __new__(cls, phase: Phase, units: tuple[Unit, ...], owners: Mapping[str, str],
                dislodged: tuple[Dislodgement, ...] = (),
                state: Mapping[str, object] | None = None) -> Position:
        # A fresh state for each position built without one, never a shared default.
        return _new(cls, (phase, units, owners, dislodged, {} if state is None else state))

    def centres_of(self, power: str, centres: Collection[str] | None = None) -> list[str]:
        """What `power` owns; with `centres` (the map's supply centres), only those: a
        variant may own other areas too (GD 5.1)."""
        return sorted(c for c, p in self.owners.items()
                      if p == power and (centres is None or c in centres))

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units if u.power == power]

    def with_phase(self, phase: Phase) -> Position:
        # tuple.__new__: NamedTuple._make without a Python-level __new__ (a hot path).
        return _new(Position, (phase, self.units, self.owners, self.dislodged, self.state))

    def with_board(self, units: tuple[Unit, ...], dislodged: tuple[Dislodgement, ...] = (),
                   owners: Mapping[str, str] | None = None) -> Position:
        """The same position (phase, variant state) with a new board."""
        return _new(Position, (self.phase, units, self.owners if owners is None else owners,
                               dislodged, self.state))


_new: Final = tuple.__new__  # a C static once compiled (movement.py)


def centres_by_power(owners: Mapping[str, str],
                     centres: Collection[str] | None = None) -> dict[str, list[str]]:
    """Each power's owned places (only `centres` among them, when given), sorted."""
    grouped: dict[str, list[str]] = {}
    # Plain sorts of strings, without a key function: this runs for every reply of
    # `judge adjudicate` (issue #18).
    for centre in sorted(owners):
        if centres is None or centre in centres:
            grouped.setdefault(owners[centre], []).append(centre)
    return {power: grouped[power] for power in sorted(grouped)}
