"""The claims journal: which outbox messages this judge was sending, in a small local file,
so that after a crash the next start sends them again at once instead of after the lease.

A claim (repo_mail.claim_due) holds a message for the whole send lease, because another
process on the same database cannot tell a sender that died from one that is slow. The
next life of the same judge can: the journal names its own claims, each as the row and the
attempt the claim set. `judge serve` locks the file (flock) for as long as it runs, so a
judge that gets the lock knows whoever wrote the claims in it has stopped, and releases
them (repo_mail.release_claims). A release takes a row only while it is still SENDING under
that same attempt: a line for a claim that was settled since, or claimed again by another
sender after its lease, changes nothing. So a stale line is harmless, and a lost one only
leaves its message to wait out the lease, as without a journal.

The file holds a first line naming the database (a journal is no use with another one),
then `<outbox id> <attempt>` per claim. It is truncated before it is rewritten: a kill
between the two loses lines, it never mixes two versions.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger(__name__)

FORMAT = "judge outbox claims 1"


class ClaimJournal:
    """One judge's journal; its methods may be called from several sender threads."""

    def __init__(self, path: str | Path, database: str) -> None:
        self.path = Path(path)
        self._header = f"{FORMAT} {database}\n"
        self._claims: dict[int, int] = {}
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._failing = False

    def open(self) -> list[tuple[int, int]]:
        """Lock the journal and take over the claims the previous run left in it: (outbox
        id, attempt) pairs to release; none if another running judge holds the journal,
        which then stays unused here (those claims are that judge's, alive)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            log.warning("outbox: cannot open the claims journal %s (%s); after a crash, "
                        "messages being sent wait out their lease", self.path, exc)
            return []
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            log.warning("outbox: the claims journal %s is locked by another running judge; "
                        "this one keeps none (give each judge its own claims_file)", self.path)
            return []
        self._fd = fd
        left = self._read(fd)
        with self._lock:
            self._claims.update(left)  # kept until released: a crash first keeps them
        return sorted(left.items())

    def claimed(self, claims: Iterable[tuple[int, int]]) -> None:
        """Record claims (outbox id, attempt) before the claim's commit."""
        with self._lock:
            self._claims.update(claims)
            self._write()

    def settled(self, row_ids: Iterable[int]) -> None:
        """Forget claims whose outcome is recorded (or released); the file follows with the
        next claim: until then the lines are stale, which is harmless."""
        with self._lock:
            for row_id in row_ids:
                self._claims.pop(row_id, None)

    def close(self) -> None:
        """Write what is still claimed (nothing, after a clean stop) and let the file go."""
        with self._lock:
            self._write()
            fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # and with it the lock

    def _read(self, fd: int) -> dict[int, int]:
        try:
            text = os.pread(fd, 1 << 20, 0).decode("utf-8", "replace")
        except OSError as exc:
            log.warning("outbox: cannot read the claims journal %s (%s)", self.path, exc)
            return {}
        if not text.startswith(self._header):  # empty, or another database's
            return {}
        claims = {}
        for line in text[len(self._header):].splitlines():
            fields = line.split()
            if len(fields) == 2 and all(field.isdigit() for field in fields):
                claims[int(fields[0])] = int(fields[1])
        return claims

    def _write(self) -> None:
        if self._fd is None:
            return
        text = self._header + "".join(f"{row} {attempt}\n"
                                      for row, attempt in sorted(self._claims.items()))
        try:
            os.ftruncate(self._fd, 0)
            os.pwrite(self._fd, text.encode("utf-8"), 0)
        except OSError as exc:  # the journal only speeds recovery up: sending goes on
            if not self._failing:
                log.warning("outbox: cannot write the claims journal %s (%s); after a "
                            "crash, messages being sent wait out their lease", self.path, exc)
            self._failing = True
            return
        self._failing = False
