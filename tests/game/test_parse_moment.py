"""settings_text.parse_moment: the moments a master writes for SET DEADLINE and SET START."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from judge.game.settings_text import SettingsError, parse_moment

NOW = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "later"), [
    ("+2d", timedelta(days=2)), ("+36h", timedelta(hours=36)),
    ("+1d12h", timedelta(days=1, hours=12)), ("+90m", timedelta(minutes=90)),
    ("+2", timedelta(hours=2)),  # a bare number counts hours, as SET GRACE reads it
    ("+1 day 6 hours", timedelta(days=1, hours=6)), ("+365d", timedelta(days=365)),
])
def test_a_time_from_now(text: str, later: timedelta) -> None:
    assert parse_moment(text, "Europe/Paris", NOW) == NOW + later


def test_the_absolute_forms_stay() -> None:
    assert parse_moment("2026-11-28 20:00", "Europe/Paris", NOW) == \
        datetime(2026, 11, 28, 19, 0, tzinfo=UTC)
    assert parse_moment("2026-11-28T20:00+01:00", "UTC", NOW) == \
        datetime(2026, 11, 28, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "zone", "moment"), [
    # A deadline copied from the judge's own mail (clock.format_deadline).
    ("Thu 05 Nov 2026 20:00 Europe/London", "UTC", datetime(2026, 11, 5, 20, 0, tzinfo=UTC)),
    ("Thu 05 Nov 2026 20:00", "Europe/Paris", datetime(2026, 11, 5, 19, 0, tzinfo=UTC)),
    ("5 nov 2026 7:30", "UTC", datetime(2026, 11, 5, 7, 30, tzinfo=UTC)),
    ("Thu 05 Nov 2026 20:00 utc", "Europe/Paris", datetime(2026, 11, 5, 20, 0, tzinfo=UTC)),
])
def test_a_deadline_as_the_judge_writes_it(text: str, zone: str, moment: datetime) -> None:
    assert parse_moment(text, zone, NOW) == moment


@pytest.mark.parametrize(("text", "reason"), [
    ("Fri 05 Nov 2026 20:00",
     '"Fri 05 Nov 2026 20:00": 5 November 2026 is a Thursday, not "Fri"; write e.g. '
     '"Thu 05 Nov 2026 20:00"'),
    ("31 Nov 2026 20:00", '"31 Nov 2026 20:00": Nov 2026 has no day 31'),
    ("05 Nox 2026 20:00", '"05 Nox 2026 20:00" is not a date and time; write e.g.'),
    ("05 Nov 2026 20:00 Mars/Base",
     '"05 Nov 2026 20:00 Mars/Base": "Mars/Base" is not a time zone I know'),
    ("05 Nov 2026 24:00", '"05 Nov 2026 24:00": "24:00" is not a time of day'),
])
def test_a_misprinted_deadline(text: str, reason: str) -> None:
    # The printed form is parse_when's (newcomer22), read for SET START and SET ABSENCE too.
    with pytest.raises(SettingsError) as raised:
        parse_moment(text, "UTC", NOW)
    assert str(raised.value).startswith(reason)


def test_tomorrow_keeps_the_time_of_day_across_a_clock_change() -> None:
    # New York leaves daylight time on Sunday 1 Nov 2026: 09:00 EDT on Saturday, tomorrow
    # is 09:00 EST, 25 hours on.
    saturday = datetime(2026, 10, 31, 13, 0, 30, tzinfo=UTC)
    assert parse_moment("tomorrow", "America/New_York", saturday) == \
        datetime(2026, 11, 1, 14, 0, tzinfo=UTC)
    assert parse_moment("Tomorrow 20:30", "America/New_York", saturday) == \
        datetime(2026, 11, 2, 1, 30, tzinfo=UTC)


def test_tomorrow_at_a_time_the_clocks_skip() -> None:
    # New York springs forward on Sunday 8 Mar 2026: 02:30 does not exist that night.
    with pytest.raises(SettingsError, match='does not exist in America/New_York'):
        parse_moment("tomorrow 02:30", "America/New_York",
                     datetime(2026, 3, 7, 12, 0, tzinfo=UTC))


@pytest.mark.parametrize("text", ["friday", "+", "+soon", "2d", "tomorrow at 8",
                                  "2026-11-28", "+1d x"])
def test_what_does_not_read_is_quoted_with_the_forms(text: str) -> None:
    with pytest.raises(SettingsError) as raised:
        parse_moment(text, "UTC", NOW)
    assert str(raised.value).startswith(f'"{text}" is not a time I can read; write a date '
                                        'and time, "2026-11-28 20:00" (UTC time), '
                                        '"2026-11-28T20:00+01:00" or "Sat 28 Nov 2026 20:00"')
    assert '"+2d", "+36h" or "+1d12h"; or "tomorrow"' in str(raised.value)


def test_too_far_off() -> None:
    with pytest.raises(SettingsError, match=r'"\+366d" is too far off; the most is 365 days'):
        parse_moment("+366d", "UTC", NOW)
