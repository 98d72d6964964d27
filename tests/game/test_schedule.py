"""Deadline arithmetic. Every expected moment below was worked out by hand, the working in the
comment beside it. Calendar facts used: 27 Nov 2026 is a Friday; London keeps GMT (UTC+0) in
November and BST (UTC+1) in summer; its clocks go forward at 01:00 GMT on Sunday 29 March 2026
and back at 02:00 BST (01:00 UTC) on Sunday 25 October 2026."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.game.schedule import (
    OUTAGE_TOLERANCE,
    due_reminders,
    fit_to_schedule,
    grace_end,
    next_deadline,
    outage_extension,
    phase_length,
)
from judge.game.settings import Schedule

H = timedelta(hours=1)
LONDON = ZoneInfo("Europe/London")
WEEKDAYS = frozenset(range(5))
# Mon-Fri, deadlines at 20:00 London time.
EVENINGS = Schedule(days=WEEKDAYS, time_of_day=time(20, 0), zone="Europe/London")
AT_20_UTC = Schedule(time_of_day=time(20, 0))


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0
        ) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


# --- phase lengths ----------------------------------------------------------------------------


def test_phase_length_by_kind() -> None:
    s = Schedule(movement=48 * H, retreat=12 * H, adjustment=6 * H)
    assert phase_length(s, "M") == 48 * H
    assert phase_length(s, "R") == 12 * H
    assert phase_length(s, "A") == 6 * H
    assert phase_length(s, "X") == 48 * H  # a kind of its own: movement length


def test_phase_kind_codes_are_the_engines() -> None:
    assert (MOVEMENT, RETREAT, ADJUSTMENT) == ("M", "R", "A")


# --- days and time of day ---------------------------------------------------------------------


@pytest.mark.parametrize(("opened", "expected"), [
    # Fri 27 Nov 18:00 + 72h = Mon 30 Nov 18:00 GMT; Monday is allowed, 20:00 not yet passed:
    # Monday 30 Nov 20:00 GMT = 20:00 UTC (Monday, not Tuesday).
    (utc(2026, 11, 27, 18, 0), utc(2026, 11, 30, 20, 0)),
    # Wed 25 Nov 18:00 + 72h = Sat 28 Nov 18:00: Saturday and Sunday barred, so Mon 30 Nov 20:00.
    (utc(2026, 11, 25, 18, 0), utc(2026, 11, 30, 20, 0)),
    # Mon 23 Nov 21:00 + 72h = Thu 26 Nov 21:00, past 20:00, so Fri 27 Nov 20:00.
    (utc(2026, 11, 23, 21, 0), utc(2026, 11, 27, 20, 0)),
    # Tue 24 Nov 21:00 + 72h = Fri 27 Nov 21:00, past 20:00; weekend barred: Mon 30 Nov 20:00.
    (utc(2026, 11, 24, 21, 0), utc(2026, 11, 30, 20, 0)),
    # Mon 23 Nov 20:00 + 72h = Thu 26 Nov 20:00 exactly: it stays.
    (utc(2026, 11, 23, 20, 0), utc(2026, 11, 26, 20, 0)),
])
def test_weekday_evenings_in_london_in_november(opened: datetime, expected: datetime) -> None:
    deadline = next_deadline(EVENINGS, "M", opened)
    assert deadline == expected
    assert deadline.tzinfo is UTC


def test_without_a_time_of_day_the_clock_time_is_kept() -> None:
    # Wed 25 Nov 18:00 + 72h = Sat 28 Nov 18:00 UTC, barred; next allowed day Mon 30 Nov, 18:00.
    schedule = Schedule(days=WEEKDAYS)
    assert next_deadline(schedule, "M", utc(2026, 11, 25, 18, 0)) == utc(2026, 11, 30, 18, 0)
    # An allowed day: untouched, to the second.
    assert next_deadline(schedule, "M", utc(2026, 11, 23, 9, 17, 5)) == utc(2026, 11, 26, 9, 17, 5)


def test_days_are_judged_in_the_games_zone() -> None:
    # Fri 27 Nov 03:00 UTC + 24h = Sat 28 Nov 03:00 UTC, which in New York (EST, UTC-5) is
    # still Friday 22:00: allowed there, though a UTC game would move it to Monday.
    new_york = Schedule(movement=24 * H, days=WEEKDAYS, zone="America/New_York")
    assert next_deadline(new_york, "M", utc(2026, 11, 27, 3, 0)) == utc(2026, 11, 28, 3, 0)
    in_utc = Schedule(movement=24 * H, days=WEEKDAYS)
    assert next_deadline(in_utc, "M", utc(2026, 11, 27, 3, 0)) == utc(2026, 11, 30, 3, 0)


def test_retreat_and_adjustment_lengths_are_used() -> None:
    # Mon 2 Nov 18:00 + 24h = Tue 3 Nov 18:00, before 20:00, so Tue 3 Nov 20:00.
    assert next_deadline(AT_20_UTC, "R", utc(2026, 11, 2, 18, 0)) == utc(2026, 11, 3, 20, 0)
    # Mon 2 Nov 21:00 + 24h = Tue 3 Nov 21:00, past 20:00, so Wed 4 Nov 20:00.
    assert next_deadline(AT_20_UTC, "A", utc(2026, 11, 2, 21, 0)) == utc(2026, 11, 4, 20, 0)


# --- changes of clocks ------------------------------------------------------------------------

LONDON_20 = Schedule(time_of_day=time(20, 0), zone="Europe/London")


def test_autumn_change_keeps_20_00_local() -> None:
    # A week before the change: Thu 15 Oct 19:00 UTC + 72h = Sun 18 Oct 19:00 UTC = 20:00 BST,
    # exactly the time: it stays, 19:00 UTC.
    assert next_deadline(LONDON_20, "M", utc(2026, 10, 15, 19, 0)) == utc(2026, 10, 18, 19, 0)
    # Across it: Thu 22 Oct 19:00 UTC + 72h = Sun 25 Oct 19:00 UTC = 19:00 GMT (clocks went
    # back that morning), before 20:00: Sun 25 Oct 20:00 GMT = 20:00 UTC. A BST offset kept
    # from the opening would wrongly give 19:00 UTC.
    assert next_deadline(LONDON_20, "M", utc(2026, 10, 22, 19, 0)) == utc(2026, 10, 25, 20, 0)


def test_autumn_change_between_due_moment_and_deadline() -> None:
    # Wed 21 Oct 19:30 UTC + 72h = Sat 24 Oct 19:30 UTC = 20:30 BST, past 20:00; the next
    # 20:00 is Sunday's, after the clocks went back: Sun 25 Oct 20:00 GMT = 20:00 UTC. The
    # Saturday's BST offset carried over would give 19:00 UTC.
    assert next_deadline(LONDON_20, "M", utc(2026, 10, 21, 19, 30)) == utc(2026, 10, 25, 20, 0)


def test_spring_change_keeps_20_00_local() -> None:
    # Fri 27 Mar 20:00 UTC (= 20:00 GMT) + 72h = Mon 30 Mar 20:00 UTC = 21:00 BST, past 20:00:
    # Tue 31 Mar 20:00 BST = 19:00 UTC.
    assert next_deadline(LONDON_20, "M", utc(2026, 3, 27, 20, 0)) == utc(2026, 3, 31, 19, 0)
    # Wed 25 Mar 20:30 UTC + 72h = Sat 28 Mar 20:30 GMT, past 20:00; Sunday's 20:00 is after
    # the clocks went forward: Sun 29 Mar 20:00 BST = 19:00 UTC.
    assert next_deadline(LONDON_20, "M", utc(2026, 3, 25, 20, 30)) == utc(2026, 3, 29, 19, 0)


def test_lengths_are_real_hours_across_a_change() -> None:
    # Opened Sat 24 Oct 12:00 BST = 11:00 UTC; 24 real hours later is Sun 25 Oct 11:00 UTC
    # (11:00 GMT). Adding a wall-clock day would give 12:00 GMT = 12:00 UTC instead.
    schedule = Schedule(movement=24 * H, zone="Europe/London")
    opened = datetime(2026, 10, 24, 12, 0, tzinfo=LONDON)
    assert next_deadline(schedule, "M", opened) == utc(2026, 10, 25, 11, 0)


def test_a_time_of_day_the_clocks_skip_comes_an_hour_later() -> None:
    # Sat 28 Mar 00:00 UTC + 24h = Sun 29 Mar 00:00 GMT. 01:30 does not exist that night in
    # London; it resolves with the offset before the jump: 01:30 UTC, shown as 02:30 BST.
    schedule = Schedule(movement=24 * H, time_of_day=time(1, 30), zone="Europe/London")
    assert next_deadline(schedule, "M", utc(2026, 3, 28, 0, 0)) == utc(2026, 3, 29, 1, 30)


def test_a_time_of_day_that_happens_twice_takes_the_first() -> None:
    # Sat 24 Oct 00:00 UTC + 24h = Sun 25 Oct 00:00 UTC = 01:00 BST. 01:30 comes twice that
    # night; the first, 01:30 BST, is 00:30 UTC.
    schedule = Schedule(movement=24 * H, time_of_day=time(1, 30), zone="Europe/London")
    assert next_deadline(schedule, "M", utc(2026, 10, 24, 0, 0)) == utc(2026, 10, 25, 0, 30)


def test_a_moment_in_the_repeated_hour_is_not_moved() -> None:
    # 25 Oct 01:30 UTC is the second 01:30 (GMT) in London; every day allowed, so it stays,
    # though rebuilding 01:30 from the wall clock would give the first one, an hour earlier.
    schedule = Schedule(zone="Europe/London")
    assert fit_to_schedule(schedule, utc(2026, 10, 25, 1, 30)) == utc(2026, 10, 25, 1, 30)


# --- absences ---------------------------------------------------------------------------------

# Mon 2 Nov 18:00 + 72h = Thu 5 Nov 18:00, so Thu 5 Nov 20:00 with no absence.
OPENED = utc(2026, 11, 2, 18, 0)
AWAY_THU_SAT = (utc(2026, 11, 5, 0, 0), utc(2026, 11, 7, 12, 0))
AWAY_SAT_SUN = (utc(2026, 11, 7, 18, 0), utc(2026, 11, 8, 21, 0))


def test_no_absence() -> None:
    assert next_deadline(AT_20_UTC, "M", OPENED) == utc(2026, 11, 5, 20, 0)


def test_an_absence_moves_the_deadline_to_its_end_then_to_the_time() -> None:
    # Thu 20:00 is inside Thu 00:00 - Sat 12:00: moved to Sat 12:00, then to Sat 7 Nov 20:00.
    assert next_deadline(AT_20_UTC, "M", OPENED, [AWAY_THU_SAT]) == utc(2026, 11, 7, 20, 0)


@pytest.mark.parametrize("absences", [[AWAY_THU_SAT, AWAY_SAT_SUN],
                                      [AWAY_SAT_SUN, AWAY_THU_SAT]])
def test_absences_chain_in_any_order(absences: list[tuple[datetime, datetime]]) -> None:
    # Thu 20:00 -> Sat 12:00 -> Sat 20:00, inside Sat 18:00 - Sun 21:00 -> Sun 21:00, past
    # 20:00 -> Mon 9 Nov 20:00.
    assert next_deadline(AT_20_UTC, "M", OPENED, absences) == utc(2026, 11, 9, 20, 0)


def test_an_absence_end_is_exclusive_and_its_start_inclusive() -> None:
    ends_at_deadline = (utc(2026, 11, 5, 12, 0), utc(2026, 11, 5, 20, 0))
    assert next_deadline(AT_20_UTC, "M", OPENED, [ends_at_deadline]) == utc(2026, 11, 5, 20, 0)
    # Starting at Thu 20:00 until Fri 10:00: moved to Fri 10:00, then Fri 6 Nov 20:00.
    starts_at_deadline = (utc(2026, 11, 5, 20, 0), utc(2026, 11, 6, 10, 0))
    assert next_deadline(AT_20_UTC, "M", OPENED, [starts_at_deadline]) == utc(2026, 11, 6, 20, 0)


def test_an_absence_elsewhere_changes_nothing() -> None:
    before = (utc(2026, 11, 1, 0, 0), utc(2026, 11, 4, 0, 0))
    after = (utc(2026, 11, 6, 0, 0), utc(2026, 11, 9, 0, 0))
    assert next_deadline(AT_20_UTC, "M", OPENED, [before, after]) == utc(2026, 11, 5, 20, 0)


def test_an_absence_ending_on_a_barred_day() -> None:
    # Weekday evenings in London (GMT): Thu 5 Nov 20:00 -> Sat 7 Nov 12:00, barred, as is
    # Sunday -> Mon 9 Nov 20:00.
    assert next_deadline(EVENINGS, "M", OPENED, [AWAY_THU_SAT]) == utc(2026, 11, 9, 20, 0)


def test_an_absence_in_local_time() -> None:
    # Paris keeps CET (UTC+1) in November: 5 Nov 01:00 to 7 Nov 13:00 there is 00:00 to 12:00
    # UTC, the Thursday-Saturday absence above.
    paris = ZoneInfo("Europe/Paris")
    local = (datetime(2026, 11, 5, 1, 0, tzinfo=paris), datetime(2026, 11, 7, 13, 0, tzinfo=paris))
    assert next_deadline(AT_20_UTC, "M", OPENED, [local]) == utc(2026, 11, 7, 20, 0)


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError, match="opened_at must be an aware datetime"):
        next_deadline(AT_20_UTC, "M", datetime(2026, 11, 2, 18, 0))
    with pytest.raises(ValueError, match="absence start must be an aware datetime"):
        next_deadline(AT_20_UTC, "M", OPENED, [(datetime(2026, 11, 5), utc(2026, 11, 7))])
    with pytest.raises(ValueError, match="now must be an aware datetime"):
        due_reminders(Schedule(), OPENED, (), datetime(2026, 11, 2))


# --- grace, reminders, outages ----------------------------------------------------------------

DEADLINE = utc(2026, 11, 30, 20, 0)


def test_grace_end() -> None:
    assert grace_end(Schedule(), DEADLINE) == utc(2026, 12, 1, 20, 0)
    assert grace_end(Schedule(grace=timedelta(0)), DEADLINE) == DEADLINE
    in_paris = DEADLINE.astimezone(ZoneInfo("Europe/Paris"))
    assert grace_end(Schedule(grace=2 * H), in_paris) == utc(2026, 11, 30, 22, 0)
    assert grace_end(Schedule(), in_paris).tzinfo is UTC


TWO_REMINDERS = Schedule(reminders=(24 * H, H))


@pytest.mark.parametrize(("before", "sent", "expected"), [
    (25 * H, set(), []),  # too early for either
    (24 * H, set(), [0]),  # the 24-hour reminder's moment itself
    (2 * H, {0}, []),
    (H, {0}, [1]),
    (H / 2, set(), [0, 1]),  # both due, say after a pause: all returned
    (H / 2, {0, 1}, []),
    (timedelta(0), set(), []),  # the deadline itself: too late for reminders
    (-H, set(), []),
])
def test_due_reminders(before: timedelta, sent: set[int], expected: list[int]) -> None:
    assert due_reminders(TWO_REMINDERS, DEADLINE, sent, DEADLINE - before) == expected


def test_outage_extension_after_the_tolerance_only() -> None:
    assert OUTAGE_TOLERANCE == H
    assert outage_extension(Schedule(), DEADLINE, DEADLINE - H) is None
    assert outage_extension(Schedule(), DEADLINE, DEADLINE + 59 * H / 60) is None
    assert outage_extension(Schedule(), DEADLINE, DEADLINE + H) is None  # not more than 1h
    late = DEADLINE + H + timedelta(seconds=1)
    assert outage_extension(Schedule(), DEADLINE, late) == late + 12 * H


def test_outage_extension_uses_the_margin() -> None:
    now = DEADLINE + timedelta(days=3)
    extended = outage_extension(Schedule(outage_margin=6 * H), DEADLINE, now)
    assert extended == utc(2026, 12, 4, 2, 0)  # Thu 3 Dec 20:00 + 6h = Fri 4 Dec 02:00
    assert extended is not None and extended.tzinfo is UTC
