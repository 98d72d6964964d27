"""Three `judge serve` on one throw-away PostgreSQL database under a stream of order mail
and deadlines, one of them killed with SIGKILL mid-way and started again (issue #18):
every message answered once, every turn processed once, every report sent once.

The kill is the crash point `outbox-claimed` (judge/faults.py: the process SIGKILLs
itself): the worker has answered orders, processed turns and claimed the mail they made,
and dies before sending any of it. Its one sender is then the only one the kill can stop
mid-send, so no delivery can have reached the relay unrecorded (SMTP's one window for a
duplicate, docs/deployment.md): the test can ask for exactly once.
"""

from __future__ import annotations

import signal
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from judge.store.db import Database, upgrade
from tests.conversations.deadlines import MASTER
from tests.integration.workers_helpers import (
    Record,
    Seat,
    Worker,
    header,
    journal_claims,
    order_mail,
    record,
    started_games,
    submit,
)
from tests.mail.smtp_sink import Sink

ORDER_GAMES = ["oa", "ob", "oc", "od"]  # every power orders: processed by the last message
DEADLINE_GAMES = ["da", "db", "dc", "dd"]  # three powers never order: the deadline does it
LATE = 3


def _wait(what: str, done: Callable[[], bool], timeout: float = 45.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError(f"still waiting for {what}")
        time.sleep(0.2)


def _all_sent(db: Database) -> bool:
    return all(state == "sent" for _, state, _, _ in record(db).outbox)


def _over(db: Database) -> bool:
    """Every game's first turn processed, every message done, every mail sent."""
    found = record(db)
    return (len(found.turns) == 8
            and all(turns[0] == ("S1901M", True) for turns in found.turns.values())
            and set(found.inbox_states) == {"done"}
            and all(state == "sent" for _, state, _, _ in found.outbox))


def _orders(seats: dict[str, list[Seat]], games: list[str], skip: int = 0) -> list[bytes]:
    return [order_mail(seat) for game in games for seat in seats[game][skip:]]


def test_three_workers_answer_process_and_send_everything_once_across_a_kill(
        postgres_url: str, tmp_path: Path) -> None:
    upgrade(postgres_url)
    db = Database(postgres_url)
    ordered = started_games(db, ORDER_GAMES, None)
    due = started_games(db, DEADLINE_GAMES, datetime.now(UTC) + timedelta(seconds=25))
    with Sink() as sink:
        w1, w2 = (Worker(name, postgres_url, tmp_path, sink.port) for name in ("w1", "w2"))
        # One sender, so the crash point stops the only thread that sends (see above).
        w3 = Worker("w3", postgres_url, tmp_path, sink.port, JUDGE_FAULT="outbox-claimed",
                    JUDGE_SENDERS="1")
        try:
            w1.start(), w2.start()
            submit([w1, w2], _orders(ordered, ORDER_GAMES[:2]))
            _wait("the first two games' mail", lambda: len(record(db).outbox) >= 30
                  and _all_sent(db))
            w3.start()
            # Its own receiver wakes its own worker and sender first: it answers these,
            # processes both games, claims the mail and dies, with batches maybe open.
            submit([w3], _orders(ordered, ORDER_GAMES[2:]), fallback=[w1, w2])
            assert w3.wait_killed() == -signal.SIGKILL
            held = journal_claims(w3)
            assert held, "the killed worker claimed nothing"
            assert {state for row_id, state, _, _ in record(db).outbox
                    if row_id in held} == {"sending"}
            submit([w1, w2], _orders(due, DEADLINE_GAMES, LATE))
            w3.start(JUDGE_FAULT=None, JUDGE_SENDERS=None)
            assert "this judge was sending when it stopped are due again now" in w3.log_text()
            _wait("every turn processed and all mail sent", lambda: _over(db))
            assert [worker.stop() for worker in (w1, w2, w3)] == [0, 0, 0]
        finally:
            for worker in (w1, w2, w3):
                worker.kill()
        delivered = Counter(header(d.data, "Message-ID") for d in sink.received)
    final = record(db)
    db.dispose()
    _check_once(final, delivered, {**ordered, **due}, held)
    logs = "".join(worker.log_text() for worker in (w1, w2, w3))
    for game in DEADLINE_GAMES:
        assert logs.count(f"{game} S1901M: processed (grace ended") == 1, game


def _check_once(final: Record, delivered: Counter[str], seats: dict[str, list[Seat]],
                held: set[int]) -> None:
    messages = 7 * len(ORDER_GAMES) + (7 - LATE) * len(DEADLINE_GAMES)
    assert final.inbox_states == Counter(done=messages)
    assert set(final.replies.values()) == {1}  # every message answered, once
    assert final.turns == {game: [("S1901M", True), ("F1901M", False)] for game in seats}
    readers = {(game, address) for game, game_seats in seats.items()
               for address in [MASTER, *(seat.address for seat in game_seats)]}
    assert final.reports == Counter(readers)  # every reader's report queued once
    queued = Counter(mid for _, _, _, mid in final.outbox)
    assert set(queued.values()) == {1}
    assert delivered == queued  # and each delivered once: nothing lost, nothing twice
    # What the killed worker had claimed was claimed again at its restart, and sent then.
    assert {row_id for row_id, _, attempts, _ in final.outbox if attempts == 2} == held
