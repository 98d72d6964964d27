"""Files the sender draws before it sends them (issue #18): a turn report's PNG is stored
as its SVG with the drawing's name (judge/attachment.py `drawn_by`), so that the turn's
transaction does not draw it. Before the first send of such a message the sender draws the
file, stores it (content-addressed) and points every row still waiting for that drawing
at it, in one commit (the picture stage, `draw_pending`, draws them as they are queued,
ahead of the senders; a sender draws one itself if it gets there first); a send after
that, a resend after a crash included, carries the stored bytes. A crash before that
commit draws it again: the drawing is deterministic (judge/pictures/png.py), so the bytes
are the same either way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from judge import faults
from judge.mail.outbound.encoded_parts import StoredFile
from judge.pictures.png import drawn_file
from judge.store import repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage


class DrawnFile(NamedTuple):
    filename: str
    content_type: str
    data: bytes
    inline: bool
    digest: str


class Drawer:
    """One sender's: the files it drew in its current claim, by their source and drawing
    (a turn's readers mostly share one picture: drawn and stored once)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._drawn: dict[tuple[str, str], DrawnFile] = {}

    def new_claim(self) -> None:
        """Forget the last claim's files: a row claimed later is read after their commit."""
        self._drawn.clear()

    def files(self, row: OutboxMessage) -> Sequence[StoredFile]:
        """`row`'s files as sent, each one still to draw drawn and stored first.
        ValueError on a drawing this judge does not know."""
        return [file if file.drawn_by is None else
                self._drawn_file(file.filename, file.content_type, file.data, file.inline,
                                 file.digest, file.drawn_by)
                for file in row.attachments]

    def _drawn_file(self, filename: str, content_type: str, source: bytes, inline: bool,
                    digest: str, drawn_by: str) -> DrawnFile:
        found = self._drawn.get((digest, drawn_by))
        if found is None:
            data = drawn_file(drawn_by, source)
            with self._db.unit_of_work(durable=False) as session:
                stored = repo_mail.settle_drawn(session, digest, drawn_by, data)
            faults.point("outbox-drawn")
            found = self._drawn[(digest, drawn_by)] = DrawnFile("", "", data, False, stored)
        return DrawnFile(filename, content_type, found.data, inline, found.digest)


def draw_pending(db: Database, limit: int = 8) -> int:
    """The picture stage (`judge serve`'s "pictures" thread, beside the senders): draw and
    store up to `limit` files still to draw, so that the senders find them drawn; how many
    it drew."""
    if db.engine.dialect.name != "postgresql":
        # One writer at a time: each drawing stored in a short transaction of its own,
        # never holding the write lock the turns wait for while it draws.
        with db.unit_of_work(durable=False) as session:
            pending = repo_mail.files_to_draw(session, limit)
        for digest, drawn_by, source in pending:
            data = drawn_file(drawn_by, source)
            with db.unit_of_work(durable=False) as session:
                repo_mail.settle_drawn(session, digest, drawn_by, data)
        return len(pending)
    # Several workers: the sources stay locked while they are drawn and stored, so another
    # worker's stage skips them (repo_mail.files_to_draw) and draws others.
    with db.unit_of_work(durable=False) as session:
        pending = repo_mail.files_to_draw(session, limit)
        for digest, drawn_by, source in pending:
            repo_mail.settle_drawn(session, digest, drawn_by, drawn_file(drawn_by, source))
    return len(pending)
