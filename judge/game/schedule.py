"""Deadline arithmetic: when a phase is due, its grace, its reminders, recovery after an outage.

Pure: standard library only, no clock; `now` and every moment come from the caller and must be
aware. Every result is an aware UTC datetime. Lengths are real elapsed time (72 hours is 72
hours even across a change of clocks); the local rules (allowed days, time of day) are applied
on the game's zone's wall clock through zoneinfo, so a 20:00 London deadline stays 20:00 in
London when the clocks change.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from judge.game.settings import Schedule

# The judge sweeps for due deadlines every few minutes. A deadline found more than this far in
# the past was missed by the judge (host down, crash, mail outage), not merely swept late.
OUTAGE_TOLERANCE = timedelta(hours=1)


def phase_length(schedule: Schedule, kind: str) -> timedelta:
    """How long a phase of this kind stays open: "M" movement, "R" retreat, "A" adjustment.
    Any other kind (a variant's own) gets the movement length, the safe longest default."""
    if kind == "R":
        return schedule.retreat
    if kind == "A":
        return schedule.adjustment
    return schedule.movement


def next_deadline(
    schedule: Schedule,
    kind: str,
    opened_at: datetime,
    absences: Iterable[tuple[datetime, datetime]] = (),
) -> datetime:
    """The deadline of a phase of `kind` opened at `opened_at`: the phase length later, moved
    forward to the schedule's days and time of day, then past every absence it falls in.

    An absence is a (start, end) period, start inclusive and end exclusive, when a player
    asked for no deadline. A deadline inside one moves to its end and the day and time rules
    apply again, which may land it in another absence; repeated until none holds it.
    """
    periods = [(_utc(start, "absence start"), _utc(end, "absence end")) for start, end in absences]
    # Added in UTC: aware arithmetic in a local zone would add wall-clock hours instead.
    due = _utc(opened_at, "opened_at") + phase_length(schedule, kind)
    deadline = fit_to_schedule(schedule, due)
    moved = True
    while moved:
        moved = False
        for start, end in periods:
            if start <= deadline < end:
                # Now at or after `end`, and never moving back: each absence moves it once at
                # most, so this ends after at most len(periods) moves.
                deadline = fit_to_schedule(schedule, end)
                moved = True
    return deadline


def fit_to_schedule(schedule: Schedule, moment: datetime) -> datetime:
    """The first moment at or after `moment` a deadline may fall on: an allowed weekday and,
    if the schedule sets one, its time of day, both on the zone's local clock.

    Without a time of day a moment on a barred day keeps its local clock time on the next
    allowed day (Saturday 18:00 becomes Monday 18:00, not Monday 00:00): players keep the
    rhythm the game has had, and nobody's deadline lands at midnight by accident.
    """
    zone = ZoneInfo(schedule.zone)
    local = _utc(moment, "moment").astimezone(zone)
    # time() keeps the fold, so the second 01:30 of a night the clocks go back stays the second.
    wall = local.time() if schedule.time_of_day is None else schedule.time_of_day
    # Eight days cover it: today may be allowed but its time past, then a week at most.
    for ahead in range(8):
        day = local.date() + timedelta(days=ahead)
        # A wall time the clocks skip resolves to the hour after: later, never earlier.
        candidate = datetime.combine(day, wall, tzinfo=zone).astimezone(UTC)
        # Compared in UTC: datetimes sharing a zone compare by wall clock, blind to DST.
        if day.weekday() in schedule.days and candidate >= moment:
            return candidate
    raise AssertionError("unreachable: a Schedule always allows at least one weekday")


def grace_end(schedule: Schedule, deadline: datetime) -> datetime:
    """When the grace period after `deadline` ends: late orders are taken until then."""
    return _utc(deadline, "deadline") + schedule.grace


def due_reminders(
    schedule: Schedule, deadline: datetime, already_sent: Collection[int], now: datetime
) -> list[int]:
    """Indexes into `schedule.reminders` of the reminders due at `now` and not yet sent: their
    time (deadline minus the offset) has come and the deadline has not. In schedule order.
    After a pause several fall due at once; the caller records all as sent, and may choose to
    mail only the one nearest the deadline.
    """
    deadline, now = _utc(deadline, "deadline"), _utc(now, "now")
    if now >= deadline:
        return []  # the deadline's own notices take over
    return [index for index, ahead in enumerate(schedule.reminders)
            if index not in already_sent and now >= deadline - ahead]


def outage_extension(schedule: Schedule, deadline: datetime, now: datetime) -> datetime | None:
    """A new deadline when the judge was down as `deadline` passed, else None.

    After an outage the judge must not process everyone as missing: orders mailed during the
    outage may not have been read yet, and players could not see the judge was down. So when
    `now` is more than OUTAGE_TOLERANCE past the deadline, the phase gets `outage_margin` more
    from now. Call it only for a due moment the judge has not yet acted on (a deadline or a
    grace end, passed as `deadline`); once acted on, lateness is no longer an outage.
    """
    if _utc(now, "now") > _utc(deadline, "deadline") + OUTAGE_TOLERANCE:
        return now.astimezone(UTC) + schedule.outage_margin
    return None


def _utc(moment: datetime, name: str) -> datetime:
    # A naive datetime has no meaning here: refuse it rather than guess a zone.
    if moment.utcoffset() is None:
        raise ValueError(f"{name} must be an aware datetime, not {moment!r}")
    return moment.astimezone(UTC)
