"""Phase cycles. The standard one is Spring and Fall movement with retreats, then Winter
adjustments; a variant declares its own seasons (1885-III's months, Envoy's placement turn)."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase


@dataclass(frozen=True, slots=True)
class Season:
    code: str
    name: str
    kinds: tuple[str, ...]
    # Supply centres change hands when this season ends (the Fall, in the standard game).
    takes_centres: bool = False


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    seasons: tuple[Season, ...]
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
        # "P": an opening placement turn with no calendar entry (Envoy's Winter 1913).
        kind = {MOVEMENT: "Movement", RETREAT: "Retreats", ADJUSTMENT: "Adjustments",
                "P": "Placement"}
        return f"{self.season(phase.season).name} {phase.year} {kind.get(phase.kind, phase.kind)}"


STANDARD_CALENDAR = SeasonCalendar(
    (
        Season("S", "Spring", (MOVEMENT, RETREAT)),
        Season("F", "Fall", (MOVEMENT, RETREAT), takes_centres=True),
        Season("W", "Winter", (ADJUSTMENT,)),
    )
)
