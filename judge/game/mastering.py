"""What a game master does to a game besides processing turns.

Each step checks everything first and changes the game only once nothing can fail, so a
refused master command leaves the game as it was. `audit` keeps the log of every master
action; the commands call it once their change is made.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.types import Phase
from judge.game.errors import GameError
from judge.game.games import (
    game_variant,
    phase_of,
    player_seat,
    seats_of,
    seats_wanted,
    settings_of,
)
from judge.game.history import parse_phase
from judge.game.lifecycle import (
    add_seat,
    change_password,
    drop_observer_seats,
    is_full,
    power_lookup,
    refuse_master_as_player,
)
from judge.game.master_decisions import kept_decisions
from judge.game.postman import Postman
from judge.game.recipients import recipients, tell
from judge.game.schedule import next_deadline
from judge.game.settings_text import (
    SettingsError,
    parse_days,
    parse_duration,
    parse_time_of_day,
    parse_zone,
)
from judge.game.votes import survivors
from judge.store.models import (
    Account,
    AuditEntry,
    Game,
    GameState,
    Seat,
    SeatRole,
    SeatStatus,
    Turn,
)
from judge.store.repo_games import current_turn


def audit(session: Session, game: Game, actor: Account | None, action: str,
          **detail: Any) -> AuditEntry:
    """One line of the master's audit log; `detail` must be JSON-ready."""
    entry = AuditEntry(game_id=game.id, actor_account_id=actor.id if actor else None,
                       action=action, detail=detail)
    session.add(entry)
    return entry


def read_phase(game: Game, text: str) -> Phase:
    """'S1901M' or 'Spring 1901 Movement', in the game's calendar."""
    return parse_phase(game_variant(game).rules.calendar, text)


def describe_phase(game: Game, phase: str) -> str:
    return game_variant(game).rules.calendar.describe(Phase.parse(phase))


def read_power(game: Game, word: str) -> str:
    """A power of the game's variant by name, adjective or initial (FRANCE, French, F)."""
    power = power_lookup(game_variant(game)).get(word.upper())
    if power is None:
        names = ", ".join(p.name.title() for p in game_variant(game).powers)
        raise GameError(f"{word!r} is not a power of {game.name}; the powers are {names}")
    return power


def need_running(game: Game) -> None:
    if game.state == GameState.FORMING and not is_full(game):
        # START would be refused too: say what the game waits for.
        joined, wanted = len(seats_of(game, SeatRole.PLAYER)), seats_wanted(game)
        raise GameError(f"game {game.name} has not started yet: {joined} of {wanted} "
                        "players have joined, and START needs them all")
    if game.state == GameState.FORMING:
        raise GameError(f"game {game.name} has not started yet; START it first")
    if game.state == GameState.FINISHED:
        raise GameError(f"game {game.name} is over; ROLLBACK first to play on")


def need_open_turn(session: Session, game: Game) -> Turn:
    """The turn now open in a running (active or paused) game."""
    need_running(game)
    turn = current_turn(session, game)
    if turn is None:
        raise GameError(f"game {game.name} has no phase open")
    return turn


def fresh_deadline(game: Game, turn: Turn, now: datetime) -> datetime:
    """The deadline the schedule gives `turn` if it opened `now` (absences respected)."""
    absences = [(datetime.fromisoformat(a), datetime.fromisoformat(b))
                for seat in seats_of(game, SeatRole.PLAYER) for a, b in seat.absences]
    return next_deadline(settings_of(game).schedule, phase_of(turn).kind, now, absences)


def set_deadline(turn: Turn, deadline: datetime) -> None:
    """A new deadline starts the turn's deadline story again: no grace, no notices sent
    (the master's decisions stand: they are about the orders, not the time)."""
    turn.deadline = deadline
    turn.grace_until = None
    turn.notices = kept_decisions(turn)


def notify(session: Session, postman: Postman, game: Game, subject: str,
           body: Callable[[Seat], str], skip: Seat | None = None) -> None:
    """Every seat that gets the game's reports (but `skip`, told otherwise), each in its
    own words (its time zone)."""
    for seat in recipients(game):
        if seat is not skip:
            tell(session, postman, [seat], f"{game.name}: {subject}", body(seat))


def pause(game: Game) -> None:
    if game.state != GameState.ACTIVE:
        raise GameError(f"game {game.name} is {game.state.value}; only an active game "
                        "can be paused")
    game.state = GameState.PAUSED


def resume(game: Game, turn: Turn, now: datetime) -> bool:
    """Active again; True when the deadline had passed and the schedule gave a new one."""
    if game.state != GameState.PAUSED:
        raise GameError(f"game {game.name} is {game.state.value}, not paused; "
                        "there is nothing to resume")
    game.state = GameState.ACTIVE
    if turn.deadline is not None and turn.deadline > now:
        return False
    set_deadline(turn, fresh_deadline(game, turn, now))
    return True


# A power with no player (ejected, resigned) is not waited for and never late, so no NMR
# policy touches it: with no orders, its units hold, it builds nothing, and its removals
# follow the civil disorder rule (judge.game.readiness.late_powers counts players only).
UNPLAYED = "its units hold, it makes no builds, and removals follow the civil disorder rule"


