"""The deadline rules: what a game's clock asks for now, and when it next will.

Deadlines, grace and what was already said live in the database (Turn.deadline,
Turn.grace_until, Turn.notices); `due_work` compares them with the clock and does what is
due: process a ready turn early, remind late powers, start grace at the deadline, apply
the NMR policy at its end, extend after an outage, start a forming game at its start time.
Whatever it did is remembered in the turn, so a second sweep finds nothing more to do.
`next_moment` is the next time any of these rules will have work (judge/turns/scheduler.py).

Turn.notices keys: "reminders" (indexes into Schedule.reminders already handled), "late"
(the late notice went out), "late_powers" (who was late then), "held" (the turn waits for
the master), "outage" (the deadline an outage last gave, ISO 8601), "asked" and
"answers" (the master's decisions the variant asks for: master_decisions.py).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from sqlalchemy.orm import Session

from judge.game import deadline_notices, order_sets, stages
from judge.game.clock import Clock
from judge.game.games import (
    game_variant,
    phase_of,
    player_seat,
    position_of,
    seats_of,
    settings_of,
)
from judge.game.lifecycle import is_full
from judge.game.master_decisions import ASKED
from judge.game.ordering import Written
from judge.game.postman import Postman
from judge.game.readiness import is_ready, late_powers, owing_powers
from judge.game.schedule import due_reminders, grace_end, outage_extension, phase_length
from judge.game.settings import NmrPolicy, Schedule
from judge.game.votes import survivors_told
from judge.store.models import Game, GameState, SeatRole, SeatStatus, Turn
from judge.store.repo_games import current_turn
from judge.turns.process import process_and_report
from judge.turns.start import start_and_mail


@dataclass(frozen=True)
class _Due:
    """One open turn being swept: what every rule below reads."""

    session: Session
    game: Game
    turn: Turn
    schedule: Schedule
    postman: Postman
    clock: Clock
    now: datetime

    @property
    def deadline(self) -> datetime:
        assert self.turn.deadline is not None
        return self.turn.deadline

    @cached_property
    def sets(self) -> Mapping[str, Mapping[str, Written]]:
        """Every power's current orders, read once per sweep of the turn: the readiness
        check, the late and the owing powers all look at them (issue #18: three readings
        of every set a turn), and nothing in a sweep changes them before it processes."""
        return order_sets.latest_sets(self.session, game_variant(self.game), self.turn)

    def remember(self, **values: Any) -> None:
        # A new dict each time: the JSON column does not see changes made in place.
        self.turn.notices = {**self.turn.notices, **values}

    def say(self, what: str) -> str:
        return f"{self.game.name} {self.turn.phase}: {what}"


def due_work(session: Session, game: Game, clock: Clock, postman: Postman,
             rng: random.Random | None = None) -> list[str]:
    """What the game's clock asks for now, done in the caller's transaction (the game
    locked and read afresh): lines saying what was done."""
    if game.state == GameState.FORMING:
        return _start_if_due(session, game, clock, postman, rng)
    turn = current_turn(session, game)
    if game.state != GameState.ACTIVE or turn is None or turn.deadline is None:
        return []
    return _sweep_turn(_Due(session, game, turn, settings_of(game).schedule, postman,
                            clock, clock.now()))


def _start_if_due(session: Session, game: Game, clock: Clock, postman: Postman,
                  rng: random.Random | None) -> list[str]:
    start = settings_of(game).schedule.start
    if start is None or clock.now() < start or not is_full(game):
        return []  # a game not yet full starts when its last player joins
    start_and_mail(session, game, clock, postman, rng or random.Random(secrets.randbits(64)))
    return [f"{game.name}: started (its start time had come)"]


def _sweep_turn(due: _Due) -> list[str]:
    if due.turn.notices.get(ASKED):
        return []  # the master was asked to decide: DECIDE moves it on (master_decisions.py)
    # A turn reopened by ROLLBACK keeps all its orders: the sweep must not replay it at
    # once, before anyone could change a thing; it waits for a message or its deadline.
    ready = not due.turn.notices.get("reopened") and _someone_plays(due) and is_ready(
        due.session, due.game, due.turn, due.now, due.sets)
    # At the deadline itself, _at_deadline first allows for an outage (it processes then).
    if ready and (due.now < due.deadline or due.turn.grace_until is not None):
        return _process(due, "every power's orders are complete")
    if due.turn.notices.get("held"):
        return []  # the master has been told; PROCESS or a new deadline moves it on
    if due.turn.grace_until is None:
        if due.now >= due.deadline:
            return _at_deadline(due)
        opened = stages.open_due(due.session, due.postman, due.game, due.turn, due.now)
        return [*(due.say(f"{s.name} opened") for s in opened), *_remind(due)]
    return _at_grace_end(due) if due.now >= due.turn.grace_until else []


def _someone_plays(due: _Due) -> bool:
    """Whether a player still plays a surviving power. A power in civil disorder is never
    waited for, so a game all of whose powers are in it was "ready" at every sweep and
    raced through a year an hour a phase. It waits for its deadlines instead, till the
    master PAUSEs it, ends it or REPLACEs a power (docs/master.md). njudge only slows
    that runaway, by its `min` hours between phases (12 for moves; "Deadlines", diplom.org
    DipPouch); a deadline is what this judge has for it."""
    alive = survivors_told(due.game, game_variant(due.game), position_of(due.turn))
    return any(s.power in alive and s.status == SeatStatus.ACTIVE
               for s in seats_of(due.game, SeatRole.PLAYER))


def _late(due: _Due) -> list[str]:
    """Whose orders are missing or incomplete: told only to those powers (reminders)."""
    return late_powers(due.session, due.game, due.turn, due.sets)


def _owing(due: _Due) -> list[str]:
    """Whom the turn waits for at the deadline and after grace: what everyone sees (when
    it processes) depends on nothing a game hides (issue #13 item 7; readiness.owing_powers)."""
    return owing_powers(due.session, due.game, due.turn, due.sets)


def _remind(due: _Due) -> list[str]:
    sent = list(due.turn.notices.get("reminders", []))
    ready = due_reminders(due.schedule, due.deadline, sent, due.now)
    if not ready:
        return []
    due.remember(reminders=sorted({*sent, *ready}))
    # After a pause several fall due at once: one mail says it all. A reminder as long
    # before the deadline as the phase lasts would come as the phase opens: pointless.
    length = phase_length(due.schedule, phase_of(due.turn).kind)
    late = _late(due)
    if not late or all(due.schedule.reminders[i] >= length for i in ready):
        return []
    deadline_notices.remind(due.session, due.postman, due.game, due.turn, late, due.now)
    return [due.say(f"reminded {', '.join(late)}")]


def _at_deadline(due: _Due) -> list[str]:
    extension = outage_extension(due.schedule, due.deadline, due.now)
    if extension is not None:
        return _extend(due, due.deadline, extension)
    late = _owing(due)
    # Who missed it, for the turn's reports (judge.turns.seat_reports): every power whose orders
    # were incomplete, though a game that hides things waits only for those who sent
    # nothing (_owing) and tells each player of his own lateness alone. An outage's new
    # deadline sets "late" False again, and a master's new one clears every notice.
    incomplete = _late(due)
    if incomplete:
        due.remember(late=True, late_powers=incomplete)
    if not late:
        # Complete but someone asked to WAIT: a WAIT lasts until the deadline, no longer.
        return _process(due, "the deadline passed with every power's orders complete")
    due.turn.grace_until = grace_end(due.schedule, due.deadline)
    done = [due.say(f"deadline passed; late: {', '.join(late)}; grace until "
                    f"{due.turn.grace_until.isoformat()}")]
    if due.now < due.turn.grace_until:
        deadline_notices.late(due.session, due.postman, due.game, due.turn, late, due.schedule.nmr,
                     due.now)
        return done
    return done + _at_grace_end(due)  # no grace at all: the policy applies at once


def _at_grace_end(due: _Due) -> list[str]:
    assert due.turn.grace_until is not None
    extension = outage_extension(due.schedule, due.turn.grace_until, due.now)
    if extension is not None:
        return _extend(due, due.turn.grace_until, extension)
    late = _owing(due)
    if not late:
        return _process(due, "grace ended with every power's orders complete")
    policy = due.schedule.nmr
    if policy is NmrPolicy.WAIT:
        due.remember(held=True)
        deadline_notices.held(due.session, due.postman, due.game, due.turn, late)
        return [due.say(f"grace ended; held for the master (late: {', '.join(late)})")]
    if policy is NmrPolicy.CIVIL_DISORDER:
        for power in late:
            seat = player_seat(due.game, power)
            assert seat is not None  # _owing only names powers with a seat
            seat.status = SeatStatus.CIVIL_DISORDER
        deadline_notices.disorder(due.session, due.postman, due.game, due.turn, late,
                                  nobody_left=not _someone_plays(due))
    return _process(due, f"grace ended; {policy.value} for {', '.join(late)}")


def _extend(due: _Due, missed: datetime, extension: datetime) -> list[str]:
    """The judge was down when `missed` passed: a new deadline, grace and lateness reset."""
    due.turn.deadline = extension
    due.turn.grace_until = None
    # Reminders already due before the new deadline would only repeat this notice.
    sent = list(due.turn.notices.get("reminders", []))
    sent += due_reminders(due.schedule, extension, sent, due.now)
    due.remember(late=False, outage=extension.isoformat(), reminders=sorted(sent))
    deadline_notices.extended(due.session, due.postman, due.game, due.turn, missed, due.now)
    return [due.say(f"{missed.isoformat()} passed during an outage; new deadline "
                    f"{extension.isoformat()}")]


def _process(due: _Due, why: str) -> list[str]:
    if process_and_report(due.session, due.game, due.clock, due.postman,
                          due.turn.phase) is None:
        return [due.say(f"held for the master's decision ({why})")]
    return [due.say(f"processed ({why})")]


def next_moment(session: Session, game: Game) -> datetime | None:
    """The next moment any rule has work for the game (a reminder, deadline, grace end,
    stage or start time); None while nothing will fall due by the clock alone."""
    schedule = settings_of(game).schedule
    if game.state == GameState.FORMING:
        return schedule.start if schedule.start is not None and is_full(game) else None
    turn = current_turn(session, game)
    if turn is None or turn.deadline is None or turn.notices.get("held"):
        return None
    if turn.grace_until is not None:
        return turn.grace_until
    sent = set(turn.notices.get("reminders", []))
    length = phase_length(schedule, phase_of(turn).kind)
    reminders = [turn.deadline - ahead for index, ahead in enumerate(schedule.reminders)
                 if index not in sent and ahead < length]
    return min([turn.deadline, *reminders, *stages.opening_times(game, turn)])
