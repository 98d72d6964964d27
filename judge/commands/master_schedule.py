"""The game master's clock commands: SET DEADLINE, SET GRACE, SET START, SET SCHEDULE,
PAUSE and RESUME (the other settings are in master_settings.py).

Times are read in the master's own time zone, or counted from now (+2d, tomorrow:
settings_text.parse_moment); players are told of a change that moves their deadline, each
in their own zone. Each command needs SIGNON as master and leaves an audit entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from judge.commands.items import CommandResult, Invocation
from judge.commands.master import at, master_of_unfinished, moved, now_open, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT
from judge.game import mastering
from judge.game.deadline_notices import moved_to
from judge.game.errors import GameError
from judge.game.games import game_variant, settings_of, store_settings
from judge.game.mastering import describe_phase, need_open_turn
from judge.game.schedule import grace_end
from judge.game.settings import Schedule
from judge.game.settings_text import (
    SettingsError,
    describe_duration,
    parse_duration,
    parse_moment,
)
from judge.store.models import Game, GameState, Seat
from judge.store.repo_games import current_turn


@contextmanager
def _readable() -> Iterator[None]:
    """A setting that does not read becomes the command's error (it says what to write)."""
    try:
        yield
    except SettingsError as exc:
        raise GameError(str(exc)) from None


def _moment(text: str, seat: Seat, now: datetime, usage: str) -> datetime:
    if not text.strip():
        raise GameError(f"write {usage} <when>: a date and time, e.g. {usage} 2026-11-28 "
                        f"20:00 ({seat.account.time_zone} time), a time from now, e.g. "
                        f"{usage} +2d or {usage} +36h, or {usage} tomorrow")
    with _readable():
        moment = parse_moment(text, seat.account.time_zone, now)
    if moment <= now:
        raise GameError(f"{at(moment, seat)} has passed; give a time still to come")
    return moment


def _update(game: Game, **schedule: Any) -> Schedule:
    settings = settings_of(game)
    with _readable():
        new = replace(settings.schedule, **schedule)
    store_settings(game, replace(settings, schedule=new))
    return new


