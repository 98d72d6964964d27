"""The master's decisions and deadline stages (issue #12 item 8), by mail, with the
tests-only `oracle` variant: each movement phase asks the master for an omen before it is
adjudicated, and a bidding stage opens 24 hours before each movement deadline."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.store.db import Database
from judge.store.models import Turn
from judge.turns.deadlines import next_wakeups, sweep_all
from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import FOLDERS, MASTER, MASTER_SIGNON, send_orders, started

DEADLINE = datetime(2026, 11, 5, 9, 0, tzinfo=UTC)  # S1901M: Monday 09:00 + 72 hours


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield Conversation(database)


def _master(talk: Conversation, *lines: str) -> Mail:
    reply = talk.send(MASTER, "\n".join((MASTER_SIGNON, *lines)) + "\n")
    assert reply is not None
    return reply


def _state(talk: Conversation, phase: str) -> dict[str, object]:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.phase == phase)).one()
        return dict(position_from_json(turn.position_before).state)


def test_a_turn_waits_for_the_masters_decision_and_his_answer_processes_it(
        talk: Conversation) -> None:
    seats = started(talk, "oracle")
    send_orders(talk, seats["NORTH"], "A one H", "A two - three")
    reply = send_orders(talk, seats["SOUTH"], "A four H", "A five - six")
    assert "the turn waits for a decision of the game's master" in reply.body
    [asked] = talk.mails_to(MASTER)
    assert asked.subject == "alpha: S1901M waits for your decision"
    assert "omen: Is the omen for this turn good or bad?\n  Choices: good, bad\n" \
        "  Answer: DECIDE omen good\n" in asked.body
    talk.clock.set(DEADLINE + timedelta(hours=1))
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []  # held
    refused = _master(talk, "PROCESS")
    assert "was not processed: the rules leave a decision to you first" in refused.body
    wrong = _master(talk, "DECIDE omen maybe")
    assert "'maybe' does not answer omen: choose one of good, bad" in wrong.body
    done = _master(talk, "DECIDE omen Bad")
    assert "omen: bad." in done.body and "Spring 1901 Movement is processed" in done.body
    [report] = [m for m in talk.mails_to(seats["NORTH"][0]) if "results" in m.subject]
    assert "A Two -> Three." in report.body
    state = _state(talk, "F1901M")
    assert state["omens"] == ["bad"]  # the answer reached the handler...
    assert "answers" not in state  # ...and is not part of the board that follows


def test_the_deadline_path_also_waits_and_asks_only_once(talk: Conversation) -> None:
    seats = started(talk, "oracle")
    send_orders(talk, seats["NORTH"], "A one H")  # incomplete: processed at the deadline
    talk.clock.set(DEADLINE + timedelta(minutes=1))
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)  # grace begins
    with talk.judge.db.unit_of_work() as session:
        grace = session.scalars(sa.select(Turn.grace_until)).one()
    assert grace is not None
    talk.clock.set(grace.replace(tzinfo=UTC) + timedelta(minutes=1))  # missing orders hold
    swept = sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    assert any("held for the master's decision" in line for line in swept), swept
    assert [m.subject for m in talk.mails_to(MASTER)
            if "decision" in m.subject] == ["alpha: S1901M waits for your decision"]
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []
    assert talk.mails_to(MASTER) == []
    _master(talk, "DECIDE omen good")
    assert _state(talk, "F1901M")["omens"] == ["good"]


def test_an_answer_given_ahead_stands_when_the_deadline_moves(talk: Conversation) -> None:
    seats = started(talk, "oracle")
    early = _master(talk, "DECIDE omen good")
    assert "the turn is processed at its deadline as usual" in early.body
    moved = _master(talk, "SET DEADLINE Thu 05 Nov 2026 12:00 UTC")
    assert "is now Thu 05 Nov 2026 12:00" in moved.body, moved.body
    send_orders(talk, seats["NORTH"], "A one H", "A two H")
    reply = send_orders(talk, seats["SOUTH"], "A four H", "A five H")
    assert "Turn processed" in reply.body  # nothing left to ask
    assert _state(talk, "F1901M")["omens"] == ["good"]


def test_a_stage_opens_before_the_deadline_once_and_is_announced(talk: Conversation) -> None:
    seats = started(talk, "oracle")
    opens = DEADLINE - timedelta(hours=24)
    assert next_wakeups(talk.judge.db) == [(1, opens)]
    talk.clock.set(opens - timedelta(minutes=1))
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []
    talk.clock.set(opens)
    # The schedule's own reminder falls due at the same moment (24 hours before).
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == \
        ["alpha S1901M: bidding opened", "alpha S1901M: reminded SOUTH, NORTH"]
    for address in (seats["NORTH"][0], seats["SOUTH"][0], MASTER):
        [notice] = [m for m in talk.mails_to(address) if "bidding" in m.subject]
        assert notice.subject == "alpha: S1901M bidding is open"
        assert notice.body == ("Game alpha, Spring 1901 Movement.\n\nBidding is open until "
                               "the deadline: send BID lines with your orders.\n")
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []
    assert next_wakeups(talk.judge.db) == [(1, DEADLINE)]
