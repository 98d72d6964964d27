"""A report whose picture is still to draw is left to the picture stage for a grace
(issue #18): the senders of two PostgreSQL workers drew the pictures the stages were
drawing, and pg-2's workers used 187 CPU-s against 91. The stage's drawing makes the
report the senders' at once; without a stage, or when its drawing fails, a sender takes
it once the grace is over and draws it itself, as before."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge import faults
from judge.game.clock import ManualClock
from judge.mail.outbound import drawn
from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.sender import PICTURE_GRACE, OutboxSender
from judge.pictures.files import Picture
from judge.pictures.png import drawn_file, svg_to_png
from judge.pictures.render import render_svg
from judge.store import repo_drawn, repo_mail
from judge.store.db import Database
from judge.store.models import OutboxMessage, OutboxState
from judge.variant_loader import load_variant
from tests.mail.test_sender_drawn import READERS, SCALE, T0, post, sent_pngs


@pytest.fixture(scope="module")
def picture() -> Picture:
    variant = load_variant("standard")
    return Picture(render_svg(variant, variant.start, [], "alpha: Spring 1901"), SCALE)


def states(database: Database) -> list[tuple[OutboxState, int]]:
    with database.unit_of_work() as session:
        rows = session.execute(sa.select(OutboxMessage.state, OutboxMessage.attempts)
                               .order_by(OutboxMessage.id)).all()
        return [(state, attempts) for state, attempts in rows]


def counting_drawings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every drawing made from now on, by stage or sender: its drawing's name."""
    made: list[str] = []

    def draw(drawn_by: str, source: bytes) -> bytes:
        made.append(drawn_by)
        return drawn_file(drawn_by, source)

    monkeypatch.setattr(drawn, "drawn_file", draw)
    return made


def test_a_report_waiting_for_its_picture_is_the_senders_only_after_the_grace(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)
    made = counting_drawings(monkeypatch)
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    assert sender.send_due() == 0  # the stage's to draw
    clock.advance(PICTURE_GRACE - timedelta(seconds=1))
    assert sender.send_due() == 0
    assert states(database) == [(OutboxState.PENDING, 0)] * 2 and made == []
    clock.advance(timedelta(seconds=1))  # no stage drew it: the sender does, once
    assert sender.send_due() == 2
    assert made == ["svg-png 1.5"]
    assert sent_pngs(tmp_path / "outbox") == {r: svg_to_png(picture.svg, SCALE)
                                              for r in READERS}


def test_the_stages_drawing_makes_the_reports_the_senders_at_once(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)
    made = counting_drawings(monkeypatch)
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    assert sender.send_due() == 0
    with database.unit_of_work() as session:  # what wakes the senders at its commit
        repo_drawn.settle_drawn(session, "0" * 64, "svg-png 1.5", b"nothing waits for it")
        assert repo_mail.queued_outbox(session)
    assert drawn.draw_pending(database) == 1
    assert sender.send_due() == 2  # the clock has not moved
    assert made == ["svg-png 1.5"]
    assert sent_pngs(tmp_path / "outbox") == {r: svg_to_png(picture.svg, SCALE)
                                              for r in READERS}


def test_a_message_without_pictures_is_not_held_up_by_older_reports_waiting(
        database: Database, tmp_path: Path, picture: Picture) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)
    with database.unit_of_work() as session:
        repo_mail.enqueue_outbox(session, b"Subject: reply\r\n\r\nok\r\n",
                                 sender="j@example.test", recipients=READERS[:1],
                                 not_before=clock.now())
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    assert sender.send_due() == 1
    assert states(database) == [(OutboxState.PENDING, 0)] * 2 + [(OutboxState.SENT, 1)]


