"""Game settings: defaults, JSON round trips, the checks on stored values (the master's
parsers: test_settings_parsers.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from judge.game.settings import (
    DrawSettings,
    GameSettings,
    NmrPolicy,
    PressMode,
    PressSettings,
    Schedule,
)
from judge.game.settings_text import SettingsError

H = timedelta(hours=1)

DEFAULT_JSON: dict[str, Any] = {
    "schedule": {
        "movement": 259200,  # 72 h
        "retreat": 86400,
        "adjustment": 86400,
        "grace": 86400,
        "days": [0, 1, 2, 3, 4, 5, 6],
        "time_of_day": None,
        "zone": "UTC",
        "reminders": [86400],
        "nmr": "hold",
        "outage_margin": 43200,  # 12 h
        "start": None,
        "late_public": True,
    },
    "press": {"mode": "white", "observers_see_broadcasts": True, "commentator": "",
              "commentator_account": 0},
    "draw": {"dias": True},
}

CUSTOM = GameSettings(
    Schedule(
        movement=48 * H,
        retreat=12 * H,
        adjustment=timedelta(minutes=90),
        grace=timedelta(0),
        days=frozenset({0, 2, 4}),
        time_of_day=time(20, 0),
        zone="Europe/London",
        reminders=(24 * H, H),
        nmr=NmrPolicy.CIVIL_DISORDER,
        outage_margin=6 * H,
        start=datetime(2026, 11, 28, 20, 0, tzinfo=UTC),
    ),
    PressSettings(PressMode.GREY, observers_see_broadcasts=False, commentator="Zine",
                  commentator_account=7),
    DrawSettings(dias=False),
)


# --- defaults and enums ---------------------------------------------------------------------


def test_defaults() -> None:
    s = Schedule()
    assert (s.movement, s.retreat, s.adjustment, s.grace) == (72 * H, 24 * H, 24 * H, 24 * H)
    assert s.days == frozenset(range(7))
    assert (s.time_of_day, s.zone, s.reminders, s.start) == (None, "UTC", (24 * H,), None)
    assert (s.nmr, s.outage_margin) == (NmrPolicy.HOLD, 12 * H)
    assert GameSettings().press == PressSettings(PressMode.WHITE, True)
    assert GameSettings().draw.dias is True


def test_enum_codes_are_the_stored_strings() -> None:
    assert [p.value for p in NmrPolicy] == ["hold", "disorder", "wait"]
    assert [m.value for m in PressMode] == ["none", "white", "grey", "partial"]


# --- JSON -------------------------------------------------------------------------------------


def test_default_json_is_exactly_this() -> None:
    assert GameSettings().to_json() == DEFAULT_JSON


def test_custom_json_spells_each_value() -> None:
    schedule = CUSTOM.to_json()["schedule"]
    assert schedule["adjustment"] == 5400
    assert schedule["grace"] == 0
    assert schedule["days"] == [0, 2, 4]
    assert schedule["time_of_day"] == "20:00"
    assert schedule["reminders"] == [86400, 3600]
    assert schedule["nmr"] == "disorder"
    assert schedule["start"] == "2026-11-28T20:00:00+00:00"
    assert CUSTOM.to_json()["press"] == {"mode": "grey", "observers_see_broadcasts": False,
                                         "commentator": "Zine", "commentator_account": 7}


@pytest.mark.parametrize("settings", [GameSettings(), CUSTOM], ids=["default", "custom"])
def test_json_round_trip_through_text(settings: GameSettings) -> None:
    text = json.dumps(settings.to_json())
    back = GameSettings.from_json(json.loads(text))
    assert back == settings
    assert back.to_json() == settings.to_json()


def test_missing_keys_take_defaults() -> None:
    assert GameSettings.from_json({}) == GameSettings()
    partial = GameSettings.from_json({"schedule": {"movement": 3600}, "draw": {}})
    assert partial.schedule == Schedule(movement=H)
    assert partial.press == PressSettings()


def test_start_is_kept_in_utc() -> None:
    paris = datetime(2026, 11, 28, 21, 0, tzinfo=ZoneInfo("Europe/Paris"))  # CET, UTC+1
    start = Schedule(start=paris).start
    assert start == datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
    assert start is not None and start.tzinfo is UTC
    stored = {"schedule": {"start": "2026-11-28T21:00:00+01:00"}}
    assert GameSettings.from_json(stored).to_json()["schedule"]["start"] == (
        "2026-11-28T20:00:00+00:00")


def test_offset_zone_start_round_trips() -> None:
    # A fixed-offset start (as fromisoformat gives) is the same instant once stored.
    fixed = datetime(2026, 11, 28, 21, 0, tzinfo=timezone(H))
    settings = GameSettings(Schedule(start=fixed))
    assert GameSettings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize(("data", "fragment"), [
    ([], "settings must be a JSON object"),
    ({"schedual": {}}, "unknown settings setting(s): schedual"),
    ({"schedule": {"movment": 60}}, "unknown schedule setting(s): movment"),
    ({"schedule": []}, "schedule must be a JSON object"),
    ({"schedule": {"movement": "72h"}}, "schedule.movement must be whole seconds, not '72h'"),
    ({"schedule": {"movement": True}}, "schedule.movement must be whole seconds, not True"),
    ({"schedule": {"grace": 1.5}}, "schedule.grace must be whole seconds, not 1.5"),
    ({"schedule": {"movement": 0}}, "movement must be whole seconds from one second"),
    ({"schedule": {"grace": -60}}, "grace must be whole seconds from zero"),
    ({"schedule": {"retreat": 10**20}}, "schedule.retreat must be whole seconds"),
    ({"schedule": {"adjustment": 366 * 86400}}, "to 365 days"),
    ({"schedule": {"days": [7]}}, "days must name at least one weekday"),
    ({"schedule": {"days": []}}, "days must name at least one weekday"),
    ({"schedule": {"days": "Mon-Fri"}}, "schedule.days must be a list of weekday numbers"),
    ({"schedule": {"time_of_day": "25:00"}}, "schedule.time_of_day must be \"HH:MM\" or null"),
    ({"schedule": {"zone": "Mars/Olympus"}}, '"Mars/Olympus" is not a time zone'),
    ({"schedule": {"zone": None}}, "schedule.zone must be an IANA zone name, not None"),
    ({"schedule": {"reminders": [0]}}, "reminder 1 must be whole seconds from one second"),
    ({"schedule": {"reminders": 3600}}, "schedule.reminders must be a list of whole seconds"),
    ({"schedule": {"nmr": "sulk"}}, "schedule.nmr must be \"hold\", \"disorder\" or \"wait\""),
    ({"schedule": {"start": "someday"}}, "schedule.start must be ISO 8601 with an offset"),
    ({"schedule": {"start": "2026-11-28T20:00"}}, "schedule: the start time must carry"),
    ({"press": {"mode": "loud"}}, "press.mode must be \"none\", \"white\""),
    ({"press": {"observers_see_broadcasts": "yes"}}, "must be true or false, not 'yes'"),
    ({"press": {"commentator": None}}, 'must be an account name or "", not None'),
    ({"draw": {"dias": 1}}, "draw.dias must be true or false, not 1"),
])
def test_bad_stored_values_are_named(data: Any, fragment: str) -> None:
    with pytest.raises(SettingsError) as caught:
        GameSettings.from_json(data)
    assert fragment in str(caught.value)


def test_settings_error_is_a_value_error() -> None:
    assert issubclass(SettingsError, ValueError)


@pytest.mark.parametrize(("given", "fragment"), [
    ({"movement": timedelta(0)}, "movement must be whole seconds from one second"),
    ({"retreat": timedelta(seconds=1.5)}, "retreat must be whole seconds"),
    ({"grace": -H}, "grace must be whole seconds from zero"),
    ({"reminders": (H, -H)}, "reminder 2"),
    ({"days": frozenset()}, "at least one weekday"),
    ({"time_of_day": time(20, 0, 30)}, "plain hour and minute"),
    ({"time_of_day": time(20, 0, tzinfo=UTC)}, "plain hour and minute"),
    ({"zone": "Europe"}, '"Europe" is not a time zone'),
    ({"start": datetime(2026, 11, 28, 20, 0)}, "UTC offset"),
])
def test_schedule_checks_itself(given: dict[str, Any], fragment: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Schedule(**given)
    assert fragment in str(caught.value)


def test_zero_grace_is_allowed() -> None:
    assert Schedule(grace=timedelta(0)).grace == timedelta(0)
