"""The deadline machinery's mail: reminders, late notices, civil disorder, held turns, outages.

Each notice is written for one seat, with times in that seat's own zone, and says what the
reader can do about it (send orders, PROCESS, SET DEADLINE) with an example.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from judge.engine.types import Phase
from judge.game import order_sets, owed
from judge.game.clock import format_deadline, time_left
from judge.game.games import (
    game_variant,
    player_seat,
    position_of,
    power_letter,
    primary_address,
    seats_of,
)
from judge.game.postman import Postman
from judge.game.settings import NmrPolicy
from judge.store.models import Game, Seat, SeatRole, Turn
from judge.variant import power_name, power_rank

# What happens to missing orders at the end of grace, as a late player reads it.
_POLICY_WORDS = {
    NmrPolicy.HOLD: "the turn is processed without them: units hold, retreats disband "
                    "and builds are waived; removals you owe are made for you",
    NmrPolicy.CIVIL_DISORDER: "your power goes into civil disorder and the turn is "
                              "processed without your orders",
    NmrPolicy.WAIT: "the turn waits for the master to process it",
}


def phase_title(game: Game, turn: Turn) -> str:
    """'Spring 1901 Movement': the phase as the variant's calendar names it."""
    return game_variant(game).rules.calendar.describe(Phase.parse(turn.phase))


def _when(moment: datetime, seat: Seat, now: datetime) -> str:
    return f"{format_deadline(moment, seat.account.time_zone)} ({time_left(moment, now)} left)"


def moved_to(moment: datetime, zone: str, now: datetime) -> str:
    """A deadline that has just moved, and how far off it now is: 'Thu 05 Nov 2026 10:00
    UTC (in 2 days 3 hours)'. The reader learns how long he has without working it out
    from his own clock."""
    left = time_left(moment, now)
    return f"{format_deadline(moment, zone)} ({'passed' if left == 'passed' else 'in ' + left})"


def _send(session: Session, postman: Postman, seat: Seat, subject: str,
          lines: Iterable[str]) -> None:
    postman.send(session, to=[primary_address(seat.account)], subject=subject,
                 body="\n".join(lines) + "\n", seat=seat)


def _signon_hint(game: Game, power: str) -> str:
    letter = power_letter(game_variant(game), power)
    return (f"Send them signed on: SIGNON {letter}{game.name} <your password>, "
            "then one order per line.")


def _missing_line(session: Session, game: Game, turn: Turn, power: str) -> str:
    variant = game_variant(game)
    merged = order_sets.latest_set(session, variant, turn, power)
    position = position_of(turn)
    missing = owed.missing(variant, position, power, merged)
    may = owed.may_order(variant, position, power, merged, missing)
    return "\n".join(["Still without orders: " + (", ".join(missing) or "none"),
                      *(f"You may also order: {choice}" for choice in may)])


def _late_seats(game: Game, powers: Iterable[str]) -> list[tuple[str, Seat]]:
    return [(power, seat) for power in powers if (seat := player_seat(game, power))]


def masters(game: Game) -> list[Seat]:
    return seats_of(game, SeatRole.MASTER)


def _powers(game: Game, powers: Iterable[str]) -> str:
    """The powers in the variant's order, as every report lists them."""
    rank = power_rank(game_variant(game))
    return ", ".join(power_name(p) for p in sorted(powers, key=lambda p: rank.get(p, len(rank))))


def remind(session: Session, postman: Postman, game: Game, turn: Turn, late: list[str],
           now: datetime) -> None:
    """Each late power: its orders are missing or incomplete, and when they are due."""
    assert turn.deadline is not None
    title = phase_title(game, turn)
    for power, seat in _late_seats(game, late):
        _send(session, postman, seat, f"{game.name}: reminder, {turn.phase} orders due", [
            f"Game {game.name}, {title}.", "",
            f"The orders for {power_name(power)} are missing or incomplete.",
            _missing_line(session, game, turn, power),
            f"Deadline: {_when(turn.deadline, seat, now)}", "",
            _signon_hint(game, power)])


def late(session: Session, postman: Postman, game: Game, turn: Turn, powers: list[str],
         policy: NmrPolicy, now: datetime) -> None:
    """The deadline passed: each late power is told grace has started; the masters, who."""
    assert turn.grace_until is not None
    title = phase_title(game, turn)
    for power, seat in _late_seats(game, powers):
        _send(session, postman, seat, f"{game.name}: {turn.phase} orders late", [
            f"Game {game.name}, {title}: the deadline has passed.", "",
            f"The orders for {power_name(power)} are missing or incomplete.",
            _missing_line(session, game, turn, power),
            f"Grace ends: {_when(turn.grace_until, seat, now)}",
            f"After that, {_POLICY_WORDS[policy]}.", "",
            _signon_hint(game, power)])
    for seat in masters(game):
        _send(session, postman, seat, f"{game.name}: {turn.phase} deadline passed", [
            f"Game {game.name}, {title}: the deadline has passed.",
            f"Late: {_powers(game, powers)}.",
            f"Grace ends: {_when(turn.grace_until, seat, now)}; then the NMR policy "
            f"({policy.value}) applies."])


def disorder(session: Session, postman: Postman, game: Game, turn: Turn,
             powers: list[str], nobody_left: bool = False) -> None:
    """Grace ended under the civil-disorder policy: the late powers and the masters learn it;
    the masters also, when `nobody_left` plays, how the game goes on (docs/master.md)."""
    for power, seat in _late_seats(game, powers):
        _send(session, postman, seat, f"{game.name}: {power_name(power)} in civil disorder", [
            f"Game {game.name}: grace for {turn.phase} ended without complete orders from "
            f"{power_name(power)}.",
            f"{power_name(power)} is now in civil disorder; its units hold without orders.",
            "Write to the game's master if you want to play on."])
    for seat in masters(game):
        _send(session, postman, seat, f"{game.name}: civil disorder", [
            f"Game {game.name}: grace for {turn.phase} ended; now in civil disorder: "
            f"{_powers(game, powers)}.",
            "You can REPLACE a power with another player, e.g. REPLACE France "
            "someone@example.org their-password.",
            *([f"Nobody plays {game.name} now: each phase is processed at its deadline, "
               "no sooner, until you REPLACE a power, PAUSE the game or END GAME."]
              if nobody_left else [])])


def held(session: Session, postman: Postman, game: Game, turn: Turn, powers: list[str]) -> None:
    """Grace ended under the WAIT policy: the masters are asked to act."""
    for seat in masters(game):
        _send(session, postman, seat, f"{game.name}: {turn.phase} waits for you", [
            f"Game {game.name}, {phase_title(game, turn)}: grace has ended and orders are "
            f"still missing from {_powers(game, powers)}.",
            "The game's NMR policy is wait: the turn is not processed until you act.",
            f"Send PROCESS {turn.phase} to process it as it stands (missing orders hold), "
            "or SET DEADLINE to give the players more time."])


def extended(session: Session, postman: Postman, game: Game, turn: Turn, missed: datetime,
             now: datetime) -> None:
    """After an outage: nobody is processed as missing; every player and master is told."""
    assert turn.deadline is not None
    seats = masters(game) + seats_of(game, SeatRole.PLAYER)
    for seat in seats:
        _send(session, postman, seat, f"{game.name}: {turn.phase} deadline extended", [
            f"Game {game.name}, {phase_title(game, turn)}.", "",
            f"The judge was not running when the time set for "
            f"{format_deadline(missed, seat.account.time_zone)} passed, so nobody is "
            "treated as late for it.",
            f"The new deadline: {_when(turn.deadline, seat, now)}"])
