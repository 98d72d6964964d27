"""Several workers on one PostgreSQL database (issue #18): what each lock keeps apart,
proven with two workers' transactions in one test, one held open while the other runs.

A worker is the real pipeline or the real sweep, in a thread; "held" means a transaction
of another worker still open at that moment (a batch not yet committed, a turn being
processed).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
import sqlalchemy as sa

from judge import faults
from judge.mail.inbound import pipeline
from judge.store import repo, repo_games, repo_inbox
from judge.store.db import Database
from judge.store.models import InboxMessage, InboxState, OutboxMessage, Turn
from judge.turns.deadlines import sweep_all, sweep_one
from judge.turns.scheduler import JudgeScheduler
from tests.conversations.deadlines import DEADLINE, HOLDS, Table
from tests.conversations.harness import raw_message

WAIT = 10.0  # seconds: far beyond any of these steps, short enough to fail a hang


def _started(target: Callable[[], object]) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def _france_signon(table: Table) -> str:
    address = table.address["FRANCE"]
    return f"SIGNON Falpha pw{address[len('alpha')]}"


def _s1901m(db: Database) -> Turn:
    with db.unit_of_work() as session:
        return session.scalars(sa.select(Turn).where(Turn.phase == "S1901M")).one()


def test_a_turn_waits_for_the_message_that_read_it_so_no_order_is_lost(
        pg: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """France's orders are being stored by one worker when the deadline passes and another
    worker's sweep comes to the game: the sweep must wait for them, not process the turn
    without them (France counted late) while they are committed to a turn now closed."""
    table = Table(pg, grace=timedelta(0))
    # England stays late, so France's orders do not complete the set (no early processing).
    table.order("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    table.clock.set(DEADLINE - timedelta(minutes=1))
    at_commit, go_on = threading.Event(), threading.Event()
    real_point = faults.point

    def pause_before_commit(name: str) -> None:
        if name == "process-before-commit":
            at_commit.set()
            go_on.wait(WAIT)
        real_point(name)

    monkeypatch.setattr(faults, "point", pause_before_commit)
    raw = raw_message(table.address["FRANCE"], f"{_france_signon(table)}\n"
                      + "\n".join(HOLDS["FRANCE"]) + "\n")
    message = _started(lambda: table.talk.deliver(raw))
    assert at_commit.wait(WAIT)
    table.clock.set(DEADLINE + timedelta(minutes=1))
    swept: list[str] = []
    sweeper = _started(lambda: swept.extend(sweep_all(pg, table.clock,
                                                      table.talk.judge.postman)))
    sweeper.join(1.0)
    assert sweeper.is_alive(), f"the sweep did not wait for the message: {swept}"
    go_on.set()
    message.join(WAIT)
    sweeper.join(WAIT)
    turn = _s1901m(pg)
    assert turn.processed_at is not None
    assert turn.notices["late_powers"] == ["ENGLAND"]
    with pg.unit_of_work() as session:
        assert repo.latest_orders(session, turn)["FRANCE"].lines == HOLDS["FRANCE"]


def test_two_messages_completing_a_games_orders_at_once_process_its_turn(
        pg: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """England's and France's orders, the last two, answered by two workers at once:
    the second must see the first's (they take turns on the game), so the turn is
    processed early, as on one worker; each seeing the other's missing, nobody would."""
    table = Table(pg)
    table.order("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    first_at_commit, go_on = threading.Event(), threading.Event()
    real_point = faults.point

    def pause_the_first(name: str) -> None:
        if name == "process-before-commit" and not first_at_commit.is_set():
            first_at_commit.set()
            go_on.wait(WAIT)
        real_point(name)

    monkeypatch.setattr(faults, "point", pause_the_first)
    signons = {"ENGLAND": "Ealpha", "FRANCE": "Falpha"}
    raws = [raw_message(table.address[power], f"SIGNON {signon} "
                        f"pw{table.address[power][len('alpha')]}\n"
                        + "\n".join(HOLDS[power]) + "\n")
            for power, signon in signons.items()]
    first = _started(lambda: table.talk.deliver(raws[0]))
    assert first_at_commit.wait(WAIT)
    second = _started(lambda: table.talk.deliver(raws[1]))
    second.join(1.0)
    assert second.is_alive(), "the second message did not wait for the first"
    go_on.set()
    first.join(WAIT)
    second.join(WAIT)
    assert _s1901m(pg).processed_at is not None


def test_a_message_another_worker_is_processing_is_skipped_not_waited_for(
        pg: Database) -> None:
    table = Table(pg)
    inbox_id, _ = pipeline.receive(table.talk.judge, raw_message("bob@example.org", "HELP"))
    with pg.unit_of_work() as held:
        assert repo_inbox.claim_inbox_messages(held, [inbox_id]) == {inbox_id}
        other = _started(lambda: pipeline.process_pending(table.talk.judge))
        other.join(WAIT)
        assert not other.is_alive(), "the second worker waited for the first one's message"
    with pg.unit_of_work() as session:
        assert session.get(InboxMessage, inbox_id).state == InboxState.NEW  # type: ignore[union-attr]
        assert session.scalar(sa.select(sa.func.count()).select_from(OutboxMessage)) == 0
    # The first worker's transaction ended without an answer: the message is free again.
    assert pipeline.process_pending(table.talk.judge) == [inbox_id]
    with pg.unit_of_work() as session:
        assert session.get(InboxMessage, inbox_id).state == InboxState.DONE  # type: ignore[union-attr]


def test_a_senders_later_message_waits_for_the_one_another_worker_is_answering(
        pg: Database) -> None:
    """Alice's second orders must not be answered before her first, which another worker
    has in hand: they would be replaced by the older ones. Bob's go ahead."""
    table = Table(pg)
    judge = table.talk.judge
    first, _ = pipeline.receive(judge, raw_message("alice@example.org", "HELP"))
    second, _ = pipeline.receive(judge, raw_message("alice@example.org", "HELP"))
    bobs, _ = pipeline.receive(judge, raw_message("bob@example.org", "HELP"))
    with pg.unit_of_work() as held:
        assert repo_inbox.claim_inbox_messages(held, [first]) == {first}
        other = _started(lambda: pipeline.process_pending(judge))
        other.join(WAIT)
        assert not other.is_alive()
    assert _states(pg) == {first: InboxState.NEW, second: InboxState.NEW,
                           bobs: InboxState.DONE}
    pipeline.process_pending(judge)
    assert _states(pg) == dict.fromkeys((first, second, bobs), InboxState.DONE)
    with pg.unit_of_work() as session:
        replies = session.scalars(sa.select(OutboxMessage.in_reply_to_id)
                                  .order_by(OutboxMessage.id)).all()
    assert replies == [bobs, first, second]


def _states(db: Database) -> dict[int, InboxState]:
    with db.unit_of_work() as session:
        return {row.id: row.state for row in session.scalars(sa.select(InboxMessage))}


def test_a_sweep_skips_a_game_another_worker_holds_then_does_its_work(pg: Database) -> None:
    table = Table(pg, grace=timedelta(0))
    table.order(*HOLDS)
    table.clock.set(DEADLINE + timedelta(minutes=1))
    postman = table.talk.judge.postman
    with pg.unit_of_work() as held:
        game = repo.game_by_name(held, "alpha")
        assert game is not None
        repo_games.locked_game(held, game)
        busy: set[int] = set()
        started = time.monotonic()
        assert sweep_one(pg, game.id, table.clock, postman, busy=busy) == []
        assert busy == {game.id}
        assert time.monotonic() - started < 1.0  # skipped, not waited for
    done = sweep_one(pg, game.id, table.clock, postman, busy=busy)
    assert done == ["alpha S1901M: processed (the deadline passed with every power's orders "
                    "complete)"]
    assert sweep_one(pg, game.id, table.clock, postman, busy=set()) == []  # once only


def test_the_scheduler_tries_a_held_game_again_soon_and_processes_it_once(
        pg: Database) -> None:
    table = Table(pg, grace=timedelta(0))
    table.order(*HOLDS)
    table.clock.set(DEADLINE + timedelta(minutes=1))
    scheduler = JudgeScheduler(table.talk.judge)
    try:
        with pg.unit_of_work() as held:
            game = repo.game_by_name(held, "alpha")
            assert game is not None
            repo_games.locked_game(held, game)
            scheduler.start()  # the game is due: its date job fires at once, finds it held
            time.sleep(0.5)
            planned = scheduler.planned().get(game.id)
            assert planned is not None, "a held game was given up (left to the 5-minute sweep)"
        deadline = time.monotonic() + WAIT
        while _s1901m(pg).processed_at is None and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        scheduler.shutdown()
    assert _s1901m(pg).processed_at is not None
    with pg.unit_of_work() as session:
        assert session.scalar(sa.select(sa.func.count()).select_from(Turn)) == 2


def test_a_dead_workers_locks_end_with_its_connection(pg: Database) -> None:
    """What frees the rows a worker held when it stops for good: the connection's own
    settings, so nothing but the database URL is configured."""
    with pg.unit_of_work() as session:
        shown = {name: session.scalar(sa.text(f"SHOW {name}")) for name in (
            "idle_in_transaction_session_timeout", "tcp_keepalives_idle",
            "tcp_keepalives_count", "tcp_user_timeout")}
    assert shown == {"idle_in_transaction_session_timeout": "2min",
                     "tcp_keepalives_idle": "10", "tcp_keepalives_count": "3",
                     "tcp_user_timeout": "30000"}  # milliseconds
