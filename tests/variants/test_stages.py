"""Stages before a deadline (judge/game/stages.py), by mail, with the tests-only `auction`
variant: the powers that had sent nothing when a stage opened are told to everyone in its
notice, reach the adjudication as `state["stages"]` and no further, and a stage that
`holds` keeps such a turn for its deadline (rn45 D2's madman bidding is built on it)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.store.db import Database
from judge.store.models import Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.variants.folder_games import FOLDERS, MASTER, send_orders, started

DEADLINE = datetime(2026, 11, 5, 9, 0, tzinfo=UTC)  # S1901M: Monday 09:00 + 72 hours
OPENS = DEADLINE - timedelta(hours=24)


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield Conversation(database)


def _sweep(talk: Conversation) -> list[str]:
    return sweep_all(talk.judge.db, talk.clock, talk.judge.postman)


def _state(talk: Conversation, phase: str) -> dict[str, object]:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.phase == phase)).one()
        return dict(position_from_json(turn.position_before).state)


def test_the_late_are_told_to_everyone_and_the_turn_waits_for_its_deadline(
        talk: Conversation) -> None:
    seats = started(talk, "auction")
    send_orders(talk, seats["NORTH"], "A one H", "A two H")
    talk.clock.set(OPENS)
    assert "alpha S1901M: auction opened" in _sweep(talk)
    for address in (seats["NORTH"][0], seats["SOUTH"][0], MASTER):
        [notice] = [m for m in talk.mails_to(address) if "auction" in m.subject]
        assert notice.subject == "alpha: S1901M auction is open"
        assert notice.body == ("Game alpha, Spring 1901 Movement.\n\nThe auction is open "
                               "until the deadline.\n\nUp for auction: A four, A five.\n")
    # South's orders now complete the turn, but the stage holds it for its deadline.
    reply = send_orders(talk, seats["SOUTH"], "A four H", "A five H")
    assert "Turn processed" not in reply.body
    assert _sweep(talk) == []
    talk.clock.set(DEADLINE)
    assert any("processed" in line for line in _sweep(talk))
    after = _state(talk, "F1901M")
    assert after["auctions"] == [{"auction": ["SOUTH"]}]  # what the handler was given
    assert "stages" not in after  # and not part of the board that follows


def test_a_stage_nobody_is_late_at_holds_nothing(talk: Conversation) -> None:
    seats = started(talk, "auction")
    send_orders(talk, seats["NORTH"], "A one H", "A two H")
    send_orders(talk, seats["SOUTH"], "A four H")  # incomplete, but sent
    talk.clock.set(OPENS)
    assert "alpha S1901M: auction opened" in _sweep(talk)
    [notice] = [m for m in talk.mails_to(seats["NORTH"][0]) if "auction" in m.subject]
    assert "Up for auction" not in notice.body
    reply = send_orders(talk, seats["SOUTH"], "A four H", "A five H")
    assert "Turn processed" in reply.body
    assert _state(talk, "F1901M")["auctions"] == [{"auction": []}]


def test_a_new_deadline_opens_the_stage_again_with_who_is_late_then(
        talk: Conversation) -> None:
    seats = started(talk, "auction")
    talk.clock.set(OPENS)
    _sweep(talk)
    later = DEADLINE + timedelta(days=2)
    moved = talk.send(MASTER, "SIGNON Malpha gmpw\nSET DEADLINE 2026-11-07 09:00\n")
    assert moved is not None and "Sat 07 Nov 2026 09:00" in moved.body
    send_orders(talk, seats["SOUTH"], "A four H")
    talk.clock.set(later - timedelta(hours=24))
    assert "alpha S1901M: auction opened" in _sweep(talk)
    send_orders(talk, seats["SOUTH"], "A four H", "A five H")
    reply = send_orders(talk, seats["NORTH"], "A one H", "A two H")  # too late for the stage
    assert "Turn processed" not in reply.body
    talk.clock.set(later)
    _sweep(talk)
    assert _state(talk, "F1901M")["auctions"] == [{"auction": ["NORTH"]}]
