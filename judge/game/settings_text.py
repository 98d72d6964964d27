"""Settings as people write them: what a game master (or a player, for his zone and
absences) types in a mail command, read, with errors that quote what was typed and show
what would have worked; and durations written back the same way. Standard library only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

SECOND, HOUR = timedelta(seconds=1), timedelta(hours=1)
ALL_DAYS = frozenset(range(7))
MAX_DURATION = timedelta(days=365)  # past any real phase; keeps datetimes far from overflow


class SettingsError(ValueError):
    """A setting typed by a person or read from the database is unusable; the message says why."""


def load_zone(name: str) -> ZoneInfo:
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
    seconds = _duration_seconds(text)
    if seconds is None:
        raise SettingsError(f'"{text.strip()}" is not a duration; write e.g. "72h", "3d", '
                            '"1d12h" or "90m" (a bare number means hours)')
    if seconds > MAX_DURATION // SECOND:
        raise SettingsError(f'"{text.strip()}" is too long; the most is 365 days, e.g. "14d"')
    return timedelta(seconds=seconds)


def _duration_seconds(text: str) -> int | None:
    """parse_duration's reading in seconds, unbounded; None where it does not read."""
    cleaned = text.strip().lower()
    if re.fullmatch(r"[0-9]{1,9}", cleaned):
        cleaned += "h"
    parts = _DURATION_PART.findall(cleaned) if _DURATION.fullmatch(cleaned) else []
    if not parts or not all(unit in _UNIT_SECONDS for _, unit in parts):
        return None
    # Summed as integers first, so no typo can overflow timedelta.
    return sum(int(count) * _UNIT_SECONDS[unit] for count, unit in parts)


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
    load_zone(name)
    return name


def parse_when(text: str, zone: str) -> datetime:
    """A moment, "2026-11-28 20:00" read as local time in `zone`, ISO 8601 with an offset
    ("2026-11-28T20:00+01:00", "...Z"), or as the judge writes its deadlines ("Sat 28 Nov
    2026 20:00 Europe/London", the zone and weekday optional); an aware UTC datetime."""
    cleaned = text.strip()
    try:
        moment: datetime | None = datetime.fromisoformat(cleaned)
    except ValueError:
        moment = None
    if moment is None or not re.search(r"[0-9][T ][0-9]", cleaned):  # a bare date is vague
        moment, zone = _as_written(cleaned, zone)
    if moment.tzinfo is None:
        tz = load_zone(zone)
        local = moment.replace(tzinfo=tz)
        # A wall time the clocks skip (spring forward) comes back from UTC as another one.
        if local.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != moment:
            raise SettingsError(f'"{cleaned}" does not exist in {zone}: the clocks skip it '
                                'that night; write e.g. an hour later')
        moment = local
    return moment.astimezone(UTC)


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_AS_WRITTEN = re.compile(r"(?:([a-z]+)\.?,?\s+)?([0-9]{1,2})\s+([a-z]+)\.?,?\s+([0-9]{4}),?\s+"
                         r"([0-9]{1,2}:[0-9]{2})(?:\s+(\S+))?", re.IGNORECASE)


def _as_written(cleaned: str, zone: str) -> tuple[datetime, str]:
    """Every deadline notice writes "Thu 05 Nov 2026 09:00 UTC"; a master who pastes it into
    SET DEADLINE means that moment (newcomer 22). A zone written after it wins over `zone`."""
    found = _AS_WRITTEN.fullmatch(cleaned)
    month = _month(found[3]) if found else None
    if found is None or month is None:
        raise SettingsError(f'"{cleaned}" is not a date and time; write e.g. '
                            f'"2026-11-28 20:00" ({zone} time), "Sat 28 Nov 2026 20:00" or '
                            '"2026-11-28T20:00+01:00"')
    weekday, day, _, year, clock, named = found.groups()
    try:
        date = datetime(int(year), month, int(day))
    except ValueError:
        raise SettingsError(f'"{cleaned}": {found[3]} {year} has no day {day}; write e.g. '
                            '"Sat 28 Nov 2026 20:00"') from None
    if weekday is not None and _weekday(weekday.lower()) != date.weekday():
        right = f"{_WEEKDAYS[date.weekday()].title()[:3]} {cleaned[found.start(2):]}"
        raise SettingsError(f'"{cleaned}": {int(day)} {_MONTHS[month - 1].title()} {year} is a '
                            f'{_WEEKDAYS[date.weekday()].title()}, not "{weekday}"; write e.g. '
                            f'"{right}"')
    try:
        return datetime.combine(date.date(), parse_time_of_day(clock)), \
            parse_zone(named) if named else zone
    except SettingsError as problem:  # quote all that was typed, not just the bad part
        raise SettingsError(f'"{cleaned}": {problem}') from None


def _month(word: str) -> int | None:
    """"nov", "November": three or more leading letters of the month's English name."""
    found = (n for n, name in enumerate(_MONTHS, 1)
             if len(word) >= 3 and name.startswith(word.lower()))
    return next(found, None)


def parse_moment(text: str, zone: str, now: datetime) -> datetime:
    """A moment as a master writes one (SET DEADLINE, SET START): parse_when's forms, a
    time from `now` ("+2d", "+36h", "+1d12h": a duration after a plus), "tomorrow" (this
    time of day tomorrow, in `zone`) and "tomorrow 20:00", or a deadline as the judge
    writes it ("Sat 28 Nov 2026 20:00 Europe/London"); an aware UTC datetime."""
    cleaned = text.strip()
    words = cleaned.lower().split()
    if cleaned.startswith("+"):
        seconds = _duration_seconds(cleaned[1:])
        if seconds is not None and seconds <= MAX_DURATION // SECOND:
            return now + timedelta(seconds=seconds)
        if seconds is not None:
            raise SettingsError(f'"{cleaned}" is too far off; the most is 365 days, '
                                'e.g. "+14d"')
    elif words[:1] == ["tomorrow"] and len(words) <= 2:
        day = now.astimezone(load_zone(zone)) + timedelta(days=1)
        clock = parse_time_of_day(words[1]) if len(words) == 2 else day.time()
        return parse_when(f"{day.date().isoformat()} {clock:%H:%M}", zone)
    elif _absolute(cleaned) or _AS_WRITTEN.fullmatch(cleaned):
        return parse_when(cleaned, zone)
    raise SettingsError(f'"{cleaned}" is not a time I can read; write a date and time, '
                        f'"2026-11-28 20:00" ({zone} time), "2026-11-28T20:00+01:00" or '
                        '"Sat 28 Nov 2026 20:00" (as the judge writes them); a time from '
                        'now, "+2d", "+36h" or "+1d12h"; or "tomorrow" (this time '
                        'tomorrow) or "tomorrow 20:00"')


def _absolute(text: str) -> bool:
    """Whether `text` is written as a date and time at all (parse_when says if it is one)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return re.search(r"[0-9][T ][0-9]", text) is not None


def describe_duration(span: timedelta) -> str:
    """In the largest unit it is a whole number of: "3 days", "36 hours", "90 minutes"."""
    seconds = round(span.total_seconds())
    sizes = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))
    # Zero reads best in minutes ("0 minutes", say for no grace).
    unit, size = next((u, s) for u, s in sizes if seconds % s == 0 and (seconds or s == 60))
    count = seconds // size
    return f"{count} {unit}{'' if abs(count) == 1 else 's'}"
