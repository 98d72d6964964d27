"""The parsers that read what a game master types: durations, days, times, zones, moments;
each error quotes the text and shows what would have worked."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest

from judge.game.settings_text import (
    SettingsError,
    describe_duration,
    parse_days,
    parse_duration,
    parse_time_of_day,
    parse_when,
    parse_zone,
)

H = timedelta(hours=1)


def _rejects(parse: Any, text: str, *args: Any) -> str:
    """The error message, after checking it quotes the text and offers an example."""
    with pytest.raises(SettingsError) as caught:
        parse(text, *args)
    message = str(caught.value)
    assert f'"{text.strip()}"' in message
    assert "e.g." in message
    return message


@pytest.mark.parametrize(("text", "expected"), [
    ("72h", 72 * H),
    ("3d", 72 * H),
    ("90m", timedelta(minutes=90)),
    ("1d12h", 36 * H),
    ("1d 12h", 36 * H),
    ("36", 36 * H),  # a bare number is hours
    (" 2 days 30 mins ", timedelta(days=2, minutes=30)),
    ("72H", 72 * H),
    ("0h", timedelta(0)),
    ("365d", timedelta(days=365)),
])
def test_parse_duration(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "h", "3x", "-3h", "1.5h", "72 hours please", "d3",
                                  "1234567890h", "3 d d"])
def test_parse_duration_errors(text: str) -> None:
    assert "not a duration" in _rejects(parse_duration, text)


def test_parse_duration_too_long() -> None:
    assert "too long" in _rejects(parse_duration, "366d")
    assert "too long" in _rejects(parse_duration, "999999999")


@pytest.mark.parametrize(("text", "expected"), [
    ("Mon-Fri", {0, 1, 2, 3, 4}),
    ("mon,wed,fri", {0, 2, 4}),
    ("mon, wed ,fri", {0, 2, 4}),
    ("Monday Tuesday", {0, 1}),
    ("tues-thurs", {1, 2, 3}),
    ("Fri-Mon", {4, 5, 6, 0}),  # a range wraps round the week's end
    ("Mon - Wed, Sat", {0, 1, 2, 5}),
    ("all", set(range(7))),
    ("weekends", {5, 6}),
    ("Weekdays", {0, 1, 2, 3, 4}),
    ("sun-sun", {6}),
])
def test_parse_days(text: str, expected: set[int]) -> None:
    assert parse_days(text) == frozenset(expected)


@pytest.mark.parametrize("text", ["", "Funday", "mo", "mon-", "mon--fri", "mon,xyz", "1-5"])
def test_parse_days_errors(text: str) -> None:
    assert "not a list of days" in _rejects(parse_days, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("20:00", time(20, 0)), ("7:05", time(7, 5)), (" 00:00 ", time(0, 0)), ("23:59", time(23, 59)),
])
def test_parse_time_of_day(text: str, expected: time) -> None:
    assert parse_time_of_day(text) == expected


@pytest.mark.parametrize("text", ["24:00", "20:60", "20.00", "8pm", "20", "", "20:00:00"])
def test_parse_time_of_day_errors(text: str) -> None:
    assert "not a time of day" in _rejects(parse_time_of_day, text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Europe/London", "Europe/London"),
    (" europe/london ", "Europe/London"),  # case mended to the IANA spelling
    ("UTC", "UTC"),
    ("America/New_York", "America/New_York"),
])
def test_parse_zone(text: str, expected: str) -> None:
    assert parse_zone(text) == expected


@pytest.mark.parametrize("text", ["Mars/Olympus", "Europe", "../etc/passwd", "", "London"])
def test_parse_zone_errors(text: str) -> None:
    assert "not a time zone" in _rejects(parse_zone, text)


@pytest.mark.parametrize(("text", "zone", "expected"), [
    # London keeps GMT (UTC+0) in November and BST (UTC+1) in July.
    ("2026-11-28 20:00", "Europe/London", datetime(2026, 11, 28, 20, 0, tzinfo=UTC)),
    ("2026-07-01 20:00", "Europe/London", datetime(2026, 7, 1, 19, 0, tzinfo=UTC)),
    # New York in November is EST, UTC-5.
    ("2026-11-28 20:00", "America/New_York", datetime(2026, 11, 29, 1, 0, tzinfo=UTC)),
    # An explicit offset wins over the zone.
    ("2026-11-28T20:00+01:00", "America/New_York", datetime(2026, 11, 28, 19, 0, tzinfo=UTC)),
    ("2026-11-28T20:00Z", "Europe/London", datetime(2026, 11, 28, 20, 0, tzinfo=UTC)),
])
def test_parse_when(text: str, zone: str, expected: datetime) -> None:
    moment = parse_when(text, zone)
    assert moment == expected
    assert moment.tzinfo is UTC


@pytest.mark.parametrize("text", ["tomorrow", "2026-11-28", "2026-02-30 20:00", "28/11/2026 20:00",
                                  ""])
def test_parse_when_errors(text: str) -> None:
    assert "not a date and time" in _rejects(parse_when, text, "Europe/London")


def test_parse_when_refuses_a_time_the_clocks_skip() -> None:
    # London springs from 01:00 GMT to 02:00 BST on Sunday 29 March 2026: 01:30 never happens.
    message = _rejects(parse_when, "2026-03-29 01:30", "Europe/London")
    assert "does not exist in Europe/London" in message
    assert parse_when("2026-03-29 02:30", "Europe/London") == datetime(2026, 3, 29, 1, 30,
                                                                        tzinfo=UTC)


def test_parse_when_with_a_bad_zone() -> None:
    with pytest.raises(SettingsError, match='"Mars/Olympus" is not a time zone'):
        parse_when("2026-11-28 20:00", "Mars/Olympus")


@pytest.mark.parametrize(("span", "expected"), [
    (72 * H, "3 days"),
    (24 * H, "1 day"),
    (36 * H, "36 hours"),
    (H, "1 hour"),
    (timedelta(minutes=90), "90 minutes"),
    (timedelta(minutes=1), "1 minute"),
    (timedelta(seconds=45), "45 seconds"),
    (timedelta(0), "0 minutes"),
    (-72 * H, "-3 days"),
])
def test_describe_duration(span: timedelta, expected: str) -> None:
    assert describe_duration(span) == expected


@pytest.mark.parametrize("span", [72 * H, 24 * H, 36 * H, timedelta(minutes=90),
                                  timedelta(minutes=1)])
def test_a_described_duration_parses_back(span: timedelta) -> None:
    assert parse_duration(describe_duration(span)) == span


@pytest.mark.parametrize(("text", "zone", "expected"), [
    # As the judge writes a deadline (clock.format_deadline), pasted back by a master.
    ("Thu 05 Nov 2026 09:00 UTC", "Europe/Paris", datetime(2026, 11, 5, 9, 0, tzinfo=UTC)),
    ("Sat 28 Nov 2026 20:00", "America/New_York", datetime(2026, 11, 29, 1, 0, tzinfo=UTC)),
    ("28 november 2026 20:00 europe/london", "UTC", datetime(2026, 11, 28, 20, 0, tzinfo=UTC)),
    ("Wed, 1 Jul 2026 20:00", "Europe/London", datetime(2026, 7, 1, 19, 0, tzinfo=UTC)),
])
def test_parse_when_as_the_judge_writes_it(text: str, zone: str, expected: datetime) -> None:
    assert parse_when(text, zone) == expected


@pytest.mark.parametrize(("text", "reason"), [
    ("Fri 28 Nov 2026 20:00", '28 November 2026 is a Saturday, not "Fri"'),
    ("30 Feb 2026 20:00", "Feb 2026 has no day 30"),
    ("28 Nov 2026 25:00", "not a time of day"),
    ("28 Nov 2026 20:00 Mars/Olympus", "not a time zone"),
    ("28 Nix 2026 20:00", "not a date and time"),
])
def test_parse_when_as_written_errors(text: str, reason: str) -> None:
    assert reason in _rejects(parse_when, text, "Europe/London")