def run_set_deadline(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    turn = need_open_turn(jc.session, game)
    when = _moment(invocation.rest, seat, jc.clock.now(), "SET DEADLINE")
    mastering.set_deadline(turn, when)
    record(jc, seat, "set_deadline", phase=turn.phase, deadline=when.isoformat())
    title = describe_phase(game, turn.phase)
    now = jc.clock.now()
    mastering.notify(jc.session, jc.postman, game, "the deadline has moved",
                     lambda s: f"The master of {game.name} moved the deadline of {title} "
                               f"to {moved_to(when, s.account.time_zone, now)}.\n")
    return CommandResult.ok(f"The deadline of {title} is now {at(when, seat)}; everyone was told.")


def run_set_grace(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    if not invocation.rest.strip():  # it answered '"" is not a duration' (polish 25)
        return CommandResult.fail("write SET GRACE <duration>, e.g. SET GRACE 24h (how long "
                                  "late orders are taken after a deadline; 0 for none)")
    with _readable():
        grace = parse_duration(invocation.rest)
    schedule = _update(game, grace=grace)
    record(jc, seat, "set_grace", grace=grace // timedelta(seconds=1))
    lines = [f"Grace is now {describe_duration(grace)} after each deadline."]
    turn = current_turn(jc.session, game)
    if turn is not None and turn.grace_until is not None and turn.deadline is not None:
        end = turn.grace_until = grace_end(schedule, turn.deadline)
        mastering.notify(jc.session, jc.postman, game, "grace has moved",
                         lambda s: f"The master of {game.name} changed the grace period: "
                                   f"late orders for {turn.phase} are taken until "
                                   f"{at(end, s)}.\n")
        lines.append(f"The running grace of {turn.phase} now ends {at(end, seat)}; "
                     "everyone was told.")
    return CommandResult.ok(*lines)


def run_set_start(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    if game.state != GameState.FORMING:
        raise GameError(f"game {game.name} has started already; SET START is for a "
                        "forming game (SET DEADLINE moves the current deadline)")
    none = invocation.rest.strip().lower() == "none"
    when = None if none else _moment(invocation.rest, seat, jc.clock.now(), "SET START")
    _update(game, start=when)
    record(jc, seat, "set_start", start=when.isoformat() if when else None)
    if when is None:
        return CommandResult.ok(f"{game.name} has no start time: it starts once full (START "
                                "starts a full game now).")
    return CommandResult.ok(f"{game.name} starts at {at(when, seat)}, or once full if that is "
                            "later.")


def run_set_schedule(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    if not invocation.args:
        return CommandResult.fail(f"write SET SCHEDULE followed by what changes, e.g. "
                                  f"{mastering.SCHEDULE_USAGE}")
    schedule = _update(game, **mastering.schedule_changes(_counted_days(invocation.args)))
    record(jc, seat, "set_schedule", schedule=settings_of(game).to_json()["schedule"])
    return CommandResult.ok(*schedule_lines(schedule, game),
                            "Deadlines from the next phase on follow it; SET DEADLINE moves "
                            "the current one.")


def _counted_days(words: tuple[str, ...]) -> tuple[str, ...]:
    """'movement 2 days' as a length: 'days' after a number is its unit, not the `days`
    key (polish 25: the newcomer was told 'days needs a value')."""
    out: list[str] = []
    for word in words:
        if word.lower() in ("day", "days") and out and out[-1].isdigit():
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return tuple(out)


def run_pause(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    turn = need_open_turn(jc.session, game)
    mastering.pause(game)
    record(jc, seat, "pause", phase=turn.phase)
    mastering.notify(jc.session, jc.postman, game, "paused",
                     lambda s: f"The master has paused {game.name}: no deadline passes "
                               "and nothing is processed until it resumes.\n")
    return CommandResult.ok(f"{game.name} is paused; everyone was told. RESUME starts it again.")


def run_resume(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    turn = need_open_turn(jc.session, game)
    renewed = mastering.resume(game, turn, jc.clock.now())
    record(jc, seat, "resume", phase=turn.phase, new_deadline=renewed)
    what = "a new deadline" if renewed else "its deadline"
    mastering.notify(jc.session, jc.postman, game, "resumed",
                     lambda s: f"The master has resumed {game.name}. {turn.phase} has "
                               f"{what}: {moved(turn.deadline, s, jc.clock.now())}.\n")
    return CommandResult.ok(f"{game.name} is running again with {what}; everyone was told.",
                            now_open(jc, seat))


def schedule_lines(schedule: Schedule, game: Game) -> list[str]:
    days = "every day" if len(schedule.days) == 7 else ", ".join(
        ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[d] for d in sorted(schedule.days))
    tod = schedule.time_of_day.strftime("%H:%M") if schedule.time_of_day else "any time"
    reminders = ", ".join(describe_duration(r) for r in schedule.reminders) or "none"
    lengths = [f"{name} {describe_duration(getattr(schedule, field))}"
               for field, name in _waiting(game)]
    joined = ", ".join(lengths)
    return [f"{joined[:1].upper()}{joined[1:]}; grace {describe_duration(schedule.grace)}.",
            f"Deadlines fall on: {days}, at {tod} ({schedule.zone}).",
            f"Reminders before the deadline: {reminders}."]


def _waiting(game: Game) -> list[tuple[str, str]]:
    """The schedule's phase lengths (field, name) a phase of this game waits for: not
    those of phases played without orders (Algernon's retreats and Winter, I.B and I.C:
    polish 25)."""
    variant = game_variant(game)
    rules = variant.rules
    return [(field, name) for kind, field, name in (
        (MOVEMENT, "movement", "movement"), (RETREAT, "retreat", "retreats"),
        (ADJUSTMENT, "adjustment", "adjustments"))
        if kind not in rules.handlers
        or not rules.handlers[kind].runs_without_orders(rules, variant.start)]


def register(registry: CommandRegistry) -> None:
    for name, usage, run, text in (
        ("SET DEADLINE", "SET DEADLINE <date> <time> | +<duration> | tomorrow",
         run_set_deadline, "move the current deadline: a time in your time zone, a time "
         "from now (+2d, +36h, +1d12h), or tomorrow (master)"),
        ("SET GRACE", "SET GRACE <duration>", run_set_grace,
         "how long late orders are taken after a deadline, e.g. 24h (master)"),
        ("SET START", "SET START <date> <time> | +<duration> | tomorrow | none",
         run_set_start,
         "when a forming game starts (master)"),
        ("SET SCHEDULE", "SET SCHEDULE <key> <value> ...", run_set_schedule,
         "phase lengths (movement, retreat, adjustment), days, time, zone, reminders "
         "(master)"),
        ("PAUSE", "", run_pause, "stop the game's clock until RESUME (master)"),
        ("RESUME", "", run_resume, "run a paused game again (master)"),
    ):
        registry.register(Command(name=name, usage=usage, run=run, help=text))
