"""The base64 bodies of the files a sender sent last, by the digest of their bytes (issue
#18): a turn's seven or eight reports mostly carry the same picture (one stored blob,
store/models/mail.py AttachmentBlob), which was encoded again for each of them, about a
millisecond of the sender's CPU a report. The digest is the SHA-256 of the bytes, so a body
kept under it is the one those bytes give: a reader never gets another's."""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from judge.mail.outbound.attachments import File, base64_lines

# A storm's sender meets a turn's two files (PNG and SVG) several times in a row, and a
# few turns' interleaved; 16 bodies of a standard picture are about 2 MB.
KEPT = 16


class StoredFile(File, Protocol):
    @property
    def digest(self) -> str: ...


class EncodedParts:
    """with_attachments's `encoded` for stored files: the last `kept` bodies by digest.
    One per sender thread (not shared: no lock)."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._bodies: OrderedDict[str, bytes] = OrderedDict()

    def __call__(self, file: StoredFile) -> bytes:
        body = self._bodies.get(file.digest)
        if body is not None:
            self._bodies.move_to_end(file.digest)
            return body
        body = base64_lines(file)
        self._bodies[file.digest] = body
        if len(self._bodies) > self._kept:
            self._bodies.popitem(last=False)
        return body
