"""A game's settings (deadlines, press, draws), stored as `GameSettings.to_json()`. Pure: no
clock, standard library only. What a game master types for them is read in settings_text.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, time, timedelta
from enum import StrEnum
from typing import Any, TypeVar

from judge.game.settings_text import (
    ALL_DAYS,
    HOUR,
    MAX_DURATION,
    SECOND,
    SettingsError,
    load_zone,
    parse_time_of_day,
)

_D = TypeVar("_D", "Schedule", "PressSettings", "DrawSettings")


class NmrPolicy(StrEnum):
    """What happens to a power with no orders (NMR: no moves received) when grace ends."""

    HOLD = "hold"  # units hold, retreats disband, builds waived, removals by civil disorder rule
    CIVIL_DISORDER = "disorder"  # the power is in civil disorder for the rest of the game
    WAIT = "wait"  # the turn is held until the master acts


class PressMode(StrEnum):
    """Which messages players may send each other, to all (broadcast) or to chosen powers.

    NONE: no press between players. WHITE: every message is signed. GREY: every message is
    anonymous. PARTIAL: signed or anonymous, as the sender picks (PRESS GREY). Writing to
    the master is always allowed, as on the classic judges: a player must be able to
    reach the person running the game.
    """

    NONE = "none"
    WHITE = "white"
    GREY = "grey"
    PARTIAL = "partial"


@dataclass(frozen=True, slots=True)
class Schedule:
    """Phase lengths and the local rules deadlines follow; checked when built, so always usable."""

    movement: timedelta = 72 * HOUR
    retreat: timedelta = 24 * HOUR
    adjustment: timedelta = 24 * HOUR
    grace: timedelta = 24 * HOUR
    days: frozenset[int] = ALL_DAYS  # weekdays a deadline may fall on, 0=Monday .. 6=Sunday
    time_of_day: time | None = None  # when set, deadlines move forward to this local time
    zone: str = "UTC"  # IANA name, the zone of `days` and `time_of_day`
    reminders: tuple[timedelta, ...] = (24 * HOUR,)  # how long before the deadline to remind
    nmr: NmrPolicy = NmrPolicy.HOLD
    outage_margin: timedelta = 12 * HOUR  # time given after an outage swallowed a deadline
    start: datetime | None = None  # when a forming game should start
    # Whether every report names the powers that missed the deadline (the master's always
    # does); on by default, as the classic judges tell everyone who was late.
    late_public: bool = True

    def __post_init__(self) -> None:
        for name in ("movement", "retreat", "adjustment", "outage_margin"):
            _check_duration(getattr(self, name), name, zero_ok=False)
        _check_duration(self.grace, "grace", zero_ok=True)
        for index, ahead in enumerate(self.reminders):
            _check_duration(ahead, f"reminder {index + 1}", zero_ok=False)
        if not self.days or not self.days <= ALL_DAYS:
            raise SettingsError("days must name at least one weekday, 0=Monday .. 6=Sunday")
        tod = self.time_of_day
        # JSON keeps "HH:MM": seconds or a zone here would not survive a round trip.
        if tod is not None and (tod.tzinfo is not None or tod.second or tod.microsecond):
            raise SettingsError(f"time of day must be a plain hour and minute, not {tod}")
        load_zone(self.zone)
        if self.start is not None:
            if self.start.utcoffset() is None:
                raise SettingsError("the start time must carry a UTC offset")
            # One spelling per instant, so equal settings serialise equally.
            object.__setattr__(self, "start", self.start.astimezone(UTC))


@dataclass(frozen=True, slots=True)
class PressSettings:
    mode: PressMode = PressMode.WHITE
    observers_see_broadcasts: bool = True
    # The account name of the observer the master appointed to read all press between
    # players and publish a column (judge.game.commentator); "" for none.
    commentator: str = ""
    # His account's id: names are free text, and an observer who renamed his account to
    # the commentator's name got the copies of private press (adv10). 0: none, or a game
    # appointed before the id was kept (found by name then).
    commentator_account: int = 0


@dataclass(frozen=True, slots=True)
class DrawSettings:
    """DIAS (draw includes all survivors): every survivor shares a draw; else a vote names them."""

    dias: bool = True


@dataclass(frozen=True, slots=True)
class GameSettings:
    schedule: Schedule = field(default_factory=Schedule)
    press: PressSettings = field(default_factory=PressSettings)
    draw: DrawSettings = field(default_factory=DrawSettings)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: durations in whole seconds, times "HH:MM", datetimes ISO 8601."""
        return {f.name: {g.name: _encode(getattr(getattr(self, f.name), g.name))
                         for g in fields(getattr(self, f.name))}
                for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> GameSettings:
        """Settings from `to_json` output; a missing key takes its default. Raises SettingsError
        naming the key on a bad value or an unknown key (a typo must not pass silently)."""
        top = _keys(data, "settings", {"schedule", "press", "draw"})
        return cls(_decode(Schedule, top.get("schedule", {}), "schedule"),
                   _decode(PressSettings, top.get("press", {}), "press"),
                   _decode(DrawSettings, top.get("draw", {}), "draw"))


def _encode(value: object) -> Any:
    if isinstance(value, frozenset | tuple):  # weekdays sorted, reminders in their order
        return [_encode(v) for v in (sorted(value) if isinstance(value, frozenset) else value)]
    if isinstance(value, timedelta):
        return value // SECOND
    if isinstance(value, time):
        return f"{value.hour:02d}:{value.minute:02d}"
    if isinstance(value, datetime):
        return value.isoformat()
    return value  # StrEnum members are str already; bool, str and None stay as they are


def _keys(data: object, where: str, known: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SettingsError(f"{where} must be a JSON object, not {data!r}")
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        raise SettingsError(f"unknown {where} setting(s): {', '.join(unknown)}")
    return data


def _decode(cls: type[_D], data: object, where: str) -> _D:
    """One section from JSON: each value converted alone, then checked together when built."""
    given: dict[str, Any] = {}
    for key, value in _keys(data, where, {f.name for f in fields(cls)}).items():
        expected, convert = _FROM_JSON[key]
        try:
            given[key] = convert(value)
        except (TypeError, ValueError, OverflowError):
            raise SettingsError(f"{where}.{key} must be {expected}, not {value!r}") from None
    try:
        return cls(**given)
    except SettingsError as error:
        raise SettingsError(f"{where}: {error}") from None


def _typed(value: Any, kind: type) -> Any:
    if type(value) is not kind:  # exact: JSON true is a bool, and bool is an int subclass
        raise TypeError(value)
    return value


_FROM_JSON: dict[str, tuple[str, Callable[[Any], Any]]] = {
    **dict.fromkeys(("movement", "retreat", "adjustment", "grace", "outage_margin"),
                    ("whole seconds", lambda v: timedelta(seconds=_typed(v, int)))),
    "days": ("a list of weekday numbers",
             lambda v: frozenset(_typed(d, int) for d in _typed(v, list))),
    "time_of_day": ('"HH:MM" or null',
                    lambda v: None if v is None else parse_time_of_day(_typed(v, str))),
    "zone": ("an IANA zone name", lambda v: _typed(v, str)),
    "reminders": ("a list of whole seconds",
                  lambda v: tuple(timedelta(seconds=_typed(r, int)) for r in _typed(v, list))),
    "nmr": ('"hold", "disorder" or "wait"', NmrPolicy),
    "start": ("ISO 8601 with an offset, or null",
              lambda v: None if v is None else datetime.fromisoformat(_typed(v, str))),
    "mode": ('"none", "white", "grey" or "partial"', PressMode),
    "observers_see_broadcasts": ("true or false", lambda v: _typed(v, bool)),
    "commentator": ("an account name or \"\"", lambda v: _typed(v, str)),
    "commentator_account": ("an account id, 0 for none", lambda v: _typed(v, int)),
    "late_public": ("true or false", lambda v: _typed(v, bool)),
    "dias": ("true or false", lambda v: _typed(v, bool)),
}


def _check_duration(span: timedelta, name: str, *, zero_ok: bool) -> None:
    # Whole seconds only, as JSON stores whole seconds.
    if not (0 * SECOND if zero_ok else SECOND) <= span <= MAX_DURATION or span.microseconds:
        least = "zero" if zero_ok else "one second"
        raise SettingsError(f"{name} must be whole seconds from {least} to 365 days, not {span}")
