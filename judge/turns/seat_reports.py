"""A turn told to each seat: project it for each recipient, render, and queue the mail.

Each seat gets the report its viewer may read (judge/reports renders it from the viewer's
projection of the turn's events and the board his knowledge record keeps, folded in the
same transaction: judge/game/seat_board.py), with the files the variant's sections
attach, in the transaction that processed the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.position import Position
from judge.engine.refusal import refusal_from_json
from judge.engine.turn import TurnResult
from judge.engine.types import Phase
from judge.engine.visibility import Viewer
from judge.game.adjudication import AHEAD_REFUSED
from judge.game.games import game_variant, primary_address
from judge.game.postman import Postman
from judge.game.reasons import every_reason
from judge.game.recipients import dealt_powers, late_for, recipients, viewer_of
from judge.game.refusals import say
from judge.game.seat_board import board_known, records_after
from judge.grammar.wording import ReaderNames, in_report_words
from judge.reports import Report, render_turn
from judge.store.models import Game, Seat, SeatRole, Turn
from judge.store.repo import accounts_by_id
from judge.store.repo_games import turns_of
from judge.turns.pictures import report_files
from judge.variant import Variant


def send_turn_reports(session: Session, game: Game, result: TurnResult,
                      next_turn: Turn | None, postman: Postman) -> None:
    variant = game_variant(game)
    deadline = next_turn.deadline if next_turn is not None else None
    subject = f"{game.name}: {variant.rules.calendar.describe(result.phase)} results"
    turn = next((t for t in turns_of(session, game) if t.phase == str(result.phase)), None)
    # Every address read before the first report is queued: a read after it would flush
    # the queued rows one report at a time (autoflush), half a turn's database work.
    readers = recipients(game)
    accounts = accounts_by_id(session, [seat.account_id for seat in readers])
    seats = [(seat, accounts[seat.account_id]) for seat in readers]
    addresses = [primary_address(account) for _, account in seats]
    records = records_after(session, turn)  # every seat's, folded with the turn: one read
    for (seat, account), address in zip(seats, addresses, strict=True):
        viewer = viewer_of(seat)
        board = board_known(variant.rules, result.position, viewer,
                            records.get(viewer.power or ""))
        report = full_report(variant, game, turn, result, viewer, deadline, account.time_zone,
                             board)
        body = report.text + _ahead_refused(variant, next_turn, seat)
        postman.send(session, to=[address], subject=subject,
                     body=f"Game {game.name}\n\n{body}", seat=seat,
                     attachments=(*report_files(game, result, viewer, board), *report.files))


def _ahead_refused(variant: Variant, next_turn: Turn | None, seat: Seat) -> str:
    """The lines its power sent ahead with PHASE that the phase now open refused: only
    that power's own seat is told, as the reply to them would have."""
    lines = next_turn.notices.get(AHEAD_REFUSED, {}).get(seat.power or "", []) \
        if next_turn is not None and seat.role == SeatRole.PLAYER else []
    if not lines:
        return ""
    phase = variant.rules.calendar.describe(Phase.parse(next_turn.phase)) \
        if next_turn is not None else ""
    return "\n".join(["", f"Orders you sent ahead for {phase} that it does not take "
                       "(send them again as you mean them):",
                       *(f"  '{text}': {_reason(variant, why)}" for text, why in lines), ""])


def _reason(variant: Variant, why: str | Mapping[str, Any]) -> str:
    """A stored refusal in the reader's words (text in ids, for turns opened before
    refusals were stored as a reason and its parameters)."""
    if isinstance(why, str):
        return in_report_words(variant, why)
    reasons = every_reason(variant.rules.registry.reasons)
    return say((refusal_from_json(reasons, why),), ReaderNames(variant))


def turn_report(variant: Variant, game: Game, turn: Turn | None, result: TurnResult,
                viewer: Viewer, deadline: datetime | None, zone: str,
                board: Position | None = None) -> str:
    """The report of `turn` (whose result is `result`) as `viewer` may read it, with what
    the game adds to the events: who missed the deadline, who plays. `board`: the board
    after the turn as the reader's record kept it (judge/game/seat_board.py)."""
    return full_report(variant, game, turn, result, viewer, deadline, zone, board).text


def full_report(variant: Variant, game: Game, turn: Turn | None, result: TurnResult,
                viewer: Viewer, deadline: datetime | None, zone: str,
                board: Position | None = None) -> Report:
    """turn_report's text with the files the variant's sections attach (mailed with it)."""
    return render_turn(variant, result, viewer, deadline, zone,
                       late=late_for(game, turn, viewer), players=dealt_powers(game),
                       board=board)
