"""The deadline sweep: it may run any time, any number of times (turns/scheduler.py wakes
it, `judge sweep` and the tests call it). Each game is locked, read afresh and given what
its clock asks for (deadline_rules.py); a game that fails is rolled back, logged and
skipped. `next_wakeups` tells the scheduler when to sweep each game next.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Collection
from datetime import datetime

from sqlalchemy.orm import Session

from judge.game.clock import Clock
from judge.game.postman import Postman
from judge.store import repo_games
from judge.store.db import Database
from judge.store.models import Game
from judge.store.repo_games import locked_game
from judge.turns.deadline_rules import due_work, next_moment

log = logging.getLogger(__name__)


def sweep(session: Session, clock: Clock, postman: Postman,
          rng: random.Random | None = None) -> list[str]:
    """Every game's due work in the caller's transaction, each game in its own savepoint
    so one that fails is rolled back, logged and skipped. Lines saying what was done."""
    done: list[str] = []
    for game_id in _sweepable(session):
        try:
            with session.begin_nested():
                done += sweep_game(session, game_id, clock, postman, rng)
        except Exception as exc:
            log.exception("deadline sweep of game %s failed", game_id)
            done.append(f"game {game_id}: sweep failed ({type(exc).__name__}: {exc})")
    return done


class GameBusy(Exception):
    """Another worker holds the game's lock: it is sweeping the game or answering its mail."""


# Fibonacci hashing: consecutive game ids land far apart on the circle of games.
_SPREAD = 2654435761
CIRCLE = 1 << 32


def circle_place(game_id: int, start: int) -> int:
    """The game's place in the sweep of a worker that starts at `start` on the circle of
    games. Every worker goes round the games in one order, each from its own start, so
    workers sweeping at one moment begin on games nobody else has and meet a game another
    worker had only once that worker is past it (issue #18: otherwise every worker queued
    for the same games in the same order, finding them busy, then done)."""
    return (game_id * _SPREAD - start) % CIRCLE


def sweep_all(db: Database, clock: Clock, postman: Postman,
              rng: random.Random | None = None, *, busy: set[int] | None = None,
              start: int | None = None) -> list[str]:
    """Every game's due work, each game in its own unit of work; `busy` as in sweep_one;
    `start`: the worker's start on the circle of games (None: in the database's order)."""
    with db.unit_of_work() as session:
        game_ids = _sweepable(session)
    if start is not None:
        game_ids.sort(key=lambda game_id: circle_place(game_id, start))
    done: list[str] = []
    for game_id in game_ids:
        done += sweep_one(db, game_id, clock, postman, rng, busy=busy)
    return done


# sweep_one's `planned` when the caller planned nothing: whatever turn is open is swept.
ANY_TURN = -1


def sweep_one(db: Database, game_id: int, clock: Clock, postman: Postman,
              rng: random.Random | None = None, *, busy: set[int] | None = None,
              wakeups: dict[int, datetime | None] | None = None,
              turns: dict[int, int | None] | None = None, planned: int | None = ANY_TURN,
              moved: set[int] | None = None) -> list[str]:
    """One game's due work in its own unit of work; a failure is logged, never raised.
    Given `busy`, a game whose lock another worker holds is not waited for but added to it:
    workers sweeping at one deadline share the games out instead of queueing for each.
    Given `wakeups`, the game's next moment (as next_wakeups says it; None: it has none)
    goes into it by its id, read in the same unit of work once the work is done (issue
    #18: a unit of work of its own was a second turn at SQLite's writer lock in each turn
    of a storm); only if that unit of work commits; and into `turns`, its open turn's id.
    `planned`: the id of the game's open turn when the caller planned this sweep (None:
    it had none); a game whose open turn is another by now is not swept but added to
    `moved`: another worker moved it on since, and its next moment is read afresh
    (issue #18: at a deadline every worker's date jobs woke every game, and each game
    another worker had done cost a tenth of a turn to find so)."""
    try:
        with db.unit_of_work() as session:
            if planned != ANY_TURN and repo_games.open_turn_id(session, game_id) != planned:
                assert moved is not None
                moved.add(game_id)
                done = []
            else:
                done = sweep_game(session, game_id, clock, postman, rng,
                                  skip_busy=busy is not None)
            after = dict(wakeups_in(session, [game_id], turns)) \
                if wakeups is not None else {}
        if wakeups is not None:
            wakeups[game_id] = after.get(game_id)
        return done
    except GameBusy:
        assert busy is not None
        busy.add(game_id)
        return []
    except Exception as exc:
        log.exception("deadline sweep of game %s failed", game_id)
        return [f"game {game_id}: sweep failed ({type(exc).__name__}: {exc})"]


def _sweepable(session: Session) -> list[int]:
    return repo_games.game_ids_in_play(session)


def sweep_game(session: Session, game_id: int, clock: Clock, postman: Postman,
               rng: random.Random | None = None, *, skip_busy: bool = False) -> list[str]:
    """One game's due work, under its lock. Expires the session's objects (so a caller's
    unflushed changes are flushed first): what they held may be stale once the lock is ours.
    `skip_busy`: raise GameBusy rather than wait for another worker's lock."""
    session.flush()
    # Another sweep may have acted while we waited for the lock: everything read before it
    # is read afresh (the game by the lock's own query).
    session.expire_all()
    if skip_busy:
        free = repo_games.game_if_free(session, game_id)
        if free is None:  # or gone: the retry finds it out of play
            raise GameBusy(game_id)
        game = free
    else:
        found = repo_games.game_by_id(session, game_id)
        if found is None:
            return []
        game = locked_game(session, found)
    return due_work(session, game, clock, postman, rng)


def next_wakeups(db: Database, game_ids: Collection[int] | None = None,
                 turns: dict[int, int | None] | None = None) -> list[tuple[int, datetime]]:
    """Each game's next moment of interest (a reminder, deadline, grace end or start time),
    by game id; of the games `game_ids` only, when given. A moment may be past: the sweep
    has work for it now. `turns`, when given, gets each game's open turn's id (None: it
    has none): what the moment was read from (sweep_one's `planned`)."""
    with db.unit_of_work() as session:
        return wakeups_in(session, game_ids, turns)


def wakeups_in(session: Session, game_ids: Collection[int] | None = None,
               turns: dict[int, int | None] | None = None) -> list[tuple[int, datetime]]:
    """next_wakeups in the caller's transaction."""
    games = repo_games.games_in_play(session, game_ids)
    if len(games) > 1:
        repo_games.read_open_turns(session, game_ids)
    found = [(game.id, _moment_or_none(session, game, turns)) for game in games]
    return [(game_id, moment) for game_id, moment in found if moment is not None]


def _moment_or_none(session: Session, game: Game,
                    turns: dict[int, int | None] | None) -> datetime | None:
    try:
        if turns is not None:
            turn = repo_games.current_turn(session, game)  # read once: next_moment's too
            turns[game.id] = None if turn is None else turn.id
        return next_moment(session, game)
    except Exception:
        # One unreadable game must not stop the others being planned; the periodic
        # sweep still looks at it and reports the failure.
        log.exception("cannot plan game %s", game.id)
        return None
