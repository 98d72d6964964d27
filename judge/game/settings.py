"""A game's settings (deadlines, press, draws), stored as `GameSettings.to_json()`. Pure: no
clock, standard library only. The parsers read what a game master types in a mail command and,
when it is wrong, say what to type instead."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, time, timedelta
from enum import StrEnum
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

SECOND, HOUR = timedelta(seconds=1), timedelta(hours=1)
ALL_DAYS = frozenset(range(7))
MAX_DURATION = timedelta(days=365)  # past any real phase; keeps datetimes far from overflow
_D = TypeVar("_D", "Schedule", "PressSettings", "DrawSettings")


class SettingsError(ValueError):
    """A setting typed by a person or read from the database is unusable; the message says why."""


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
        _load_zone(self.zone)
        if self.start is not None:
            if self.start.utcoffset() is None:
                raise SettingsError("the start time must carry a UTC offset")
            # One spelling per instant, so equal settings serialise equally.
            object.__setattr__(self, "start", self.start.astimezone(UTC))


@dataclass(frozen=True, slots=True)
class PressSettings:
    mode: PressMode = PressMode.WHITE
    observers_see_broadcasts: bool = True


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
    "late_public": ("true or false", lambda v: _typed(v, bool)),
    "dias": ("true or false", lambda v: _typed(v, bool)),
}


def _check_duration(span: timedelta, name: str, *, zero_ok: bool) -> None:
    # Whole seconds only, as JSON stores whole seconds.
    if not (0 * SECOND if zero_ok else SECOND) <= span <= MAX_DURATION or span.microseconds:
        least = "zero" if zero_ok else "one second"
        raise SettingsError(f"{name} must be whole seconds from {least} to 365 days, not {span}")


def _load_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    # zoneinfo fails by kind: unknown key, malformed key ("../x", ""), a folder ("Europe").
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise SettingsError(f'"{name}" is not a time zone I know; write an IANA name, '
                            'e.g. "Europe/London", "America/New_York" or "UTC"') from None


# A master's commands. Each error quotes what was typed and shows what would have worked.

_UNITS = ((86400, "d day days"), (3600, "h hr hrs hour hours"), (60, "m min mins minute minutes"))
_UNIT_SECONDS = {unit: size for size, units in _UNITS for unit in units.split()}
# At most nine digits a number: int() of a pasted megabyte of digits is slow, then refused.
_DURATION = re.compile(r"(?:[0-9]{1,9}\s*[a-z]+\s*)+")
_DURATION_PART = re.compile(r"([0-9]+)\s*([a-z]+)")


def parse_duration(text: str) -> timedelta:
    """"72h", "3d", "90m", "1d12h", "1 day 12 hours"; a bare number counts hours."""
    cleaned = text.strip().lower()
    if re.fullmatch(r"[0-9]{1,9}", cleaned):
        cleaned += "h"
    parts = _DURATION_PART.findall(cleaned) if _DURATION.fullmatch(cleaned) else []
    if not parts or not all(unit in _UNIT_SECONDS for _, unit in parts):
        raise SettingsError(f'"{text.strip()}" is not a duration; write e.g. "72h", "3d", '
                            '"1d12h" or "90m" (a bare number means hours)')
    # Summed as integers first, so no typo can overflow timedelta.
    seconds = sum(int(count) * _UNIT_SECONDS[unit] for count, unit in parts)
    if seconds > MAX_DURATION // SECOND:
        raise SettingsError(f'"{text.strip()}" is too long; the most is 365 days, e.g. "14d"')
    return timedelta(seconds=seconds)


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_SETS = {"all": ALL_DAYS, "daily": ALL_DAYS, "weekdays": frozenset(range(5)),
             "weekends": frozenset({5, 6}), "weekend": frozenset({5, 6})}


def parse_days(text: str) -> frozenset[int]:
    """"Mon-Fri", "mon,wed,fri", "Fri-Mon" (wraps round), "all", "weekdays", "weekends" to
    weekday numbers, 0=Monday .. 6=Sunday."""
    cleaned = re.sub(r"\s*-\s*", "-", text.strip().lower())
    if cleaned in _DAY_SETS:
        return _DAY_SETS[cleaned]
    days: set[int] = set()
    for item in filter(None, re.split(r"[,\s]+", cleaned)):
        first, dash, last = item.partition("-")
        low, high = _weekday(first), _weekday(last if dash else first)
        if low is None or high is None:
            days.clear()
            break
        days.update((low + step) % 7 for step in range((high - low) % 7 + 1))
    if not days:
        raise SettingsError(f'"{text.strip()}" is not a list of days; write e.g. "Mon-Fri", '
                            '"mon,wed,fri", "all" or "weekends"')
    return frozenset(days)


def _weekday(word: str) -> int | None:
    """"mon", "tues", "monday": three or more leading letters of the day's English name."""
    found = (n for n, name in enumerate(_WEEKDAYS) if len(word) >= 3 and name.startswith(word))
    return next(found, None)


def parse_time_of_day(text: str) -> time:
    """"20:00" or "7:05", a 24-hour local clock time."""
    found = re.fullmatch(r"([0-9]{1,2}):([0-9]{2})", text.strip())
    if found is None or int(found[1]) > 23 or int(found[2]) > 59:
        raise SettingsError(f'"{text.strip()}" is not a time of day; write 24-hour HH:MM, '
                            'e.g. "20:00"')
    return time(int(found[1]), int(found[2]))


def parse_zone(text: str) -> str:
    """An IANA zone name, its case mended ("europe/london" gives "Europe/London")."""
    known = {zone.lower(): zone for zone in available_timezones()}
    name = known.get(text.strip().lower(), text.strip())
    _load_zone(name)
    return name


def parse_when(text: str, zone: str) -> datetime:
    """A moment, "2026-11-28 20:00" read as local time in `zone` or ISO 8601 with an offset
    ("2026-11-28T20:00+01:00", "...Z"); the result is an aware UTC datetime."""
    tz, cleaned = _load_zone(zone), text.strip()
    try:
        moment: datetime | None = datetime.fromisoformat(cleaned)
    except ValueError:
        moment = None
    if moment is None or not re.search(r"[0-9][T ][0-9]", cleaned):  # a bare date is vague
        raise SettingsError(f'"{cleaned}" is not a date and time; write e.g. '
                            f'"2026-11-28 20:00" ({zone} time) or "2026-11-28T20:00+01:00"')
    if moment.tzinfo is None:
        local = moment.replace(tzinfo=tz)
        # A wall time the clocks skip (spring forward) comes back from UTC as another one.
        if local.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != moment:
            raise SettingsError(f'"{cleaned}" does not exist in {zone}: the clocks skip it '
                                'that night; write e.g. an hour later')
        moment = local
    return moment.astimezone(UTC)


def describe_duration(span: timedelta) -> str:
    """In the largest unit it is a whole number of: "3 days", "36 hours", "90 minutes"."""
    seconds = round(span.total_seconds())
    sizes = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))
    # Zero reads best in minutes ("0 minutes", say for no grace).
    unit, size = next((u, s) for u, s in sizes if seconds % s == 0 and (seconds or s == 60))
    count = seconds // size
    return f"{count} {unit}{'' if abs(count) == 1 else 's'}"
