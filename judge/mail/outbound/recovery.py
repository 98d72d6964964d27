"""What the last run of this judge left in its claims journal (claims.py), settled in the
database: the deliveries the relay had taken recorded as sent, then the claims it held
released (due again at once), each fenced by its attempt.

At start, normally. A database that does not answer then (down, locked past its timeout)
is tried again before each round of the senders: until the deliveries are recorded, their
lines stay in the sends file, and their rows stay claimed, so no sender sends them again
meanwhile unless their lease runs out first.
"""

from __future__ import annotations

import logging
import threading

from judge.game.clock import Clock
from judge.mail.outbound.claims import ClaimJournal
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.errors import describe, trouble

log = logging.getLogger(__name__)


class LeftBehind:
    """The journal's leftovers, taken as the journal is opened."""

    def __init__(self, db: Database, clock: Clock, journal: ClaimJournal) -> None:
        self._db, self._clock, self._journal = db, clock, journal
        self._claims = journal.open()
        self._sent = journal.take_sent()
        self._lock = threading.Lock()
        self._warned = False

    def settle(self) -> None:
        """Record and release what is left, if anything; a database in trouble is said
        once and tried again at the next call."""
        with self._lock:
            if not (self._claims or self._sent):
                return
            try:
                recorded, released = self._settle()
            except Exception as exc:
                what = trouble(exc)
                if what is None:
                    raise
                if not self._warned:
                    log.warning("outbox: what this judge was sending when it stopped is "
                                "settled once the database answers: %s (%s)", what,
                                describe(exc))
                self._warned = True
                return
            self._report(recorded, released)

    def _settle(self) -> tuple[int, int]:
        with self._db.unit_of_work() as session:
            now = self._clock.now()
            recorded = sum(repo_mail.mark_sent(session, row_id, attempt, now)
                           for row_id, attempt in self._sent)
            released = repo_mail.release_claims(session, self._claims, now)
        return recorded, released

    def _report(self, recorded: int, released: int) -> None:
        self._journal.recorded([*(row for row, _ in self._claims),
                                *(row for row, _ in self._sent)])
        if recorded:
            log.info("outbox: %d message(s) the relay took before this judge stopped are "
                     "recorded as sent", recorded)
        if self._claims:
            log.info("outbox: %d message(s) this judge was sending when it stopped are due "
                     "again now", released)
        self._claims, self._sent = [], []
