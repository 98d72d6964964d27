"""Files the sender draws before it sends them (issue #18): a turn report's PNG is stored
as its SVG with the drawing's name (judge/attachment.py `drawn_by`), so that the turn's
transaction does not draw it. Before the first send of such a message the sender draws the
file, stores it (content-addressed) and points every row still waiting for that drawing
at it, in one commit. The picture stage, `draw_pending`, draws them as they are queued,
ahead of the senders, which leave such a message to it for a grace once due (the claim,
judge/store/repo_mail.py): a picture drawn by a stage and a sender at once cost the
storm's pg-2 twice the CPU. A sender draws it itself after the grace (no stage running,
a stage behind or whose drawing failed). A send after that, a resend after a crash
included, carries the stored bytes. A crash before that
commit draws it again: the drawing is deterministic (judge/pictures/png.py), so the bytes
are the same either way."""

from __future__ import annotations

import contextlib
import logging
import threading
import weakref
from collections.abc import Iterator, MutableSet, Sequence
from typing import NamedTuple

from sqlalchemy.orm import Session

from judge import faults
from judge.mail.outbound.encoded_parts import StoredFile
from judge.pictures.png import drawn_file
from judge.store import repo_drawn
from judge.store.db import Database
from judge.store.models import OutboxAttachment, OutboxMessage

log = logging.getLogger(__name__)


class DrawnFile(NamedTuple):
    filename: str
    content_type: str
    data: bytes
    inline: bool
    digest: str


def holds_sources(db: Database) -> bool:
    """The transaction policy of a drawing, by database. PostgreSQL (several workers): the
    source is locked while it is drawn and the drawing stored in that same transaction,
    so that no other worker's stage or sender draws it meanwhile. SQLite (one writer at a
    time): no transaction while drawing, the drawing stored in a short one of its own, so
    that the write lock the turns wait for is never held for a drawing."""
    return db.engine.dialect.name == "postgresql"


class Underway:
    """The drawings under way in one process, and the last ones it finished: so that its
    picture stage and its senders do not draw one picture twice. SQLite has no row lock to
    say so (on PostgreSQL the source's lock does, across workers too), and a stage whose
    list of pictures was read before a sender drew one would draw it again."""

    def __init__(self, remembered: int = 4096) -> None:
        self._changed = threading.Condition()
        self._busy: set[tuple[str, str]] = set()
        self._done: dict[tuple[str, str], None] = {}  # in the order finished
        self._remembered = remembered

    @contextlib.contextmanager
    def drawing(self, key: tuple[str, str], *, wait: bool) -> Iterator[bool]:
        """Whether the caller is to draw `key` (source, drawing) now. wait=False (the
        stage): False while another thread draws it or once one has lately. wait=True (a
        sender): True once no other thread draws it, the caller to see first whether it
        is stored. Never wait for it inside a unit of work: SQLite's turn is one for all."""
        if not self._take(key, wait):
            yield False
            return
        done = False
        try:
            yield True
            done = True
        finally:
            self._leave(key, done)

    def _take(self, key: tuple[str, str], wait: bool) -> bool:
        with self._changed:
            if not wait and (key in self._busy or key in self._done):
                return False
            while key in self._busy:
                self._changed.wait()
            self._busy.add(key)
            return True

    def _leave(self, key: tuple[str, str], done: bool) -> None:
        with self._changed:
            self._busy.discard(key)
            if done:
                self._done[key] = None
                if len(self._done) > self._remembered:
                    del self._done[next(iter(self._done))]
            self._changed.notify_all()


# A process's, per database: the picture stage and the senders of a `judge serve` share it.
_UNDERWAY: weakref.WeakKeyDictionary[Database, Underway] = weakref.WeakKeyDictionary()
_UNDERWAY_MADE = threading.Lock()


@contextlib.contextmanager
def _drawing(db: Database, key: tuple[str, str], *, wait: bool) -> Iterator[bool]:
    """Underway.drawing on SQLite; on PostgreSQL the source's row lock keeps drawings
    apart (holds_sources), in one process as across workers: always True."""
    if holds_sources(db):
        yield True
        return
    with _UNDERWAY_MADE:
        underway = _UNDERWAY.setdefault(db, Underway())
    with underway.drawing(key, wait=wait) as ours:
        yield ours


