"""A file sent with a message (a map picture): made by a variant's report section, stored
in the outbox beside the message's text, sent as a part of a multipart/mixed message.

A plain value with no dependencies, so that every layer that handles one can name it.
"""

from __future__ import annotations

from typing import NamedTuple


class Attachment(NamedTuple):
    filename: str  # the name the reader's mail program saves it under
    content_type: str  # its media type, type/subtype (RFC 6838)
    data: bytes
    # Shown in the message rather than offered as a file (RFC 2183 "inline"), with a
    # Content-ID (RFC 2392) an HTML part may refer to: the report's PNG picture.
    inline: bool = False
    # None: `data` is the file. Else `data` is what the sender draws the file from, and this
    # names how (e.g. "svg-png 1.5": judge/mail/outbound/drawn.py), issue #18: a turn's PNG
    # is drawn off the turn's transaction, once, then stored and sent as stored.
    drawn_by: str | None = None
