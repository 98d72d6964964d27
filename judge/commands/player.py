"""A player's standing wishes: SET WAIT/NOWAIT, draw and concession votes, SET ABSENCE.

Votes are secret: the reply says the vote is recorded, and everyone hears only the
outcome when a vote passes (judge.game.votes).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from judge.commands.context import JudgeContext, acting_power, judge_context, need_seat
from judge.commands.items import CommandResult, Invocation
from judge.commands.orders import report_status
from judge.commands.registry import Command, Context, Registry
from judge.game import votes
from judge.game.announce import recipients
from judge.game.clock import format_deadline
from judge.game.errors import GameError
from judge.game.games import (
    current_turn,
    game_variant,
    lock_game,
    phase_of,
    player_seat,
    primary_address,
    settings_of,
)
from judge.game.lifecycle import parse_preferences, power_lookup
from judge.game.notices import moved_to
from judge.game.schedule import next_deadline, phase_length
from judge.game.settings_text import SettingsError, parse_when
from judge.store.models import Game, GameState, Seat, SeatRole, VoteKind
from judge.variant import power_name

MAX_ABSENCE = timedelta(days=14)
MAX_ABSENCES = 5
RUNNING = (GameState.ACTIVE, GameState.PAUSED)


def _running_seat(jc: JudgeContext) -> tuple[Game, Seat]:
    """The game and the seat of the power this message acts for, in a running game."""
    game = need_seat(jc).game
    power = acting_power(jc)
    if game.state not in RUNNING:
        raise GameError(f"game {game.name} is {game.state.value}; this works only while "
                        "it is being played")
    seat = player_seat(game, power)
    if seat is None:
        raise GameError(f"{power_name(power)} has no player at the moment")
    return game, seat


def run_wait(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _running_seat(jc)
    seat.waiting = True
    turn = current_turn(jc.session, game)
    when = f" ({format_deadline(turn.deadline, jc.zone)})" if turn and turn.deadline else ""
    return CommandResult.ok(f"This turn will not be processed before its deadline{when}, even "
                            "if every order is in. It applies to this turn only; SET NOWAIT "
                            "lifts it.")


def run_nowait(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    seat.waiting = False
    # The turn may now be ready: the order status note processes it if so.
    if report_status not in jc.after:
        jc.after.append(report_status)
    return CommandResult.ok("This turn may be processed as soon as every power's orders are in.")


def run_draw(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _voting_seat(jc)
    powers = _draw_powers(jc, game, invocation.rest)
    votes.cast(jc.session, jc.clock, seat, VoteKind.DRAW, powers)
    named = f" ({', '.join(map(power_name, powers))})" if powers else ""
    return CommandResult.ok(f"Your draw vote{named} is recorded. Votes are secret; everyone "
                            "hears when a draw passes.", *_settle(jc, game))


def _voting_seat(jc: JudgeContext) -> tuple[Game, Seat]:
    game, seat = _running_seat(jc)
    game = lock_game(jc.session, game)  # two last votes at once must not both miss
    power = power_name(seat.power or "?")
    if seat.power not in votes.survivors(jc.session, game):
        raise GameError(f"{power} is out of the game; only surviving powers vote")
    if seat.power not in votes.voters(jc.session, game):
        raise GameError(f"{power} is in civil disorder and does not vote")
    return game, seat


def _draw_powers(jc: JudgeContext, game: Game, text: str) -> list[str]:
    if not text.strip():
        return []
    if settings_of(game).draw.dias:
        raise GameError(f"in {game.name} a draw includes every surviving power (DIAS), so "
                        "a vote cannot name powers; write SET DRAW alone")
    powers = parse_preferences(game_variant(game), text)
    _played_only(jc, game, powers, "share a draw")
    alive = votes.survivors(jc.session, game)
    gone = [p for p in powers if p not in alive]
    if gone:
        raise GameError(f"{', '.join(map(power_name, gone))} cannot share a draw: "
                        "only surviving powers can")
    if len(powers) < 2:
        raise GameError("a draw needs two or more powers, e.g. SET DRAW France Germany; "
                        "to give one power the game, SET CONCEDE it")
    return powers if set(powers) != set(alive) else []


def run_nodraw(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    had = votes.withdraw(jc.session, seat, VoteKind.DRAW)
    return CommandResult.ok("Your draw vote is withdrawn." if had else "You had no draw vote.")


def run_concede(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _voting_seat(jc)
    winner = _conceded_to(jc, game, seat, invocation.rest)
    votes.cast(jc.session, jc.clock, seat, VoteKind.CONCEDE, [winner])
    return CommandResult.ok(f"Your concession to {power_name(winner)} is recorded. Votes are "
                            "secret; everyone hears if every other player concedes too.",
                            *_settle(jc, game))


def _conceded_to(jc: JudgeContext, game: Game, seat: Seat, text: str) -> str:
    if text.strip():
        winner = power_lookup(game_variant(game)).get(text.strip().upper())
        if winner is not None:
            _played_only(jc, game, [winner], "be conceded to", text.strip())
        if winner is None or winner not in votes.survivors(jc.session, game):
            raise GameError(f"{text.strip()!r} is not a surviving power of {game.name}; "
                            "write e.g. SET CONCEDE France")
    else:
        if votes.hides_centres(jc.session, game, seat):
            # Naming the leader would tell who leads (Stab Envoy 12e hides the counts).
            raise GameError(f"{game.name} hides the other powers' centres; name the power "
                            "you concede to, e.g. SET CONCEDE France")
        found = votes.leader(jc.session, game)
        if found is None:
            raise GameError("no single power leads in supply centres; name the one you "
                            "concede to, e.g. SET CONCEDE France")
        winner = found
    if winner == seat.power:
        raise GameError("you cannot concede to yourself; SET DRAW proposes a draw instead")
    return winner


def _played_only(jc: JudgeContext, game: Game, powers: list[str], what: str,
                 written: str | None = None) -> None:
    """Refuse powers nobody plays in this game (the state's `players`: a variant's neutral
    countries), whose draws and concessions are the players' (judge.game.votes)."""
    played = votes.played(jc.session, game)
    outside = [p for p in powers if played is not None and p not in played]
    if not played or not outside:
        return
    names = [repr(written)] if written else [repr(power_name(p)) for p in outside]
    verb = "is" if len(names) == 1 else "are"
    raise GameError(f"{' and '.join(names)} {verb} not played in {game.name}: only the "
                    f"powers played ({', '.join(map(power_name, played))}) can {what}")


