"""The deadline sweep on one turn: early processing, reminders, late notices, grace and
the NMR policies (outages, start times and the sweep itself: test_deadline_sweep.py).

Times below follow tests/conversations/deadlines.py: the game starts Monday 2 Nov 2026 09:00
UTC with the default schedule, so S1901M is due Thursday 5 Nov 09:00 UTC, grace ends Friday.
"""

from __future__ import annotations

from datetime import timedelta

from judge.game.settings import NmrPolicy
from judge.store import repo
from judge.store.db import Database
from judge.store.models import SeatStatus
from judge.turns.deadlines import next_wakeups
from tests.conversations.deadlines import (
    DEADLINE,
    EVERYONE_BUT_FRANCE,
    GRACE_END,
    HOLDS,
    MASTER,
    Table,
)
from tests.conversations.harness import START


def missing_in(body: str) -> set[str]:
    """The units a notice lists as still without orders (their order is ordering's)."""
    prefix = "Still without orders: "
    (line,) = [line for line in body.splitlines() if line.startswith(prefix)]
    return set(line.removeprefix(prefix).split(", "))


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


def test_times_are_told_in_each_readers_zone(database: Database) -> None:
    table = Table(database)
    with database.unit_of_work() as session:
        seat = next(s for s in table.game(session).seats if s.power == "FRANCE")
        seat.account.time_zone = "Europe/Paris"
    table.at(DEADLINE - timedelta(hours=2))
    (french,) = table.talk.mails_to(table.address["FRANCE"])
    assert "Deadline: Thu 05 Nov 2026 10:00 Europe/Paris (2 hours left)" in french.body


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


def test_without_grace_the_policy_applies_at_the_deadline(database: Database) -> None:
    table = Table(database, grace=timedelta(0))
    table.order(*EVERYONE_BUT_FRANCE)
    assert table.at(DEADLINE + timedelta(minutes=5)) == [
        "alpha S1901M: deadline passed; late: FRANCE; grace until 2026-11-05T09:00:00+00:00",
        "alpha S1901M: processed (grace ended; hold for FRANCE)"]
    # No late notice promising a grace that is already over: only the turn's report.
    assert table.subjects(table.address["FRANCE"]) == ["alpha: Spring 1901 Movement results"]
