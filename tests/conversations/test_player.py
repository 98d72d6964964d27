"""SET WAIT/NOWAIT and SET ABSENCE, on SQLite and PostgreSQL (votes: test_votes.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.models import Seat
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import (
    MASTER,
    account,
    address_of,
    create,
    reply,
    say,
    started_game,
)

# Every unit of the standard start, each holding: a complete order set per power.
HOLDS = {
    "AUSTRIA": "A vie H\nA bud H\nF tri H",
    "ENGLAND": "F lon H\nF edi H\nA lvp H",
    "FRANCE": "F bre H\nA par H\nA mar H",
    "GERMANY": "F kie H\nA ber H\nA mun H",
    "ITALY": "F nap H\nA rom H\nA ven H",
    "RUSSIA": "F stp H\nA mos H\nA war H\nF sev H",
    "TURKEY": "F ank H\nA con H\nA smy H",
}


def open_phase(talk: Conversation) -> str | None:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "alpha"))
        return turn.phase if turn is not None else None


def deadline(talk: Conversation) -> str:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "alpha"))
        assert turn is not None and turn.deadline is not None
        return turn.deadline.isoformat()


# SET WAIT / SET NOWAIT

def test_wait_holds_early_processing_until_nowait(talk: Conversation) -> None:
    players = started_game(talk)
    assert "This turn will not be processed before its deadline (Thu 05 Nov 2026 09:00 " \
           "UTC)" in say(talk, players["FRANCE"], "SET WAIT")
    for power, orders in HOLDS.items():
        body = say(talk, players[power], orders)
        assert "Your orders are complete." in body
        assert "Turn processed" not in body
    assert open_phase(talk) == "S1901M"
    body = say(talk, players["FRANCE"], "SET NOWAIT")
    assert "This turn may be processed as soon as every power's orders are in." in body
    assert "Turn processed" in body
    assert open_phase(talk) == "F1901M"


def test_wait_lasts_one_turn(talk: Conversation) -> None:
    players = started_game(talk)
    say(talk, players["FRANCE"], "SET WAIT")
    for power, orders in HOLDS.items():
        say(talk, players[power], orders)
    say(talk, players["FRANCE"], "SET NOWAIT")
    with talk.judge.db.unit_of_work() as session:
        assert not any(s.waiting for s in session.scalars(sa.select(Seat)))


@pytest.mark.parametrize(("body", "reason"), [
    ("SET WAIT", "sign on first"),
    ("SIGNON Malpha gmpass\nSET WAIT", "only a player with a power can do this"),
    ("SIGNON Malpha gmpass\nSET NOWAIT", "only a player with a power can do this"),
])
def test_wait_errors(talk: Conversation, body: str, reason: str) -> None:
    started_game(talk)
    answer = reply(talk, MASTER, body)
    assert answer.subject == "[errors] Re: commands"
    assert reason in answer.body


def test_wait_before_the_start_is_refused(talk: Conversation) -> None:
    create(talk)
    account(talk, "ann@example.org")
    answer = reply(talk, "ann@example.org", "JOIN alpha pw\nSET WAIT")
    assert "only a player with a power can do this" in answer.body


# SET ABSENCE

def test_absence_in_the_players_zone_moves_a_deadline_inside_it(talk: Conversation) -> None:
    account(talk, address_of("FRANCE"), zone="Europe/Paris")
    players = started_game(talk)
    assert deadline(talk) == "2026-11-05T09:00:00+00:00"
    # 10:00 to 12:00 in Paris (UTC+1 in November): 09:00 to 11:00 UTC holds the deadline.
    body = say(talk, players["FRANCE"], "SET ABSENCE 2026-11-04 10:00 2026-11-05 12:00")
    assert "Absence recorded: from Wed 04 Nov 2026 10:00 Europe/Paris to Thu 05 Nov 2026 " \
           "12:00 Europe/Paris. No deadline falls inside it." in body
    assert "The deadline of S1901M fell inside it and moves to Thu 05 Nov 2026 12:00 " \
           "Europe/Paris; everyone in the game is told (not who is away)." in body
    assert deadline(talk) == "2026-11-05T11:00:00+00:00"
    [mail] = talk.mails_to(address_of("GERMANY"))
    assert mail.subject == "alpha: the deadline has moved"
    assert "moves to Thu 05 Nov 2026 11:00 UTC" in mail.body
    assert "France" not in mail.body
    with talk.judge.db.unit_of_work() as session:
        seat = session.scalars(sa.select(Seat).where(Seat.power == "FRANCE")).one()
        assert seat.absences == [["2026-11-04T09:00:00+00:00", "2026-11-05T11:00:00+00:00"]]


def test_absence_by_whole_days_lists_and_clears(talk: Conversation) -> None:
    players = started_game(talk)
    body = say(talk, players["ITALY"], "SET ABSENCE from 2026-11-10 to 2026-11-12")
    assert "from Tue 10 Nov 2026 00:00 UTC to Fri 13 Nov 2026 00:00 UTC" in body
    assert "The deadline" not in body  # Thursday 5th is not inside
    assert deadline(talk) == "2026-11-05T09:00:00+00:00"
    body = say(talk, players["ITALY"], "SET ABSENCE")
    assert "Your absences:\n      Tue 10 Nov 2026 00:00 UTC to Fri 13 Nov 2026 00:00 UTC" \
           in body
    assert "Your absences are cleared." in say(talk, players["ITALY"], "SET ABSENCE CLEAR")
    assert "You have no absences set." in say(talk, players["ITALY"], "SET ABSENCE")


@pytest.mark.parametrize(("line", "reason"), [
    ("SET ABSENCE 2026-11-12 2026-11-10", "an absence must end after it starts"),
    ("SET ABSENCE 2026-11-10 2026-11-30", "an absence may last 14 days at most"),
    ("SET ABSENCE 2026-10-30 2026-11-03", "Fri 30 Oct 2026 00:00 UTC has passed; an absence "
                                          "must start now or later"),
    ("SET ABSENCE next week", '"next" is not a date and time'),
    ("SET ABSENCE 2026-11-10", "write SET ABSENCE <from> <to>, e.g. SET ABSENCE 2026-12-24 "
                               "2026-12-27"),
    ("SET ABSENCE 2026-02-30 2026-03-02", '"2026-02-30" is not a date'),
])
def test_absence_errors(talk: Conversation, line: str, reason: str) -> None:
    players = started_game(talk)
    body = say(talk, players["ITALY"], line)
    assert reason in body
    assert "1 error" in body
    with talk.judge.db.unit_of_work() as session:
        seat = session.scalars(sa.select(Seat).where(Seat.power == "ITALY")).one()
        assert seat.absences == []


def test_absence_is_for_players(talk: Conversation) -> None:
    started_game(talk)
    body = reply(talk, MASTER, "SIGNON Malpha gmpass\nSET ABSENCE").body
    assert "absences are for players of a game not yet over" in body


def test_wait_ends_at_the_deadline_the_last_orders_in_grace_process_at_once(
        talk: Conversation) -> None:
    players = started_game(talk)
    say(talk, players["FRANCE"], "SET WAIT")
    for power, orders in HOLDS.items():
        if power != "TURKEY":
            say(talk, players[power], orders)
    # Thu 5 Nov 09:00 UTC is the deadline; Turkey is late, so grace (24 hours) begins.
    talk.clock.set(datetime(2026, 11, 5, 9, 1, tzinfo=UTC))
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == [
        "alpha S1901M: deadline passed; late: TURKEY; grace until 2026-11-06T09:00:00+00:00"]
    assert open_phase(talk) == "S1901M"
    body = say(talk, players["TURKEY"], HOLDS["TURKEY"])
    assert "Turn processed" in body
    assert open_phase(talk) == "F1901M"
