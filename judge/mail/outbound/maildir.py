"""Outgoing mail into a local Maildir: the embedded default when no relay is configured."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import socket
import uuid
from pathlib import Path

from judge.mail.outbound.delivery import TemporaryFailure

log = logging.getLogger(__name__)


class MaildirTransport:
    """Delivery into a Maildir (tmp/, then new/), once per outbox row.

    The file is named after the row and its bytes, so a row claimed again after a crash
    finds its earlier delivery in new/ or cur/ and does not write a second copy; a row of
    another database with the same id but other bytes still gets its own file.
    """

    def __init__(self, path: str | Path) -> None:
        self._root = Path(path)
        # The Maildir convention's escapes for the two characters a host name must not hold.
        self._host = socket.gethostname().replace("/", r"\057").replace(":", r"\072")

    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        name = f"judge-{row_id}-{hashlib.sha256(raw).hexdigest()[:16]}.{self._host}"
        try:
            for folder in ("tmp", "new", "cur"):
                (self._root / folder).mkdir(mode=0o700, parents=True, exist_ok=True)
            if self._delivered(name):
                log.info("outbox message %d is already in the Maildir %s as %s; not written "
                         "again", row_id, self._root, name)
                return
            self._write(name, raw.replace(b"\r\n", b"\n"))  # a Unix file: LF line ends
        except OSError as exc:
            raise TemporaryFailure(f"cannot write into the Maildir {self._root}: {exc}") \
                from exc

    def close(self) -> None:
        """Nothing is kept between deliveries."""

    def _delivered(self, name: str) -> bool:
        if (self._root / "new" / name).exists():
            # new/ before cur/: a reader moving the file between the two looks finds it in cur/.
            return True
        with os.scandir(self._root / "cur") as entries:
            # A reader that saw it renamed it into cur/ with ":2,<flags>" appended.
            return any(e.name == name or e.name.startswith(name + ":") for e in entries)

    def _write(self, name: str, data: bytes) -> None:
        temporary = self._root / "tmp" / f"{name}.{uuid.uuid4().hex}"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())  # on disk before new/ shows it, and before the commit
            # FileExistsError: a sender racing on the same row got there first; same bytes.
            with contextlib.suppress(FileExistsError):
                os.link(temporary, self._root / "new" / name)
        finally:
            temporary.unlink(missing_ok=True)
        directory = os.open(self._root / "new", os.O_RDONLY)
        try:
            os.fsync(directory)  # the new directory entry must survive a crash too
        finally:
            os.close(directory)
