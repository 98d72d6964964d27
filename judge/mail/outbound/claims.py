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

Beside it, `<file>.sent` journals each delivery the relay accepted, as `<outbox id>
<attempt>`, appended by one write before the delivery is recorded in the database: the
senders record their deliveries a few at a time, one commit for several (the per-message
commit queued each sender behind the worker's transaction for SQLite's single writer,
which made the senders the mail path's slowest stage, issue #18). A line lost would send a
message twice, so the file is only ever appended to, and cut back only to lines already
recorded. The next start records what it names (`take_sent`), fenced like any outcome by
the attempt: a line already recorded, or for a message another sender claimed since,
changes nothing, so a stale line is harmless. A kill between the relay's answer and the
line sends that one message again, as a kill before the record did without the journal.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger(__name__)

FORMAT = "judge outbox claims 1"
SENT_FORMAT = "judge outbox sent 1"
# The sends file is cut back to its header once nothing in it waits for its record; if
# that moment does not come (senders never all idle), it is rewritten once this large.
SENT_COMPACT_BYTES = 1 << 18


class ClaimJournal:
    """One judge's journal; its methods may be called from several sender threads."""

    def __init__(self, path: str | Path, database: str) -> None:
        self.path = Path(path)
        self._header = f"{FORMAT} {database}\n"
        self._sent_path = self.path.with_name(self.path.name + ".sent")
        self._sent_header = f"{SENT_FORMAT} {database}\n".encode()
        self._claims: dict[int, int] = {}
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._sent_fd: int | None = None
        self._unrecorded: dict[int, int] = {}  # journaled deliveries not yet recorded
        self._sent_size = 0
        self._left_sent: list[tuple[int, int]] = []
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
        self._left_sent = self._open_sent()
        with self._lock:
            self._claims.update(left)  # kept until released: a crash first keeps them
        return sorted(left.items())

    def take_sent(self) -> list[tuple[int, int]]:
        """The deliveries (outbox id, attempt) the previous run journaled, recorded or not:
        to record before its claims are released (once: a second call gives none)."""
        left, self._left_sent = self._left_sent, []
        return left

    def sent(self, row_id: int, attempt: int) -> bool:
        """Journal a delivery the relay accepted, before its record, by one appending write:
        whether it is journaled (if not, the caller records it at once)."""
        line = f"{row_id} {attempt}\n".encode()
        with self._lock:
            if self._sent_fd is None:
                return False
            try:
                os.write(self._sent_fd, line)
            except OSError as exc:
                self._sent_failed(exc)
                return False
            self._sent_size += len(line)
            self._unrecorded[row_id] = attempt
            return True

    def recorded(self, row_ids: Iterable[int]) -> None:
        """Deliveries (and any outcome) now recorded in the database: their lines and
        claims are stale; the sends file is cut back when none of its lines is needed."""
        with self._lock:
            for row_id in row_ids:
                self._unrecorded.pop(row_id, None)
                self._claims.pop(row_id, None)
            if self._sent_fd is None or self._sent_size <= len(self._sent_header):
                return
            if not self._unrecorded:
                self._cut_sent()
            elif self._sent_size > SENT_COMPACT_BYTES:
                self._compact_sent()

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
        """Write what is still claimed (nothing, after a clean stop) and let the files go."""
        with self._lock:
            self._write()
            fd, self._fd = self._fd, None
            sent_fd, self._sent_fd = self._sent_fd, None
        if sent_fd is not None:
            os.close(sent_fd)
        if fd is not None:
            os.close(fd)  # and with it the lock

    # ------------------------------------------------------------------ the sends file
    def _open_sent(self) -> list[tuple[int, int]]:
        """Open the sends file for appending, under the journal's lock: what it holds."""
        try:
            fd = os.open(self._sent_path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        except OSError as exc:
            log.warning("outbox: cannot open %s (%s); each delivery is recorded on its own",
                        self._sent_path, exc)
            return []
        self._sent_fd = fd
        try:
            text = os.pread(fd, 1 << 24, 0)
        except OSError as exc:
            log.warning("outbox: cannot read %s (%s)", self._sent_path, exc)
            text = b""
        if not text.startswith(self._sent_header):  # new, or another database's
            with self._lock:
                self._cut_sent()
            return []
        self._sent_size = len(text)
        left = _pairs(text[len(self._sent_header):].decode("utf-8", "replace"))
        with self._lock:
            self._unrecorded.update(left)  # kept in the file until they are recorded
        return left

    def _cut_sent(self) -> None:
        # Only lines already recorded are dropped here: a kill halfway loses nothing.
        assert self._sent_fd is not None
        try:
            os.ftruncate(self._sent_fd, 0)
            os.write(self._sent_fd, self._sent_header)
            self._sent_size = len(self._sent_header)
        except OSError as exc:
            self._sent_failed(exc)

    def _compact_sent(self) -> None:
        """The file rewritten with the lines still needed, whole or not at all (a rename)."""
        assert self._sent_fd is not None
        lines = "".join(f"{row} {attempt}\n" for row, attempt in self._unrecorded.items())
        data = self._sent_header + lines.encode()
        new = self._sent_path.with_name(self._sent_path.name + ".new")
        try:
            new.write_bytes(data)
            os.replace(new, self._sent_path)
            fd = os.open(self._sent_path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            self._sent_failed(exc)
            return
        os.close(self._sent_fd)
        self._sent_fd, self._sent_size = fd, len(data)

    def _sent_failed(self, exc: OSError) -> None:
        """A sends file that cannot be written is given up: the senders then record each
        delivery on its own, as without it (`sent` says False)."""
        log.warning("outbox: cannot write %s (%s); each delivery is recorded on its own "
                    "from now on", self._sent_path, exc)
        fd, self._sent_fd = self._sent_fd, None
        if fd is not None:
            with contextlib.suppress(OSError):  # it is being given up for failing
                os.close(fd)

    def _read(self, fd: int) -> dict[int, int]:
        try:
            text = os.pread(fd, 1 << 20, 0).decode("utf-8", "replace")
        except OSError as exc:
            log.warning("outbox: cannot read the claims journal %s (%s)", self.path, exc)
            return {}
        if not text.startswith(self._header):  # empty, or another database's
            return {}
        return dict(_pairs(text[len(self._header):]))

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


def _pairs(text: str) -> list[tuple[int, int]]:
    """The `<outbox id> <attempt>` lines of a journal's body; anything else is skipped."""
    pairs = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 2 and all(field.isdigit() for field in fields):
            pairs.append((int(fields[0]), int(fields[1])))
    return pairs
