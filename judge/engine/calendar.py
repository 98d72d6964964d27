"""Phase cycles. The standard one is Spring and Fall movement with retreats, then Winter
adjustments; a variant declares its own seasons (1885-III's months, Envoy's placement turn)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judge.engine.native import copied_by_fields
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase


@dataclass(frozen=True, slots=True)
class Season:
    code: str
    name: str
    kinds: tuple[str, ...]
    # Supply centres change hands when this season ends (the Fall, in the standard game).
    takes_centres: bool = False


STANDARD_KIND_NAMES = {MOVEMENT: "Movement", RETREAT: "Retreats", ADJUSTMENT: "Adjustments"}


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    seasons: tuple[Season, ...]
    # What each phase kind is called in reports; a variant's own kinds are named in its
    # variant.toml (`[phase_names]`), as Envoy's opening placement turn.
    kind_names: Mapping[str, str] = field(default_factory=lambda: dict(STANDARD_KIND_NAMES),
                                          hash=False)
    # The cycle worked out once per phase name (phases are values, the calendar immutable).
    _next: dict[tuple[str, int, str], Phase] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def season(self, code: str) -> Season:
        for season in self.seasons:
            if season.code == code:
                return season
        raise ValueError(f"no season {code!r} in this calendar")

    def following(self, phase: Phase) -> Phase:
        """The next phase in the cycle, before any skipping of phases with nothing to do."""
        key = (phase.season, phase.year, phase.kind)
        nxt = self._next.get(key)
        if nxt is None:
            nxt = self._next[key] = self._following(phase)
        return nxt

    def _following(self, phase: Phase) -> Phase:
        season = self.season(phase.season)
        if phase.kind in season.kinds:
            at = season.kinds.index(phase.kind)
            if at + 1 < len(season.kinds):
                return Phase(phase.year, season.code, season.kinds[at + 1])
        index = self.seasons.index(season) + 1
        year = phase.year + (index // len(self.seasons))
        nxt = self.seasons[index % len(self.seasons)]
        return Phase(year, nxt.code, nxt.kinds[0])

    def ends_season(self, phase: Phase, nxt: Phase) -> bool:
        return (phase.season, phase.year) != (nxt.season, nxt.year)

    def describe(self, phase: Phase) -> str:
        kind = self.kind_names.get(phase.kind, phase.kind)
        return f"{self.season(phase.season).name} {phase.year} {kind}"

    def with_kind_names(self, names: Mapping[str, str]) -> SeasonCalendar:
        """The same cycle, with more phase kinds named (a variant's `[phase_names]`)."""
        return SeasonCalendar(self.seasons, {**self.kind_names, **names})


STANDARD_CALENDAR = SeasonCalendar(
    (
        Season("S", "Spring", (MOVEMENT, RETREAT)),
        Season("F", "Fall", (MOVEMENT, RETREAT), takes_centres=True),
        Season("W", "Winter", (ADJUSTMENT,)),
    )
)


copied_by_fields(Season, SeasonCalendar)
