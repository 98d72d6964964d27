"""The deadline sweep: early processing, reminders, late notices, grace, NMR policies, outages.

Times below follow tests/conversations/deadlines.py: the game starts Monday 2 Nov 2026 09:00
UTC with the default schedule, so S1901M is due Thursday 5 Nov 09:00 UTC, grace ends Friday.
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from judge.game.deadlines import next_wakeups, sweep, sweep_all
from judge.game.settings import NmrPolicy
from judge.store import repo
from judge.store.db import Database
from judge.store.models import GameState, SeatRole, SeatStatus
from tests.conversations.deadlines import (
    DEADLINE,
    GRACE_END,
    HOLDS,
    MASTER,
    Table,
    forming_game,
)
from tests.conversations.harness import START, Conversation


def missing_in(body: str) -> set[str]:
    """The units a notice lists as still without orders (their order is ordering's)."""
    prefix = "Still without orders: "
    (line,) = [line for line in body.splitlines() if line.startswith(prefix)]
    return set(line.removeprefix(prefix).split(", "))


EVERYONE_BUT_FRANCE = ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def test_nothing_is_due_before_the_reminder_time(database: Database) -> None:
    table = Table(database)
    assert table.at(DEADLINE - timedelta(hours=25)) == []
    assert all(not subjects for subjects in table.mails_to_players().values())


def test_a_reminder_goes_once_to_each_power_with_missing_or_incomplete_orders(
        database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE[1:])  # Austria and France have none
    table.order("AUSTRIA", lines={"AUSTRIA": ["A Bud H"]})  # Austria's are incomplete
    table.talk.mails_to(MASTER)
    assert table.at(DEADLINE - timedelta(hours=23)) == ["alpha S1901M: reminded AUSTRIA, FRANCE"]
    mails = {power: table.talk.mails_to(address) for power, address in table.address.items()}
    assert {p for p, m in mails.items() if m} == {"AUSTRIA", "FRANCE"}
    (french,) = mails["FRANCE"]
    assert french.subject == "alpha: reminder, S1901M orders due"
    assert "Game alpha, Spring 1901 Movement." in french.body
    assert missing_in(french.body) == {"A Marseilles", "A Paris", "F Brest"}
    assert "Deadline: Thu 05 Nov 2026 09:00 UTC (23 hours left)" in french.body
    assert "SIGNON Falpha <your password>" in french.body
    assert missing_in(mails["AUSTRIA"][0].body) == {"A Vienna", "F Trieste"}
    assert table.talk.mails_to(MASTER) == []
    # Again, and later still before the deadline: it was said once, that is enough.
    assert table.sweep() == []
    assert table.at(DEADLINE - timedelta(hours=1)) == []
    assert all(not subjects for subjects in table.mails_to_players().values())
    with database.unit_of_work() as session:
        assert table.turn(session).notices == {"reminders": [0]}


def test_a_reminder_as_long_before_the_deadline_as_the_phase_is_not_sent(
        database: Database) -> None:
    # A 72-hour reminder for a 72-hour phase would arrive as the phase opens.
    table = Table(database, reminders=(timedelta(hours=72), timedelta(hours=2)))
    assert table.at(START + timedelta(minutes=5)) == []
    assert all(not subjects for subjects in table.mails_to_players().values())
    assert table.at(DEADLINE - timedelta(hours=1))[0].startswith("alpha S1901M: reminded")
    with database.unit_of_work() as session:
        assert table.turn(session).notices == {"reminders": [0, 1]}


def test_a_turn_whose_orders_are_all_complete_is_processed_early(database: Database) -> None:
    table = Table(database)
    table.order(*HOLDS)
    done = table.at(START + timedelta(hours=1))
    assert done == ["alpha S1901M: processed (every power's orders are complete)"]
    with database.unit_of_work() as session:
        assert table.turn(session).phase == "F1901M"
    assert table.subjects(table.address["FRANCE"]) == ["alpha: Spring 1901 Movement results"]
    assert table.sweep() == []


def test_set_wait_holds_early_processing_until_the_deadline(database: Database) -> None:
    table = Table(database)
    table.order(*HOLDS)
    with database.unit_of_work() as session:
        seat = next(s for s in table.game(session).seats if s.power == "ITALY")
        seat.waiting = True
    assert table.at(START + timedelta(hours=1)) == []
    assert table.at(DEADLINE - timedelta(hours=23)) == []  # nobody is late: no reminder
    assert table.at(DEADLINE + timedelta(minutes=5)) == [
        "alpha S1901M: processed (the deadline passed with every power's orders complete)"]


def test_at_the_deadline_late_powers_are_told_and_grace_starts(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.talk.mails_to(MASTER)
    done = table.at(DEADLINE + timedelta(minutes=5))
    assert done == ["alpha S1901M: deadline passed; late: FRANCE; grace until "
                    "2026-11-06T09:00:00+00:00"]
    with database.unit_of_work() as session:
        turn = table.turn(session)
        assert turn.phase == "S1901M" and turn.processed_at is None
        assert turn.grace_until == GRACE_END
        assert turn.notices["late"] is True
    (french,) = table.talk.mails_to(table.address["FRANCE"])
    assert french.subject == "alpha: S1901M orders late"
    assert "Grace ends: Fri 06 Nov 2026 09:00 UTC (23 hours 55 minutes left)" in french.body
    assert "After that, the turn is processed without them: units hold" in french.body
    (master,) = table.talk.mails_to(MASTER)
    assert master.subject == "alpha: S1901M deadline passed"
    assert "Late: France." in master.body
    assert table.at(DEADLINE + timedelta(hours=3)) == []  # told once; no outage in grace
    assert all(not s for s in table.mails_to_players().values())
    assert table.talk.mails_to(MASTER) == []


def test_hold_processes_the_turn_at_the_end_of_grace(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    assert table.at(GRACE_END - timedelta(minutes=1)) == []
    assert table.at(GRACE_END + timedelta(minutes=5)) == [
        "alpha S1901M: processed (grace ended; hold for FRANCE)"]
    with database.unit_of_work() as session:
        game = table.game(session)
        assert table.turn(session).phase == "F1901M"
        assert all(s.status == SeatStatus.ACTIVE for s in game.seats)
        after = repo.turn_by_phase(session, game, "S1901M")
        assert after is not None and after.position_after is not None
        french = {u["loc"] for u in after.position_after["units"] if u["power"] == "FRANCE"}
        assert french == {"bre", "mar", "par"}  # held where they stood


def test_orders_completed_in_grace_are_processed_at_once(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    table.order("FRANCE")
    assert table.at(DEADLINE + timedelta(hours=2)) == [
        "alpha S1901M: processed (every power's orders are complete)"]


def test_civil_disorder_marks_the_late_seats_then_processes(database: Database) -> None:
    table = Table(database, nmr=NmrPolicy.CIVIL_DISORDER)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    table.talk.mails_to(MASTER)
    table.mails_to_players()
    assert table.at(GRACE_END + timedelta(minutes=5)) == [
        "alpha S1901M: processed (grace ended; disorder for FRANCE)"]
    with database.unit_of_work() as session:
        game = table.game(session)
        status = {s.power: s.status for s in game.seats if s.power}
        assert status.pop("FRANCE") == SeatStatus.CIVIL_DISORDER
        assert set(status.values()) == {SeatStatus.ACTIVE}
        assert table.turn(session).phase == "F1901M"
    assert table.subjects(table.address["FRANCE"]) == [
        "alpha: France in civil disorder", "alpha: Spring 1901 Movement results"]
    master = table.talk.mails_to(MASTER)
    assert master[0].subject == "alpha: civil disorder"
    assert "now in civil disorder: France." in master[0].body


def test_a_power_in_civil_disorder_is_neither_reminded_nor_waited_for(
        database: Database) -> None:
    table = Table(database, nmr=NmrPolicy.CIVIL_DISORDER)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    table.at(GRACE_END + timedelta(minutes=5))  # France into disorder; now F1901M
    table.mails_to_players()
    table.order(*EVERYONE_BUT_FRANCE)
    fall = GRACE_END + timedelta(hours=72)  # F1901M's deadline, from its opening
    # Nobody plays France, so the six complete sets are all there is to wait for: the
    # turn goes early, with no reminder to France.
    assert table.at(fall - timedelta(hours=23)) == [
        "alpha F1901M: processed (every power's orders are complete)"]
    assert table.subjects(table.address["FRANCE"]) == ["alpha: Fall 1901 Movement results"]


def test_wait_holds_the_turn_and_tells_the_master_once(database: Database) -> None:
    table = Table(database, nmr=NmrPolicy.WAIT)
    table.order(*EVERYONE_BUT_FRANCE)
    table.at(DEADLINE + timedelta(minutes=5))
    table.talk.mails_to(MASTER)
    assert table.at(GRACE_END + timedelta(minutes=5)) == [
        "alpha S1901M: grace ended; held for the master (late: FRANCE)"]
    (master,) = table.talk.mails_to(MASTER)
    assert master.subject == "alpha: S1901M waits for you"
    assert "Send PROCESS S1901M to process it as it stands" in master.body
    # Days later: still waiting, nothing more said, and no outage taken for it.
    assert table.at(GRACE_END + timedelta(days=3)) == []
    assert table.talk.mails_to(MASTER) == []
    with database.unit_of_work() as session:
        turn = table.turn(session)
        assert turn.phase == "S1901M" and turn.notices["held"] is True
        game_id = table.game(session).id
    assert game_id not in dict(next_wakeups(database))


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


def test_without_grace_the_policy_applies_at_the_deadline(database: Database) -> None:
    table = Table(database, grace=timedelta(0))
    table.order(*EVERYONE_BUT_FRANCE)
    assert table.at(DEADLINE + timedelta(minutes=5)) == [
        "alpha S1901M: deadline passed; late: FRANCE; grace until 2026-11-05T09:00:00+00:00",
        "alpha S1901M: processed (grace ended; hold for FRANCE)"]
    # No late notice promising a grace that is already over: only the turn's report.
    assert table.subjects(table.address["FRANCE"]) == ["alpha: Spring 1901 Movement results"]


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


def test_times_are_told_in_each_readers_zone(database: Database) -> None:
    table = Table(database)
    with database.unit_of_work() as session:
        seat = next(s for s in table.game(session).seats if s.power == "FRANCE")
        seat.account.time_zone = "Europe/Paris"
    table.at(DEADLINE - timedelta(hours=2))
    (french,) = table.talk.mails_to(table.address["FRANCE"])
    assert "Deadline: Thu 05 Nov 2026 10:00 Europe/Paris (2 hours left)" in french.body

