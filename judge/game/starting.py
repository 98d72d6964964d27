"""Starting a full game and telling every seat: JOIN, the master's START and the scheduler.

Each player learns only their own power (who plays whom is the master's to know), the
first phase and its deadline in their own zone, and that a reply to the notice acts for
the seat (or how to sign on in a new message).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sqlalchemy.orm import Session

from judge.attachment import Attachment
from judge.game.clock import Clock, format_deadline
from judge.game.games import (
    game_variant,
    position_of,
    primary_address,
    seats_of,
    signon_letter,
)
from judge.game.lifecycle import start_game
from judge.game.postman import Postman
from judge.game.recipients import recipients, viewer_of
from judge.store.models import Game, Seat, SeatRole, Turn
from judge.variant import Variant, power_name

# The files a seat's start notice carries (its picture of the board: judge/turns/start.py
# draws it, as the game layer does not draw).
StartFiles = Callable[[Game, Turn, Seat], Sequence[Attachment]]


def start_and_announce(session: Session, game: Game, clock: Clock, postman: Postman,
                       rng: random.Random, files: StartFiles | None = None) -> Turn:
    """Give out the powers, open the first turn, and mail each seat its start notice."""
    turn = start_game(session, game, clock, rng)
    variant = game_variant(game)
    subject = f"{game.name}: the game has started"
    for seat in recipients(game):
        postman.send(session, to=[primary_address(seat.account)], subject=subject,
                     body="\n".join(start_notice(game, variant, turn, seat)) + "\n", seat=seat,
                     attachments=files(game, turn, seat) if files is not None else ())
    return turn


def start_notice(game: Game, variant: Variant, turn: Turn, seat: Seat) -> list[str]:
    phase = variant.rules.calendar.describe(variant.start.phase)
    lines = [f"Game {game.name} ({variant.title}) has started.", ""]
    if seat.role == SeatRole.PLAYER and seat.power is not None:
        lines += [f"You play {power_name(seat.power)}.", ""]
    lines.append(f"The first phase is {phase}.")
    if turn.deadline is not None:
        lines.append(f"Its deadline: {format_deadline(turn.deadline, seat.account.time_zone)}.")
    lines += ["", *_how_to_sign_on(game, seat)]
    if variant.start_words is not None:  # the variant's own (a player's secret map)
        told = variant.start_words(variant, position_of(turn), viewer_of(seat))
        lines += ["", *told] if told else []
    if seat.role == SeatRole.MASTER:
        lines += ["", "The powers:", *_roster(game, variant)]
    return lines


def _how_to_sign_on(game: Game, seat: Seat) -> list[str]:
    # This mail carries the seat's reply address (judge.mail.reply_tokens): a plain reply acts
    # for the seat, which players otherwise learn only by trying.
    player = seat.role == SeatRole.PLAYER and seat.power is not None
    lines = ["Reply to this mail (or to any report) to act for your seat: a reply needs no "
             "SIGNON" + (", only your orders, one per line." if player else ".")]
    lines += ["In a new message, sign on first.",
              f"Sign on with: SIGNON {signon_letter(seat)}{game.name} <your password>"]
    if player:
        lines.append("then write your orders on the lines that follow, one per line.")
    return lines


def _roster(game: Game, variant: Variant) -> list[str]:
    """Who plays what: for the master only."""
    seats = {s.power: s for s in seats_of(game, SeatRole.PLAYER) if s.power is not None}
    return [f"  {power_name(p.name)}: {s.account.name} <{primary_address(s.account)}>"
            for p in variant.powers if (s := seats.get(p.name)) is not None]