def need_player(game: Game, power: str) -> Seat:
    seat = player_seat(game, power)
    if seat is None:
        raise GameError(f"nobody plays {power.title()} in {game.name} now; REPLACE "
                        f"{power.title()} <address> <password> first")
    return seat


def eject(game: Game, power: str) -> Seat:
    """Take `power` from its player: the seat is abandoned and the power has no player."""
    need_running(game)
    seat = need_player(game, power)
    seat.status = SeatStatus.ABANDONED
    return seat


def replace(session: Session, game: Game, power: str, account: Account,
            password: str) -> Seat:
    """A new seat for `power`; the old one (if any) stays, abandoned, for the history."""
    need_running(game)
    refuse_master_as_player(game, account, f"{account.name} is",
                            f"; give {power.title()} to another registered player")
    for seat in seats_of(game, SeatRole.PLAYER):
        if seat.account_id == account.id and seat.power == power:  # his own: see below
            change_password(seat, password)
            seat.status = SeatStatus.ACTIVE
            return seat
        if seat.account_id == account.id:
            raise GameError(f"{account.name} already plays {str(seat.power).title()} in "
                            f"{game.name}; choose someone else")
    old = player_seat(game, power)
    if old is not None:
        old.status = SeatStatus.ABANDONED
    drop_observer_seats(session, game, account)  # a player never observes his own game
    return add_seat(session, game, account, SeatRole.PLAYER, password, power=power)


def back_from_disorder(seat: Seat, power: str) -> bool:
    """Whether REPLACE gives `power` back to `seat`'s own player, in civil disorder: he was
    told to write to the master to play on (deadline_notices), and nothing else lifts it.
    REPLACE with a power's own active player only gives him a new password (one he lost:
    nothing else resets a seat's password)."""
    return seat.power == power and seat.status == SeatStatus.CIVIL_DISORDER


def end_game(session: Session, game: Game, kind: str, powers: list[str],
             now: datetime) -> dict[str, Any]:
    """Finish the game as the master rules it: 'draw', 'solo' or 'abandoned'."""
    if game.state == GameState.FINISHED:
        raise GameError(f"game {game.name} is already over")
    turn = current_turn(session, game)
    if kind != "abandoned":
        if turn is None:
            raise GameError(f"game {game.name} has not started; only END GAME (abandoned) "
                            "applies to it")
        alive = survivors(session, game)
        gone = [p.title() for p in powers if p not in alive]
        if gone:
            raise GameError(f"{', '.join(gone)} has no units or centres left; name powers "
                            f"still in the game: {', '.join(a.title() for a in alive)}")
        powers = powers or alive
    game.state = GameState.FINISHED
    game.result = {"kind": kind, "winners": powers, "by": "master",
                   "phase": turn.phase if turn else None, "at": now.isoformat()}
    return game.result


def _reminders(text: str) -> tuple[timedelta, ...]:
    if text.lower() == "none":
        return ()
    return tuple(parse_duration(part) for part in text.split(",") if part.strip())


def _length(text: str) -> timedelta:
    span = parse_duration(text)
    if not span:
        raise GameError(f"a phase cannot last {text.strip()}; write e.g. 48h or 2d")
    return span


def _time(text: str) -> time | None:
    return None if text.lower() == "none" else parse_time_of_day(text)


_SCHEDULE_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "movement": ("movement", _length), "moves": ("movement", _length),
    "retreat": ("retreat", _length), "retreats": ("retreat", _length),
    "adjustment": ("adjustment", _length), "adjustments": ("adjustment", _length),
    "builds": ("adjustment", _length), "days": ("days", parse_days),
    "time": ("time_of_day", _time), "zone": ("zone", parse_zone),
    "reminders": ("reminders", _reminders), "reminder": ("reminders", _reminders),
}
SCHEDULE_USAGE = ("SET SCHEDULE movement 48h retreat 1d adjustment 1d days Mon-Fri "
                  "time 20:00 zone Europe/London reminders 24h,2h")


def schedule_changes(words: tuple[str, ...]) -> dict[str, Any]:
    """'movement 48h days mon, wed' -> {'movement': 48h, 'days': {0, 2}}: a value runs
    until the next key, so values may hold spaces."""
    groups: dict[str, list[str]] = {}
    key = None
    for word in words:
        if word.lower() in _SCHEDULE_KEYS:
            key = _SCHEDULE_KEYS[word.lower()][0]
            groups[key] = []
        elif key is None:
            raise GameError(f"{word!r} is not a schedule setting; write e.g. {SCHEDULE_USAGE}")
        else:
            groups[key].append(word)
    parsers = {name: parse for name, parse in _SCHEDULE_KEYS.values()}
    changes = {}
    for name, value in groups.items():
        if not value:
            raise GameError(f"{name.replace('_', ' ')} needs a value; write e.g. "
                            f"{SCHEDULE_USAGE}")
        try:
            changes[name] = parsers[name](" ".join(value))
        except SettingsError as exc:
            raise GameError(str(exc)) from None
    return changes
