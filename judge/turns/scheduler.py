"""APScheduler only wakes the judge: the deadlines themselves live in the database.

One date job per game at its next moment of interest (judge.turns.deadlines.next_wakeups),
rebuilt from the database at start and after every sweep, plus a periodic sweep of every
game, so a lost or stale job can delay a deadline by one period at most and never lose it.

The judge's clock may not be the wall clock (a test's ManualClock): a moment is planned at
the same distance from the wall clock as it is from the judge's clock.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

# APScheduler 3 ships no type information.
from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import (
    BackgroundScheduler,
)

from judge.game.parts import GameParts
from judge.turns.backlog import Backlog
from judge.turns.deadlines import (
    ANY_TURN,
    CIRCLE,
    circle_place,
    next_wakeups,
    sweep_all,
    sweep_one,
)

log = logging.getLogger(__name__)

SWEEP_EVERY = timedelta(minutes=5)
# How long the senders of a worker whose turns are behind may be kept waiting (backlog.py).
TURNS_FIRST = timedelta(seconds=60)
# When a game another worker held (PostgreSQL) is looked at again: by then that worker
# has done what was due, or its message is answered and the game is free.
BUSY_RETRY = timedelta(seconds=1)
SWEEP_JOB = "sweep"
ALL_GAMES = None  # as `swept`: the periodic sweep looked at every game
# Games' next moments, and the open turn each was read from (sweep_one's `planned`).
Wakeups = tuple[list[tuple[int, datetime]], dict[int, int | None]]


@dataclass
class Tally:
    """What this worker's sweeps cost, logged when it stops (bench/storm.py reads it to
    explain a storm's figures): its sweeps, the games another worker held when it came
    to them, those another worker had moved on since this one planned them, and the wall
    and CPU seconds of its sweeping thread in them; the wall that is not CPU was spent
    waiting (for the database, a lock, the interpreter lock)."""

    sweeps: int = 0
    busy: int = 0
    moved: int = 0
    wall: float = 0.0
    cpu: float = 0.0

    @contextlib.contextmanager
    def timing(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            self.sweeps += 1
            self.wall += time.perf_counter() - wall
            self.cpu += time.thread_time() - cpu

    def __str__(self) -> str:
        return (f"scheduler: {self.sweeps} sweeps, {self.busy} games found busy, "
                f"{self.moved} moved on by another, {self.wall:.2f} s wall, "
                f"{self.cpu:.2f} s CPU sweeping")


class JudgeScheduler:
    def __init__(self, judge: GameParts, *, sweep_every: timedelta = SWEEP_EVERY,
                 on_sweep: Callable[[list[str]], None] | None = None,
                 start: int | None = None, turns_first: timedelta = TURNS_FIRST) -> None:
        """`on_sweep` hears what each sweep did, after the jobs are re-planned; `start`:
        this worker's start on the circle of games (deadlines.circle_place), by default
        a random one, so that workers on one database share a storm out; `turns_first`:
        the longest the senders wait for the due turns (`backlog`)."""
        self._judge = judge
        self._start = random.randrange(CIRCLE) if start is None else start
        self._every = sweep_every
        self._on_sweep = on_sweep
        self._lock = threading.Lock()
        self._jobs: dict[int, str] = {}  # game id -> its date job's id
        # game id -> its open turn's id (None: none) when its date job was planned
        self._turns: dict[int, int | None] = {}
        # Games a sweep just looked at whose moment is still due: the sweep could not move
        # them on (a broken game). Left to the periodic sweep rather than woken in a loop.
        self._stalled: dict[int, datetime] = {}
        self._serial = 0
        self._closed = False
        self.tally = Tally()
        self.backlog = Backlog(turns_first, ignored=SWEEP_JOB)
        self._scheduler = BackgroundScheduler(
            timezone=UTC,
            # One worker: sweeps in this process never overlap (the database would cope,
            # but two threads would only queue for the same game's lock).
            executors={"default": ThreadPoolExecutor(1)},
            # A job late for any reason still runs, once: the sweep decides what is due.
            job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None})

    def start(self) -> None:
        self._scheduler.add_listener(self.backlog.listen, self.backlog.mask)
        self._scheduler.start()
        self._scheduler.add_job(self.sweep, "interval", id=SWEEP_JOB, replace_existing=True,
                                seconds=self._every.total_seconds())
        self.replan()

    def shutdown(self, wait: bool = True) -> None:
        # Closed first, under our lock: APScheduler's shutdown holds its job-store lock
        # while it waits for running jobs, so a job that then re-planned would deadlock.
        with self._lock:
            self._closed = True
        self.backlog.release()
        if self._scheduler.running:
            self._scheduler.shutdown(wait=wait)
        log.info("%s", self.tally)

    def planned(self) -> dict[int, datetime]:
        """Each game's planned wake-up, in wall-clock time."""
        with self._lock:
            jobs = {job.id: job for job in self._scheduler.get_jobs()}
            return {game_id: jobs[job_id].next_run_time
                    for game_id, job_id in self._jobs.items() if job_id in jobs}

    def queue(self) -> list[int]:
        """The planned games in the order their date jobs run."""
        with self._lock:
            games = {job_id: game_id for game_id, job_id in self._jobs.items()}
            return [games[job.id] for job in self._scheduler.get_jobs() if job.id in games]

    def sweep(self) -> list[str]:
        """Every game now (the periodic job; also callable directly)."""
        judge, busy = self._judge, set[int]()
        with self.tally.timing():
            done = sweep_all(judge.db, judge.clock, judge.postman, busy=busy,
                             start=self._start)
        self.tally.busy += len(busy)
        return self._after(done, ALL_GAMES, ALL_GAMES, busy)

    def wake(self, game_id: int) -> list[str]:
        """One game's date job; only that game is planned again after it. A game another
        worker has moved on since this one planned it is not swept: its next moment is
        read afresh and planned (not taken for a game the sweep left due)."""
        judge, busy, moved = self._judge, set[int](), set[int]()
        moments, turns = dict[int, datetime | None](), dict[int, int | None]()
        with self._lock:
            planned = self._turns.get(game_id, ANY_TURN)
        with self.tally.timing():
            done = sweep_one(judge.db, game_id, judge.clock, judge.postman, busy=busy,
                             wakeups=moments, turns=turns, planned=planned, moved=moved)
        self.tally.busy += len(busy)
        self.tally.moved += len(moved)
        # Its next moment came with the sweep's commit; read afresh if there was none.
        wakeups = ([(g, m) for g, m in moments.items() if m is not None], turns) \
            if game_id in moments else None
        return self._after(done, {game_id} - moved, {game_id}, busy, wakeups)

    def _after(self, done: list[str], swept: Collection[int] | None,
               only: Collection[int] | None, busy: Collection[int],
               wakeups: Wakeups | None = None) -> list[str]:
        for line in done:
            log.info("%s", line)
        self.replan(swept, busy=busy, only=only, wakeups=wakeups)
        if self._on_sweep is not None:
            self._on_sweep(done)
        return done

    def replan(self, swept: Collection[int] | None = (), *, busy: Collection[int] = (),
               only: Collection[int] | None = None, wakeups: Wakeups | None = None) -> None:
        """One date job per game from the database; call it after anything moved a deadline.
        `swept`: the games a sweep has just looked at (None: all of them); `busy`: those
        among them another worker held, tried again in BUSY_RETRY; `only`: plan these
        games alone (None: every game); `wakeups`: their next moments and open turns,
        when the sweep read them already (else they are read here)."""
        if wakeups is None:
            turns = dict[int, int | None]()
            wakeups = (next_wakeups(self._judge.db, only, turns), turns)
        moments, turns = wakeups
        with self._lock:
            if self._closed:
                return
            now, wall = self._judge.clock.now(), datetime.now(UTC)
            plan = self._unstalled(moments, swept, busy, now)
            known = set(self._jobs) if only is None else set(self._jobs) & set(only)
            for game_id in known - set(plan):
                self._drop(game_id)
            for game_id, moment in plan.items():
                run = wall + max(moment - now, timedelta(0))
                self._plan(game_id, max(run, wall + BUSY_RETRY) if game_id in busy else run,
                           turns.get(game_id, ANY_TURN))

    def _unstalled(self, wakeups: list[tuple[int, datetime]], swept: Collection[int] | None,
                   busy: Collection[int], now: datetime) -> dict[int, datetime]:
        """The wake-ups to plan: not those a sweep just looked at and left due, unless
        another worker held the game (it is being seen to)."""
        for game_id, moment in wakeups:
            if moment <= now and game_id not in busy and (swept is ALL_GAMES
                                                          or game_id in swept):
                self._stalled[game_id] = moment
                log.warning("game %s is still due after a sweep; the periodic sweep "
                            "will try it again", game_id)
            elif self._stalled.get(game_id) != moment:
                self._stalled.pop(game_id, None)
        return {g: m for g, m in wakeups if self._stalled.get(g) != m}

    def _plan(self, game_id: int, run: datetime, turn: int | None) -> None:
        # A fresh id each time: the scheduler removes a fired date job by its id after
        # handing it to the worker, which might already have planned the game's next one.
        self._drop(game_id)
        self._serial += 1
        # APScheduler runs the jobs due at one moment in the order of their ids: this
        # worker's order round the circle of games, from its own start.
        place = circle_place(game_id, self._start)
        job_id = f"game-{place:08x}-{game_id}-{self._serial}"
        self._scheduler.add_job(self.wake, "date", run_date=run, args=[game_id], id=job_id)
        self._jobs[game_id] = job_id
        self._turns[game_id] = turn

    def _drop(self, game_id: int) -> None:
        job_id = self._jobs.pop(game_id, None)
        self._turns.pop(game_id, None)
        if job_id is not None:
            with contextlib.suppress(JobLookupError):  # it has fired
                self._scheduler.remove_job(job_id)
