"""A turn report's PNG left for the sender to draw (issue #18): the turn stores the SVG,
the sender draws the PNG before the first send, stores it once and points every report
that carries it at the stored bytes; after a crash between that and the send, the one
mail sent carries those same bytes, not a fresh drawing."""

from __future__ import annotations

import email
import mailbox
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge import faults
from judge.config import Settings
from judge.game.clock import ManualClock
from judge.mail.outbound import drawn
from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.outbox_postman import OutboxPostman
from judge.mail.outbound.sender import OutboxSender
from judge.pictures.files import Picture
from judge.pictures.png import svg_to_png
from judge.pictures.render import render_svg
from judge.store import repo_drawn, repo_mail
from judge.store.db import Database
from judge.store.models import AttachmentBlob, OutboxAttachment, OutboxMessage, OutboxState
from judge.variant_loader import load_variant

T0 = datetime(2026, 11, 26, 18, 0, tzinfo=UTC)
READERS = ["alice@example.test", "bob@example.test"]
SCALE = 1.5


class Killed(BaseException):
    """The process killed at a crash point (judge/faults.py), as far as this process goes."""


@pytest.fixture(scope="module")
def picture() -> Picture:
    variant = load_variant("standard")
    return Picture(render_svg(variant, variant.start, [], "alpha: Spring 1901"), SCALE)


def post(database: Database, clock: ManualClock, picture: Picture) -> None:
    """One report to each reader, both with the same picture, as the turn queues them."""
    postman = OutboxPostman(Settings(domain="example.test", judge_address="j@example.test"),
                            clock)
    with database.unit_of_work() as session:
        for reader in READERS:
            postman.send(session, to=[reader], subject="alpha: Spring 1901 results",
                         body="Report.\n", attachments=picture.files_to_draw("alpha-S1901M"))


def alone(database: Database, clock: ManualClock, outbox: Path) -> OutboxSender:
    """A sender with no picture stage beside it (`judge mail send-once`): it draws the
    files still to draw at once, with no grace for a stage (sender.PICTURE_GRACE)."""
    return OutboxSender(database, clock, MaildirTransport(outbox), picture_grace=timedelta(0))


def sent_pngs(outbox: Path) -> dict[str, bytes]:
    out = {}
    for raw in mailbox.Maildir(outbox, create=False):
        message = email.message_from_bytes(raw.as_bytes(), policy=default)
        assert isinstance(message, EmailMessage)
        _, png, svg = message.iter_parts()
        assert (png.get_filename(), svg.get_filename()) == ("alpha-S1901M.png",
                                                            "alpha-S1901M.svg")
        data = png.get_payload(decode=True)
        assert isinstance(data, bytes)
        out[str(message["To"])] = data
    return out


def stored_files(database: Database) -> list[tuple[str, str | None]]:
    with database.unit_of_work() as session:
        rows = session.execute(sa.select(OutboxAttachment.content_type,
                                         OutboxAttachment.drawn_by)
                               .order_by(OutboxAttachment.id)).all()
        return [(kind, by) for kind, by in rows]


def test_the_turn_stores_the_svg_and_the_sender_sends_the_png_drawn_once(
        database: Database, tmp_path: Path, picture: Picture) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)
    assert stored_files(database) == [("image/png", "svg-png 1.5"), ("image/svg+xml", None)] * 2
    with database.unit_of_work() as session:  # only the SVG so far, stored once
        assert session.scalar(sa.select(sa.func.count()).select_from(AttachmentBlob)) == 1
    assert alone(database, clock, tmp_path / "outbox").send_due() == 2
    png = svg_to_png(picture.svg, SCALE)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert sent_pngs(tmp_path / "outbox") == {reader: png for reader in READERS}
    assert stored_files(database) == [("image/png", None), ("image/svg+xml", None)] * 2
    with database.unit_of_work() as session:
        blobs = {b.data[:4] for b in session.scalars(sa.select(AttachmentBlob))}
    assert blobs == {b"<svg", b"\x89PNG"}