@contextlib.contextmanager
def _storing(db: Database, held: Session | None) -> Iterator[Session]:
    """Where a drawing is stored: the transaction holding its source, else a new one."""
    if held is not None:
        yield held
    else:
        with db.unit_of_work(durable=False) as session:
            yield session


class Drawer:
    """One sender's: the files it drew in its current claim, by their source and drawing
    (a turn's readers mostly share one picture: drawn and stored once)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._hold = holds_sources(db)
        self._drawn: dict[tuple[str, str], DrawnFile] = {}

    def new_claim(self) -> None:
        """Forget the last claim's files: a row claimed later is read after their commit."""
        self._drawn.clear()

    def files(self, row: OutboxMessage) -> Sequence[StoredFile]:
        """`row`'s files as sent, each one still to draw drawn and stored first (unless
        the picture stage has since). ValueError on a drawing this judge does not know."""
        return [file if file.drawn_by is None else self._drawn_file(file)
                for file in row.attachments]

    def _drawn_file(self, file: OutboxAttachment) -> DrawnFile:
        assert file.drawn_by is not None
        key = (file.digest, file.drawn_by)
        found = self._drawn.get(key)
        if found is None:
            with _drawing(self._db, key, wait=True):
                found = self._drawn[key] = self._stored(file, file.drawn_by)
            faults.point("outbox-drawn")
        return DrawnFile(file.filename, file.content_type, found.data, file.inline,
                         found.digest)

    def _stored(self, file: OutboxAttachment, drawn_by: str) -> DrawnFile:
        """The file as stored: the stage's drawing if it has drawn it since the claim,
        else drawn and stored here (under the database's policy, holds_sources)."""
        with self._db.unit_of_work(durable=False) as session:
            stored = repo_drawn.drawn_since(session, file.id, file.digest, self._hold)
            if stored is None and self._hold:
                stored = self._draw(session, file, drawn_by)
        if stored is None:
            stored = self._draw(None, file, drawn_by)
        return DrawnFile("", "", stored[1], False, stored[0])

    def _draw(self, held: Session | None, file: OutboxAttachment,
              drawn_by: str) -> tuple[str, bytes]:
        data = drawn_file(drawn_by, file.data)
        with _storing(self._db, held) as session:
            return repo_drawn.settle_drawn(session, file.digest, drawn_by, data), data


def draw_pending(db: Database, limit: int = 8,
                 failing: MutableSet[tuple[str, str]] | None = None) -> int:
    """The picture stage (`judge serve`'s "pictures" thread, beside the senders): draw and
    store up to `limit` files still to draw, oldest messages' first, so that the senders
    find them drawn; how many it took (drawn or failed). A drawing that raises is logged
    and added to `failing` (the stage's, kept across calls), whose files are not taken
    again: the sender draws them once their grace is over and records the error."""
    failing = set() if failing is None else failing
    hold = holds_sources(db)
    with db.unit_of_work(durable=False) as listing:
        pending = repo_drawn.files_to_draw(listing, limit, failing)
        if hold:
            return _draw_each(db, listing, pending, failing)
    return _draw_each(db, None, pending, failing)


def _draw_each(db: Database, held: Session | None, pending: list[tuple[str, str, bytes]],
               failing: MutableSet[tuple[str, str]]) -> int:
    """How many of `pending` this stage took (drawn, or failed): not those a sender of
    this process draws or drew since the list was read (SQLite: Underway)."""
    taken = 0
    for source, drawn_by, data in pending:
        with _drawing(db, (source, drawn_by), wait=False) as ours:
            if ours:
                _draw_one(db, held, source, drawn_by, data, failing)
                taken += 1
    return taken


def _draw_one(db: Database, held: Session | None, source: str, drawn_by: str, data: bytes,
              failing: MutableSet[tuple[str, str]]) -> None:
    try:
        drawing = drawn_file(drawn_by, data)
    except Exception:  # one bad picture must not stop the stage, nor the others
        log.exception("picture stage: drawing %s of %s failed; left to the sender",
                      drawn_by, source)
        failing.add((source, drawn_by))
        return
    with _storing(db, held) as session:
        repo_drawn.settle_drawn(session, source, drawn_by, drawing)
