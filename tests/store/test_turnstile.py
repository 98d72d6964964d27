"""The turnstile in front of SQLite units of work: one process's writers take turns in
the order they came, a thread may nest, and a wait too long is a transient error."""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa

from judge.store.db import Database, Turnstile, is_transient


def _queue_behind(gate: Turnstile, names: list[str], order: list[str]) -> list[threading.Thread]:
    threads = []
    for name in names:
        def take(name: str = name) -> None:
            with gate.turn():
                order.append(name)
        thread = threading.Thread(target=take)
        thread.start()
        threads.append(thread)
        time.sleep(0.05)  # each is queued before the next arrives
    return threads


def test_writers_take_turns_in_arrival_order() -> None:
    gate, order = Turnstile(), list[str]()
    with gate.turn():
        threads = _queue_behind(gate, ["b", "c", "d"], order)
        assert order == []  # all wait while the first holds its turn
        order.append("a")
    for thread in threads:
        thread.join(5)
    assert order == ["a", "b", "c", "d"]


def test_a_thread_may_nest_its_units_of_work() -> None:
    gate = Turnstile(timeout=1)
    with gate.turn(), gate.turn():
        pass
    with gate.turn():  # and the gate is free again afterwards
        pass


def test_a_long_wait_is_a_transient_error_and_the_queue_goes_on() -> None:
    gate, order = Turnstile(timeout=0.2), list[str]()
    failures: list[BaseException] = []

    def impatient() -> None:
        try:
            with gate.turn():
                order.append("impatient")
        except sa.exc.OperationalError as exc:
            failures.append(exc)

    with gate.turn():
        waiter = threading.Thread(target=impatient)
        waiter.start()
        waiter.join(5)
        later = _queue_behind(gate, ["later"], order)
    for thread in later:
        thread.join(5)
    assert [is_transient(f) for f in failures] == [True]
    assert "locked by this process's other writers" in str(failures[0])
    assert order == ["later"]  # the abandoned turn is skipped, not waited for


@pytest.mark.parametrize("url", ["sqlite://", "postgresql://u@localhost/x"])
def test_only_sqlite_queues(url: str) -> None:
    db = Database(url)
    assert (db._turnstile is not None) == url.startswith("sqlite")
    db.dispose()
