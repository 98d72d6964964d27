"""The mail a reader gets as the sender puts it on the wire (text, then the files), and the
pictures in it, for by-mail tests of the pictures."""

from __future__ import annotations

import email
import xml.etree.ElementTree as ET
from collections import Counter
from email.message import EmailMessage
from email.policy import default

import sqlalchemy as sa

from judge.attachment import Attachment
from judge.mail.outbound.attachments import with_attachments
from judge.pictures.png import drawn_file
from judge.store.models import OutboxAttachment, OutboxMessage
from tests.conversations.harness import Conversation

SVG = "{http://www.w3.org/2000/svg}"


def wired(talk: Conversation, address: str, subject: str) -> list[EmailMessage]:
    """Every message queued for `address` whose subject holds `subject`, as sent."""
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)).all()
        found = [email.message_from_bytes(with_attachments(r.message, as_sent(r)),
                                          policy=default)
                 for r in rows if address in r.recipients]
    out = [m for m in found if isinstance(m, EmailMessage) and subject in str(m["Subject"])]
    return out


def as_sent(row: OutboxMessage) -> list[Attachment]:
    """The row's files as the sender sends them: one it left to draw drawn (the sender
    draws it thus, judge/mail/outbound/drawn.py)."""
    return [_drawn(file) for file in row.attachments]


def _drawn(file: OutboxAttachment) -> Attachment:
    data = file.data if file.drawn_by is None else drawn_file(file.drawn_by, file.data)
    return Attachment(file.filename, file.content_type, data, file.inline)


def picture_parts(message: EmailMessage) -> tuple[EmailMessage, EmailMessage, EmailMessage]:
    """The text, the PNG and the SVG of a mail that carries a picture."""
    assert message.get_content_type() == "multipart/mixed"
    text, png, svg, *_ = message.iter_parts()
    assert isinstance(text, EmailMessage) and isinstance(png, EmailMessage) \
        and isinstance(svg, EmailMessage)
    return text, png, svg


def svg_source(message: EmailMessage) -> str:
    payload = picture_parts(message)[2].get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode("utf-8")


def units_drawn(svg: str) -> Counter[tuple[str, str]]:
    """(power, kind) of every unit symbol the SVG draws, dislodged ones included."""
    root = ET.fromstring(svg)
    return Counter((g.attrib["data-power"], g.attrib["data-kind"]) for g in root.iter(f"{SVG}g")
                   if g.attrib.get("class") in ("unit", "dislodged"))


def png_of(message: EmailMessage) -> bytes:
    data = picture_parts(message)[1].get_payload(decode=True)
    assert isinstance(data, bytes)
    return data


def legend(svg: str) -> dict[str, str]:
    """The legend's line for each power: 'France 3', 'Germany ?'."""
    root = ET.fromstring(svg)
    return {str(t.attrib["data-power"]): str(t.text) for g in root.iter(f"{SVG}g")
            if g.attrib.get("class") == "legend" for t in g.iter(f"{SVG}text")
            if "data-power" in t.attrib}
