"""The inbox and outbox: the transport fills the one and drains the other."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judge.store.models.accounts import ADDRESS_LENGTH
from judge.store.models.base import Base, UTCDateTime, json_type, str_enum, utc_now
from judge.store.models.enums import InboxState, OutboxState

# RFC 5322's line limit bounds a Message-ID header.
MESSAGE_ID_LENGTH = 998
# A file name as file systems keep them; RFC 6838 §4.2 bounds a media type at 127/127.
FILENAME_LENGTH = 255
CONTENT_TYPE_LENGTH = 255
# A SHA-256 in hex.
DIGEST_LENGTH = 64
DRAWN_BY_LENGTH = 40  # "svg-png 1.5": a converter and its argument
# The outbox rows a sender may claim: waiting for a try, or claimed by a sender that
# stopped (its lease's end is the row's next_try_at). Written out, as in the claim's own
# query, so that the database can tell the partial index below covers it.
OUTBOX_DUE = "state IN ('pending', 'sending')"
TO_DRAW = "drawn_by IS NOT NULL"


class InboxMessage(Base):
    __tablename__ = "inbox"
    # A re-fetched or re-delivered message has the same Message-ID and bytes; a different
    # message reusing a Message-ID (it happens) differs in digest and is kept.
    __table_args__ = (sa.UniqueConstraint("message_id", "digest"),
                      sa.Index("ix_inbox_sender_received_at", "sender", "received_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    raw: Mapped[bytes] = mapped_column(sa.LargeBinary())
    # "" when the message has none: NULLs never collide in a unique index, and such
    # messages must still dedupe, by digest alone.
    message_id: Mapped[str] = mapped_column(sa.String(MESSAGE_ID_LENGTH))
    digest: Mapped[str] = mapped_column(sa.String(64))  # sha256 of raw, hex
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    # The From address, for the per-address rate limit; "" when there is none.
    sender: Mapped[str] = mapped_column(sa.String(ADDRESS_LENGTH), default="",
                                        server_default="")
    state: Mapped[InboxState] = mapped_column(
        str_enum(InboxState), default=InboxState.NEW, index=True
    )
    attempts: Mapped[int] = mapped_column(default=0)
    error: Mapped[str | None] = mapped_column(sa.Text())


class OutboxMessage(Base):
    __tablename__ = "outbox"
    __table_args__ = (sa.Index("ix_outbox_state_next_try_at", "state", "next_try_at"),
                      # The senders' claim (repo_mail._DUE_NOW): the due rows in the order
                      # they are taken, so a claim reads the few it takes (migration 0019).
                      sa.Index("ix_outbox_due", "next_try_at", "id",
                               postgresql_where=sa.text(OUTBOX_DUE),
                               sqlite_where=sa.text(OUTBOX_DUE)))

    id: Mapped[int] = mapped_column(primary_key=True)
    message: Mapped[bytes] = mapped_column(sa.LargeBinary())  # rendered, ready for SMTP
    sender: Mapped[str] = mapped_column(sa.String(ADDRESS_LENGTH))
    recipients: Mapped[list[str]] = mapped_column(json_type())
    state: Mapped[OutboxState] = mapped_column(str_enum(OutboxState), default=OutboxState.PENDING)
    attempts: Mapped[int] = mapped_column(default=0)
    next_try_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    last_error: Mapped[str | None] = mapped_column(sa.Text())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utc_now)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    in_reply_to_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("inbox.id", ondelete="SET NULL"), index=True
    )
    # Sent after the text, in this order, as parts of a multipart/mixed message (the
    # sender assembles it: mail/outbound/attachments.py); none for almost every message.
    attachments: Mapped[list[OutboxAttachment]] = relationship(
        order_by="OutboxAttachment.position", cascade="all, delete-orphan", lazy="selectin")


class AttachmentBlob(Base):
    """A file's bytes, stored once however many messages carry them (issue #18): keyed by
    their SHA-256, so two readers share a row only when their files are byte for byte the
    same, and a file's key tells nothing its bytes do not (docs/pictures.md, "Storage")."""

    __tablename__ = "attachment_blobs"

    digest: Mapped[str] = mapped_column(sa.String(DIGEST_LENGTH), primary_key=True)
    data: Mapped[bytes] = mapped_column(sa.LargeBinary())


class OutboxAttachment(Base):
    """A file an outbox message carries (a map picture), stored beside the message's text
    in the same transaction; its bytes in attachment_blobs, shared by every message that
    carries the same ones (migration 0020)."""

    __tablename__ = "outbox_attachments"
    __table_args__ = (sa.UniqueConstraint("outbox_id", "position"),
                      # The files still to draw (judge/mail/outbound/drawn.py): a few at a
                      # time among all the outbox's files (migration 0021).
                      sa.Index("ix_outbox_attachments_to_draw", "drawn_by", "digest",
                               postgresql_where=sa.text(TO_DRAW),
                               sqlite_where=sa.text(TO_DRAW)))

    id: Mapped[int] = mapped_column(primary_key=True)
    outbox_id: Mapped[int] = mapped_column(sa.ForeignKey("outbox.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column()
    filename: Mapped[str] = mapped_column(sa.String(FILENAME_LENGTH))
    content_type: Mapped[str] = mapped_column(sa.String(CONTENT_TYPE_LENGTH))
    digest: Mapped[str] = mapped_column(sa.ForeignKey("attachment_blobs.digest"), index=True)
    # Sent as Content-Disposition: inline with a Content-ID (judge/attachment.py).
    inline: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    # Not None: `digest` is the source the file is still to be drawn from, and how
    # (judge/attachment.py); the sender draws it, stores it and clears this (migration 0021).
    drawn_by: Mapped[str | None] = mapped_column(sa.String(DRAWN_BY_LENGTH), default=None)
    # Loaded with the attachments (a claim's messages mostly share one blob: one read).
    blob: Mapped[AttachmentBlob] = relationship(lazy="selectin", viewonly=True)

    @property
    def data(self) -> bytes:
        return self.blob.data