def test_a_crash_after_the_png_is_stored_sends_one_mail_with_the_stored_bytes(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)

    def kill_at(name: str) -> None:
        if name == "outbox-drawn":
            raise Killed(name)

    monkeypatch.setattr(faults, "point", kill_at)
    with pytest.raises(Killed):
        alone(database, clock, tmp_path / "outbox").send_due()
    assert not [path for path in (tmp_path / "outbox").rglob("*") if path.is_file()]  # nothing sent
    with database.unit_of_work() as session:
        assert [r.state for r in session.scalars(sa.select(OutboxMessage))] == \
            [OutboxState.SENDING] * 2
        [stored] = [data for data in session.scalars(sa.select(AttachmentBlob.data))
                    if data.startswith(b"\x89PNG")]
    assert stored_files(database) == [("image/png", None), ("image/svg+xml", None)] * 2

    # The restarted judge: its drawing would differ now; it must send what was stored.
    monkeypatch.setattr(faults, "point", lambda name: None)
    monkeypatch.setattr(drawn, "drawn_file", lambda *_: b"\x89PNG another drawing")
    clock.advance(timedelta(minutes=3))  # the dead sender's lease has run out
    assert OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox")).send_due() == 2
    assert sent_pngs(tmp_path / "outbox") == {reader: stored for reader in READERS}
    assert stored == svg_to_png(picture.svg, SCALE)


def test_the_picture_stage_draws_each_file_once_ahead_of_the_senders(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)
    assert drawn.draw_pending(database) == 1  # two reports, one picture: drawn once
    assert drawn.draw_pending(database) == 0
    assert stored_files(database) == [("image/png", None), ("image/svg+xml", None)] * 2
    monkeypatch.setattr(drawn, "drawn_file", lambda *_: b"\x89PNG another drawing")
    assert OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox")).send_due() == 2
    png = svg_to_png(picture.svg, SCALE)
    assert sent_pngs(tmp_path / "outbox") == {reader: png for reader in READERS}


def test_only_a_unit_of_work_that_queued_a_file_to_draw_wakes_the_picture_stage(
        database: Database, picture: Picture) -> None:
    postman = OutboxPostman(Settings(domain="example.test", judge_address="j@example.test"),
                            ManualClock(T0))
    for files, woken in ((picture.files_to_draw("a"), True), (picture.files("a"), False),
                         ((), False)):
        with database.unit_of_work() as session:
            postman.send(session, to=READERS[:1], subject="s", body="b\n", attachments=files)
            assert (repo_mail.queued_outbox(session), repo_mail.queued_to_draw(session)) \
                == (True, woken)


def test_two_workers_picture_stages_draw_different_pictures(
        database: Database, picture: Picture) -> None:
    """Two pictures waiting; while one worker's stage holds the first it took (drawing
    it), another worker's stage skips it and draws only the other (PostgreSQL locks the
    sources: measured, both stages drew the same pictures and pg-2 went from 95 s to 158 s).
    SQLite has one writer at a time: its stages take turns and the test does not apply."""
    if database.engine.dialect.name != "postgresql":
        pytest.skip("SQLite: one writer at a time")
    clock = ManualClock(T0)
    post(database, clock, picture)
    other = Picture(picture.svg.replace("alpha: Spring 1901", "beta: Spring 1901"), SCALE)
    post(database, clock, other)
    with database.unit_of_work() as first:
        [held] = repo_drawn.files_to_draw(first, 1)
        assert drawn.draw_pending(database) == 1  # the other worker: the other picture
        with database.unit_of_work() as look:
            # the first is locked (skipped), the other drawn: nothing left to take
            assert [d for d, _, _ in repo_drawn.files_to_draw(look, 8)] == []
    with database.unit_of_work() as after:
        assert [d for d, _, _ in repo_drawn.files_to_draw(after, 8)] == [held[0]]