def test_a_picture_the_stage_drew_after_the_claim_is_sent_as_the_stage_stored_it(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sender took the reports after the grace; the stage draws the picture between
    the claim and the send: the sender sends the stored drawing, it draws nothing."""
    clock = ManualClock(T0)
    post(database, clock, picture)
    clock.advance(PICTURE_GRACE)
    made = counting_drawings(monkeypatch)
    monkeypatch.setattr(faults, "point", lambda name: name == "outbox-claimed"
                        and drawn.draw_pending(database))
    assert OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox")).send_due() == 2
    assert made == ["svg-png 1.5"]  # the stage's, alone
    assert sent_pngs(tmp_path / "outbox") == {r: svg_to_png(picture.svg, SCALE)
                                              for r in READERS}


def test_a_drawing_that_fails_in_the_stage_is_left_to_the_sender_which_records_why(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = ManualClock(T0)
    post(database, clock, picture)

    def broken(drawn_by: str, source: bytes) -> bytes:
        raise ValueError(f"no drawing called {drawn_by!r}")

    monkeypatch.setattr(drawn, "drawn_file", broken)
    failing: set[tuple[str, str]] = set()
    assert drawn.draw_pending(database, failing=failing) == 1  # tried, logged, skipped
    assert drawn.draw_pending(database, failing=failing) == 0  # not tried again
    assert [by for _, by in failing] == ["svg-png 1.5"]
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    assert sender.send_due() == 0
    clock.advance(PICTURE_GRACE)
    assert sender.send_due() == 0
    with database.unit_of_work() as session:
        rows = list(session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)))
        assert [(r.state, r.last_error) for r in rows] == \
            [(OutboxState.FAILED, "no drawing called 'svg-png 1.5'")] * 2


def test_on_postgresql_a_sender_waits_for_the_stage_drawing_its_picture(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sender past the grace reaches a picture a stage holds (drawing it): it waits for
    the stage's commit and sends that drawing instead of drawing it a second time."""
    if database.engine.dialect.name != "postgresql":
        pytest.skip("SQLite: one writer at a time, no row locks")
    clock = ManualClock(T0)
    post(database, clock, picture)
    clock.advance(PICTURE_GRACE)
    made = counting_drawings(monkeypatch)
    sent: list[int] = []
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    with database.unit_of_work() as stage:
        [(source, by, _)] = repo_drawn.files_to_draw(stage, 1)
        thread = threading.Thread(target=lambda: sent.append(sender.send_due()))
        thread.start()
        thread.join(timeout=1.0)
        assert thread.is_alive()  # waiting for the source's lock
        repo_drawn.settle_drawn(stage, source, by, b"\x89PNG the stage's drawing")
    thread.join(timeout=10)
    assert sent == [2] and made == []
    assert sent_pngs(tmp_path / "outbox") == {r: b"\x89PNG the stage's drawing"
                                              for r in READERS}


def test_on_sqlite_the_stage_does_not_draw_again_what_a_sender_drew_since_its_list(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One process: the stage read its list, then a sender past the grace drew the picture
    first; SQLite has no row lock to tell the stage, the process's Underway does."""
    if database.engine.dialect.name == "postgresql":
        pytest.skip("PostgreSQL: the stage's list locks the sources it draws")
    clock = ManualClock(T0)
    post(database, clock, picture)
    clock.advance(PICTURE_GRACE)
    with database.unit_of_work() as session:
        stale = repo_drawn.files_to_draw(session, 8)
    made = counting_drawings(monkeypatch)
    assert OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox")).send_due() == 2
    monkeypatch.setattr(repo_drawn, "files_to_draw", lambda *_: stale)
    assert drawn.draw_pending(database) == 0
    assert made == ["svg-png 1.5"]  # the sender's, alone


def test_a_sender_waits_for_the_drawing_another_thread_of_its_process_holds(
        database: Database, tmp_path: Path, picture: Picture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if database.engine.dialect.name == "postgresql":
        pytest.skip("PostgreSQL: the source's row lock (the test above)")
    clock = ManualClock(T0)
    post(database, clock, picture)
    clock.advance(PICTURE_GRACE)
    made = counting_drawings(monkeypatch)
    with database.unit_of_work() as session:
        [(source, by, _)] = repo_drawn.files_to_draw(session, 8)
    sent: list[int] = []
    sender = OutboxSender(database, clock, MaildirTransport(tmp_path / "outbox"))
    with drawn._drawing(database, (source, by), wait=False) as ours:  # the stage's
        assert ours
        thread = threading.Thread(target=lambda: sent.append(sender.send_due()))
        thread.start()
        thread.join(timeout=1.0)
        assert thread.is_alive()  # waiting for the stage's drawing
        with database.unit_of_work() as session:
            repo_drawn.settle_drawn(session, source, by, b"\x89PNG the stage's drawing")
    thread.join(timeout=10)
    assert sent == [2] and made == []
    assert sent_pngs(tmp_path / "outbox") == {r: b"\x89PNG the stage's drawing"
                                              for r in READERS}
