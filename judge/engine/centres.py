"""Supply centres changing hands when a season ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from judge.engine.outcome import CentreChange, Event
from judge.engine.position import Position

if TYPE_CHECKING:
    from judge.engine.calendar import Season
    from judge.engine.rules import Rules


def take_centres(rules: Rules, position: Position) -> tuple[Position, list[CentreChange]]:
    """Centres occupied when the season ends change hands; empty ones keep their owner.
    With none changing hands the position is the one given: its owners the same object,
    which Geography.centre_counts then counts once (issue #18)."""
    owners = position.owners
    taken: dict[str, str] | None = None  # copied at the first change only
    changes = []
    where, centres, kinds = rules.geo.province, rules.geo.supply_centres, rules.kinds
    for unit in position.units:
        prov = where[unit.loc]
        if prov in centres and owners.get(prov) != unit.power and kinds[unit.kind].takes_centres:
            # tuple.__new__ is NamedTuple._make without its Python-level __new__ (bench/).
            changes.append(_new(CentreChange, (prov, owners.get(prov), unit.power)))
            if taken is None:
                owners = taken = dict(owners)
            taken[prov] = unit.power
    if not changes:
        return position, changes
    return position.with_board(position.units, position.dislodged, owners), changes


_new: Final = tuple.__new__  # a C static once compiled (movement.py)


def standard_season_end(
    rules: Rules, position: Position, season: Season
) -> tuple[Position, list[Event]]:
    """The default end of a season: centres change hands after a season that takes them."""
    if not season.takes_centres:
        return position, []
    board, changes = take_centres(rules, position)
    return board, list(changes)
