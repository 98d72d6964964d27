"""The deadline sweep across games and time: outages, start times, wake-ups, failures,
concurrent sweeps, and the games it must leave alone.

Times below follow tests/conversations/deadlines.py: the game starts Monday 2 Nov 2026 09:00
UTC with the default schedule, so S1901M is due Thursday 5 Nov 09:00 UTC, grace ends Friday.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from judge.store import repo
from judge.store.db import Database
from judge.store.models import GameState, SeatRole
from judge.turns.deadlines import next_wakeups, sweep, sweep_all
from tests.conversations.deadlines import (
    DEADLINE,
    EVERYONE_BUT_FRANCE,
    GRACE_END,
    MASTER,
    Table,
    forming_game,
)
from tests.conversations.harness import START, Conversation


def test_an_outage_past_the_deadline_extends_it_instead_of_processing(
        database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.talk.mails_to(MASTER)
    back = DEADLINE + timedelta(hours=3)  # the judge was down from before the deadline
    assert table.at(back) == ["alpha S1901M: 2026-11-05T09:00:00+00:00 passed during an "
                              "outage; new deadline 2026-11-06T00:00:00+00:00"]
    with database.unit_of_work() as session:
        turn = table.turn(session)
        assert turn.processed_at is None and turn.grace_until is None
        assert turn.deadline == back + timedelta(hours=12)
    (master,) = table.talk.mails_to(MASTER)
    assert master.subject == "alpha: S1901M deadline extended"
    assert "The new deadline: Fri 06 Nov 2026 00:00 UTC (12 hours left)" in master.body
    players = table.mails_to_players()
    assert all(s == ["alpha: S1901M deadline extended"] for s in players.values())
    assert table.sweep() == []
    # The new deadline then works as any other: a late notice and grace.
    assert table.at(back + timedelta(hours=12, minutes=5))[0].startswith(
        "alpha S1901M: deadline passed; late: FRANCE")


def test_an_outage_past_the_end_of_grace_extends_too(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    assert table.at(GRACE_END + timedelta(hours=2))[0].startswith(
        "alpha S1901M: 2026-11-06T09:00:00+00:00 passed during an outage")
    with database.unit_of_work() as session:
        turn = table.turn(session)
        assert turn.processed_at is None and turn.grace_until is None
        assert turn.deadline == GRACE_END + timedelta(hours=14)
        assert turn.notices["late"] is False


def test_a_full_forming_game_starts_at_its_start_time(database: Database) -> None:
    talk = Conversation(database)
    start = START + timedelta(hours=2)
    with database.unit_of_work() as session:
        forming_game(session, "beta", start=start)
    assert sweep_all(database, talk.clock, talk.judge.postman) == []
    assert [moment for _, moment in next_wakeups(database)] == [start]
    talk.clock.set(start)
    assert sweep_all(database, talk.clock, talk.judge.postman) == [
        "beta: started (its start time had come)"]
    with database.unit_of_work() as session:
        game = repo.game_by_name(session, "beta")
        assert game is not None and game.state == GameState.ACTIVE
    assert [m.subject for m in talk.mails_to(MASTER)] == ["beta: the game has started"]


def test_a_forming_game_not_yet_full_waits_past_its_start_time(database: Database) -> None:
    talk = Conversation(database)
    with database.unit_of_work() as session:
        game = forming_game(session, "beta", start=START)
        player = next(s for s in game.seats if s.role == SeatRole.PLAYER)
        session.delete(player)
    talk.clock.advance(timedelta(hours=1))
    assert sweep_all(database, talk.clock, talk.judge.postman) == []
    assert next_wakeups(database) == []


def test_next_wakeups_name_each_games_next_moment(database: Database) -> None:
    table = Table(database)
    ((game_id, moment),) = next_wakeups(database)
    assert moment == DEADLINE - timedelta(hours=24)  # the reminder
    table.at(moment)
    assert next_wakeups(database) == [(game_id, DEADLINE)]
    table.at(DEADLINE)
    assert next_wakeups(database) == [(game_id, GRACE_END)]


def test_one_broken_game_does_not_stop_the_others(database: Database) -> None:
    table = Table(database)
    other = Table(database, name="beta")
    with database.unit_of_work() as session:
        table.game(session).deadline_settings = {"movement": "soon"}  # unreadable
    done = other.at(DEADLINE + timedelta(minutes=5))
    assert done[0].startswith("game ") and "sweep failed (SettingsError" in done[0]
    assert done[1].startswith("beta S1901M: deadline passed; late: AUSTRIA")
    # The same in one transaction: the broken game's savepoint is rolled back alone.
    with database.unit_of_work() as session:
        table.game(session).deadline_settings = {"movement": "soon"}
        turn = other.turn(session)
        turn.deadline, turn.grace_until, turn.notices = DEADLINE, None, {"reminders": [0]}
    with database.unit_of_work() as session:
        done = sweep(session, other.clock, other.talk.judge.postman)
    assert "sweep failed" in done[0] and done[1].startswith("beta S1901M: deadline passed")


def test_two_sweeps_at_once_act_once(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.clock.set(DEADLINE + timedelta(minutes=5))
    results: list[list[str]] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        barrier.wait()
        results.append(table.sweep())

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(len(r) for r in results) == [0, 1]
    assert table.subjects(table.address["FRANCE"]) == ["alpha: S1901M orders late"]


@pytest.mark.parametrize("state", [GameState.PAUSED, GameState.FINISHED])
def test_a_game_not_running_is_left_alone(database: Database, state: GameState) -> None:
    table = Table(database)
    with database.unit_of_work() as session:
        table.game(session).state = state
    assert table.at(DEADLINE + timedelta(days=5)) == []
    assert next_wakeups(database) == []


@pytest.mark.parametrize("ending", ["vote", "master"])
def test_a_game_ended_by_a_vote_or_its_master_is_never_swept(database: Database,
                                                             ending: str) -> None:
    table = Table(database)
    if ending == "master":
        table.talk.send(MASTER, "SIGNON Malpha gmpw\nEND GAME")
    else:  # alpha<i>@example.org plays with password pw<i> (tests/conversations/deadlines.py)
        for power, address in table.address.items():
            table.talk.send(address, f"SIGNON {power[0]}alpha pw{address[5]}\nSET DRAW")
    with database.unit_of_work() as session:
        game = table.game(session)
        assert game.state == GameState.FINISHED
        assert game.result is not None and game.result["by"] == ending
    table.mails_to_players()
    table.talk.mails_to(MASTER)
    assert next_wakeups(database) == []
    for moment in (DEADLINE - timedelta(hours=23), DEADLINE, GRACE_END + timedelta(days=3)):
        assert table.at(moment) == []
    assert all(not subjects for subjects in table.mails_to_players().values())
    assert table.talk.mails_to(MASTER) == []
    with database.unit_of_work() as session:
        left = repo.turn_by_phase(session, table.game(session), "S1901M")
        assert left is not None and (left.processed_at, left.notices) == (None, {})