def run_noconcede(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    had = votes.withdraw(jc.session, seat, VoteKind.CONCEDE)
    return CommandResult.ok("Your concession is withdrawn." if had else "You had not conceded.")


def _settle(jc: JudgeContext, game: Game) -> list[str]:
    outcome = votes.settle(jc.session, game, jc.clock, jc.postman)
    return [f"The vote has passed. The game is over: {outcome}"] if outcome else []


def run_absence(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    if seat.role != SeatRole.PLAYER or seat.game.state == GameState.FINISHED:
        raise GameError("absences are for players of a game not yet over; sign on with "
                        "your power's letter, e.g. SIGNON Falpha secret")
    now = jc.clock.now()
    kept = [pair for pair in seat.absences if datetime.fromisoformat(pair[1]) > now]
    if not invocation.args:
        return CommandResult.ok(*_list_absences(kept, jc.zone))
    if invocation.rest.strip().upper() == "CLEAR":
        seat.absences = []
        return CommandResult.ok("Your absences are cleared.")
    start, end = _absence_period(invocation.rest, jc.zone, now)
    if len(kept) >= MAX_ABSENCES:
        raise GameError(f"you have {MAX_ABSENCES} absences already; SET ABSENCE CLEAR, "
                        "then set the ones you need")
    seat.absences = [*kept, [start.isoformat(), end.isoformat()]]
    return CommandResult.ok(f"Absence recorded: from {format_deadline(start, jc.zone)} to "
                            f"{format_deadline(end, jc.zone)}. No deadline falls inside it.",
                            *_move_deadline(jc, seat.game, start, end))


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


def register(registry: Registry) -> None:
    for name, run, help_text in (
        ("SET WAIT", run_wait, "hold this turn until its deadline even if all orders are in"),
        ("SET NOWAIT", run_nowait, "let this turn process as soon as all orders are in"),
        ("SET NODRAW", run_nodraw, "withdraw your draw vote"),
        ("SET NOCONCEDE", run_noconcede, "withdraw your concession"),
    ):
        registry.register(Command(name=name, run=run, help=help_text))
    registry.register(Command(
        name="SET DRAW", usage="SET DRAW [powers]", run=run_draw,
        help="vote for a draw (secret); name its powers only where the game is not DIAS"))
    registry.register(Command(
        name="SET CONCEDE", usage="SET CONCEDE [power]", run=run_concede,
        help="concede the game to a power (the leader if none named); it wins when "
             "every other player concedes"))
    registry.register(Command(
        name="SET ABSENCE", usage="SET ABSENCE [from to | CLEAR]", run=run_absence,
        help="no deadline while you are away (at most 14 days; your time zone); "
             "alone, lists your absences"))
