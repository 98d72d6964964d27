"""SET ABSENCE: the times a player will be away, when no deadline may fall (at most five,
each at most 14 days, in the player's time zone); a deadline already inside one moves.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from judge.commands.context import JudgeContext, judge_context, need_seat
from judge.commands.game_over import refuse_if_over
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game.clock import format_deadline
from judge.game.deadline_notices import moved_to
from judge.game.errors import GameError
from judge.game.games import game_variant, phase_of, primary_address, settings_of
from judge.game.recipients import recipients
from judge.game.schedule import next_deadline, phase_length
from judge.game.settings_text import SettingsError, parse_when
from judge.store.models import Game, SeatRole
from judge.store.repo_games import current_turn

MAX_ABSENCE = timedelta(days=14)
MAX_ABSENCES = 5


def run_absence(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    refuse_if_over(seat.game, seat)
    if seat.role != SeatRole.PLAYER:
        raise GameError("absences are for players of a game not yet over; sign on with "
                        "your power's letter, e.g. SIGNON Falpha secret")
    now = jc.clock.now()
    kept = [pair for pair in seat.absences if datetime.fromisoformat(pair[1]) > now]
    if not invocation.args:
        return CommandResult.ok(*_list_absences(kept, jc.zone))
    if invocation.rest.strip().upper() == "CLEAR":
        seat.absences = []
        return CommandResult.ok("Your absences are cleared.")
    zone = _reading_zone(seat.game, jc.zone)
    start, end = _absence_period(invocation.rest, zone, now)
    if len(kept) >= MAX_ABSENCES:
        raise GameError(f"you have {MAX_ABSENCES} absences already; SET ABSENCE CLEAR, "
                        "then set the ones you need")
    seat.absences = [*kept, [start.isoformat(), end.isoformat()]]
    read_as = [] if zone == jc.zone else [
        "Its dates and times are read in UTC, not your time zone: this game keeps who "
        "plays secret, and the deadline it moves (which everyone is told) would tell yours."]
    return CommandResult.ok(f"Absence recorded: from {format_deadline(start, jc.zone)} to "
                            f"{format_deadline(end, jc.zone)}. No deadline falls inside it.",
                            *read_as, *_move_deadline(jc, seat.game, start, end))


def _reading_zone(game: Game, zone: str) -> str:
    """The writer's zone, or UTC where the game keeps who plays secret (rn45 F2): the same
    line from players in two zones would move the deadline everyone is told differently
    (tests/secrecy/test_advsec9_survival_accounts.py)."""
    return "UTC" if game_variant(game).names_hidden else zone


def _list_absences(kept: list[list[str]], zone: str) -> list[str]:
    if not kept:
        return ["You have no absences set. Add one with e.g. SET ABSENCE 2026-12-24 "
                "2026-12-27."]
    return ["Your absences:", *(
        f"  {format_deadline(datetime.fromisoformat(a), zone)} to "
        f"{format_deadline(datetime.fromisoformat(b), zone)}" for a, b in kept)]


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_ABSENCE_EXAMPLE = ("write SET ABSENCE <from> <to>, e.g. SET ABSENCE 2026-12-24 2026-12-27 "
                    "(whole days) or SET ABSENCE 2026-12-24 18:00 2026-12-27 09:00")


def _absence_period(text: str, zone: str, now: datetime) -> tuple[datetime, datetime]:
    start, end = _parse_period(text, zone)
    if end <= start:
        raise GameError("an absence must end after it starts; " + _ABSENCE_EXAMPLE)
    if start < now - timedelta(minutes=5):  # a few minutes' slack for "from now"
        raise GameError(f"{format_deadline(start, zone)} has passed; an absence must start "
                        "now or later")
    if end - start > MAX_ABSENCE:
        raise GameError("an absence may last 14 days at most; for longer, ask the master "
                        "to PAUSE the game or find a stand-in")
    return start, end


def _parse_period(text: str, zone: str) -> tuple[datetime, datetime]:
    """'D D' (whole days, the last one included), 'D T D T', ISO 'DTT DTT', or 'X to Y'."""
    words = [w for w in text.split() if w.lower() not in ("from", "to", "until")]
    if len(words) == 4:
        words = [f"{words[0]} {words[1]}", f"{words[2]} {words[3]}"]
    if len(words) != 2:
        raise GameError(_ABSENCE_EXAMPLE)
    try:
        return _moment(words[0], zone, 0), _moment(words[1], zone, 1)
    except SettingsError as error:
        raise GameError(f"{error}; {_ABSENCE_EXAMPLE}") from None


def _moment(word: str, zone: str, days_after: int) -> datetime:
    """A bare date starts that day (from) or ends it (to: midnight after)."""
    if _DATE.fullmatch(word):
        try:
            day = datetime.fromisoformat(word) + timedelta(days=days_after)
        except ValueError:
            raise SettingsError(f'"{word}" is not a date') from None
        word = f"{day:%Y-%m-%d} 00:00"
    return parse_when(word, zone)


def _move_deadline(jc: JudgeContext, game: Game, start: datetime, end: datetime) -> list[str]:
    """A deadline now inside an absence moves past it (before grace starts only)."""
    turn = current_turn(jc.session, game)
    if turn is None or turn.deadline is None or turn.grace_until is not None \
            or not start <= turn.deadline <= end:
        return []
    schedule = settings_of(game).schedule
    kind = phase_of(turn).kind
    periods = [(datetime.fromisoformat(a), datetime.fromisoformat(b))
               for s in game.seats if s.role == SeatRole.PLAYER for a, b in s.absences]
    # Reopened at its old deadline less a phase: the same rules, now past every absence.
    turn.deadline = next_deadline(schedule, kind, turn.deadline - phase_length(schedule, kind),
                                  periods)
    for other in recipients(game):
        when = moved_to(turn.deadline, other.account.time_zone, jc.clock.now())
        jc.postman.send(jc.session, to=[primary_address(other.account)],
                        subject=f"{game.name}: the deadline has moved",
                        body=f"A player of {game.name} will be away, so the deadline of "
                             f"{turn.phase} moves to {when}.\n", seat=other)
    return [f"The deadline of {turn.phase} fell inside it and moves to "
            f"{format_deadline(turn.deadline, jc.zone)}; everyone in the game is told "
            "(not who is away)."]


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="SET ABSENCE", usage="SET ABSENCE [from to | CLEAR]", run=run_absence,
        help="no deadline while you are away (at most 14 days; your time zone); "
             "alone, lists your absences"))
