"""A turn's pictures are stored once per distinct file (issue #18, migration 0020): readers
who see the same board share one stored SVG, from which the sender draws and stores one PNG
(issue #18); readers whose pictures differ (Stab
Envoy, rule 12) each have their own, and each one's mail carries exactly his own bytes."""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

from judge.pictures.png import svg_to_png
from judge.store.models import AttachmentBlob, OutboxAttachment, OutboxMessage
from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import play_holds
from tests.conversations.seating_helpers import MASTER, fill
from tests.conversations.seating_helpers import create as create_standard
from tests.pictures.mailed import picture_parts, wired


def _digests(talk: Conversation, subject: str) -> dict[str, tuple[str, ...]]:
    """Each recipient's stored files (their digests, in order) for the mail of `subject`."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)).all()
        return {address: tuple(a.digest for a in row.attachments) for row in rows
                if subject.encode() in row.message for address in row.recipients}


def _blob_count(talk: Conversation) -> int:
    with talk.judge.db.unit_of_work() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(AttachmentBlob)) or 0


def _mailed_bytes(talk: Conversation, address: str, subject: str) -> tuple[bytes, bytes]:
    [report] = wired(talk, address, subject)
    _, png, svg = picture_parts(report)
    data = png.get_payload(decode=True), svg.get_payload(decode=True)
    assert isinstance(data[0], bytes) and isinstance(data[1], bytes)
    return data[0], data[1]


def test_readers_who_see_the_same_board_share_one_stored_picture(talk: Conversation) -> None:
    create_standard(talk)
    players = fill(talk)
    before = _blob_count(talk)
    play_holds(talk, players, {"FRANCE": "A par-bur\nA mar H\nF bre-mao"})
    subject = "Spring 1901 Movement results"
    stored = _digests(talk, subject)
    readers = (MASTER, *(p.address for p in players.values()))
    assert set(stored) >= set(readers)
    # Eight reports, one SVG between them: each report's PNG is to be drawn from it by
    # the sender (issue #18), which stores it once, then one PNG.
    assert len({stored[r] for r in readers}) == 1
    [(png_source, svg)] = {stored[r] for r in readers}
    assert png_source == svg
    assert _blob_count(talk) - before == 1
    with talk.judge.db.unit_of_work() as session:
        assert session.query(OutboxAttachment).count() >= 2 * len(readers)


def test_readers_with_different_views_get_their_own_blobs_and_their_own_bytes(
        talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    say(talk, players["FRANCE"], "F bre-mao\nA par h\nA mar h\nA ven h\nA rom h\nF nap h")
    say(talk, players["GERMANY"], "F kie-hel\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h")
    subject = "Spring 1914 Movement results"
    stored = _digests(talk, subject)
    # Stab Envoy (12): Ann, Bob and the master see different boards, so no file is shared.
    ann, bob, master = stored[ANN], stored[BOB], stored[MASTER]
    assert not set(ann) & set(bob) and not set(ann) & set(master) \
        and not set(bob) & set(master)
    for who, digests in ((ANN, ann), (BOB, bob), (MASTER, master)):
        png, svg = _mailed_bytes(talk, who, subject)
        # The key is the bytes' hash: what the mail carries is what the key names; the
        # PNG is drawn by the sender from that SVG (issue #18).
        assert digests == (hashlib.sha256(svg).hexdigest(),) * 2
        assert png == svg_to_png(svg.decode("utf-8"), 1.5)
    assert b"kie - hel" not in _mailed_bytes(talk, ANN, subject)[1]
    assert b"kie - hel" in _mailed_bytes(talk, BOB, subject)[1]
