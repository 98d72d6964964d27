"""Time as a dependency: the judge never reads the system clock except through a Clock; and
time as every mail writes it (`format_deadline`, `time_left`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo

_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class Clock(Protocol):
    def now(self) -> datetime:
        """The current moment, an aware UTC datetime."""


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told: tests play a game's weeks in milliseconds."""

    def __init__(self, start: datetime) -> None:
        if start.tzinfo is None:
            raise ValueError("a clock's time must be aware")
        self._now = start.astimezone(UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, by: timedelta) -> datetime:
        self._now += by
        return self._now

    def set(self, when: datetime) -> None:
        self._now = when.astimezone(UTC)


def format_deadline(when: datetime, zone: str) -> str:
    """'Sat 28 Nov 2026 20:00 Europe/London', in English whatever the process locale."""
    if when.tzinfo is None:
        raise ValueError("a deadline must be an aware datetime")
    local = when.astimezone(ZoneInfo(zone))
    return (f"{_DAYS[local.weekday()]} {local.day:02d} {_MONTHS[local.month - 1]} "
            f"{local.year} {local:%H:%M} {zone}")


def time_left(deadline: datetime, now: datetime) -> str:
    """'2 days 3 hours', '45 minutes', or 'passed'."""
    left = deadline - now
    if left <= timedelta(0):
        return "passed"
    days, rest = divmod(int(left.total_seconds()), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [(days, "day"), (hours, "hour")] if days else [(hours, "hour"), (minutes, "minute")]
    words = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in parts if n]
    return " ".join(words) or "less than a minute"
