"""Held-out (rules18f item a): what the Fall report says of the phase that comes next.
Rule 9 and I.C.1: the build lists come with the Fall's moves, and nobody orders in the
Winter (docs/variants/algernon.md: it is played at the judge's next round, before its
deadline). So the Fall report may not give the Winter's schedule deadline as if anyone
had to order by it; the next deadline a player has is the Spring's, which the Winter's
report gives, and it is the deadline the Spring turn keeps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.game.clock import format_deadline
from judge.game.games import find_game
from judge.store.db import Database
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import phase_of, started
from tests.variants.folder_games import send_orders


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def test_the_fall_report_gives_no_deadline_for_the_winter_nobody_orders_in(
        talk: Conversation) -> None:
    seats = started(talk, players=2, seed=1)
    for phase in ("S1901M", "F1901M"):
        assert phase_of(talk) == phase
        for power in seats:
            send_orders(talk, seats[power], "CLEAR")
    address = seats["ALPHA"][0]
    [fall] = [m for m in talk.mails_to(address)
              if m.subject == "maze: Fall 1901 Movement results"]
    assert ("The next phase is Winter 1901 Adjustments.\nIt waits for no orders: the judge "
            "plays it at its next round, and its report gives\nthe deadline of the phase "
            "after it.\n") in fall.body, fall.body
    assert "Deadline:" not in fall.body, fall.body
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    assert phase_of(talk) == "S1902M"
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "maze"))
        assert turn is not None and turn.deadline is not None
        due = format_deadline(turn.deadline, "UTC")
    [winter] = [m for m in talk.mails_to(address)
                if m.subject == "maze: Winter 1901 Adjustments results"]
    assert f"The next phase is Spring 1902 Movement.\nDeadline: {due}\n" in winter.body


def test_a_spring_report_still_gives_the_fall_s_deadline(talk: Conversation) -> None:
    seats = started(talk, players=2, seed=1)
    for power in seats:
        send_orders(talk, seats[power], "CLEAR")
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "maze"))
        assert turn is not None and turn.deadline is not None
        due = format_deadline(turn.deadline, "UTC")
    [spring] = [m for m in talk.mails_to(seats["ALPHA"][0])
                if m.subject == "maze: Spring 1901 Movement results"]
    assert f"The next phase is Fall 1901 Movement.\nDeadline: {due}\n" in spring.body
