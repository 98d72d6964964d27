"""A message with files: compose()'s text made multipart/mixed, parsed back by `email`."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import default

import pytest

from judge.attachment import Attachment
from judge.mail.outbound.attachments import with_attachments
from judge.mail.outbound.compose import compose

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3  # every octet, CR and LF among them
BODY = "Game alpha\n\nF Brest - Mid-Atlantic Ocean.\nGrüße aus München\n"


def raw(body: str = BODY) -> bytes:
    return compose(sender="judge@example.test", to=["alice@example.test"],
                   subject="alpha: Spring 1901 results", body=body, domain="example.test",
                   date=datetime(2026, 11, 26, 18, 0, tzinfo=UTC), message_id="<r1@example.test>")


def parsed(message: bytes) -> EmailMessage:
    parsed = email.message_from_bytes(message, policy=default)
    assert isinstance(parsed, EmailMessage)
    return parsed


def test_without_files_the_message_is_untouched() -> None:
    assert with_attachments(raw(), []) == raw()


def test_the_text_comes_first_then_each_file_with_its_type_and_name() -> None:
    files = [Attachment("spring-1901.png", "image/png", PNG),
             Attachment('say "hi".txt', "text/plain", b"hello\r\n")]
    message = parsed(with_attachments(raw(), files))

    assert message.get_content_type() == "multipart/mixed"
    assert message["Subject"] == "alpha: Spring 1901 results"
    assert message["Message-ID"] == "<r1@example.test>"
    assert message.defects == []
    text, picture, note = message.iter_parts()
    assert (text.get_content_type(), text.get_content_charset()) == ("text/plain", "utf-8")
    assert text.get_content_disposition() is None  # shown inline, as the body
    # Read as the same text alone reads (`email` keeps the CRLFs of the bytes it parses).
    assert text.get_content() == parsed(raw()).get_content() == BODY.replace("\n", "\r\n")
    assert (picture.get_content_type(), picture.get_content_disposition(),
            picture.get_filename()) == ("image/png", "attachment", "spring-1901.png")
    assert picture.get_content() == PNG
    assert note.get_filename() == 'say "hi".txt'
    assert note.get_payload(decode=True) == b"hello\r\n"


def test_the_headers_stay_once_and_every_line_is_short() -> None:
    message = with_attachments(raw(), [Attachment("map.png", "image/png", PNG * 10)])
    head = message.partition(b"\r\n\r\n")[0].lower()
    assert head.count(b"mime-version:") == 1
    assert head.count(b"content-type:") == 1
    assert b"content-transfer-encoding" not in head  # it went into the text's part
    assert all(len(line) <= 78 for line in message.split(b"\r\n"))
    assert b"\n" not in message.replace(b"\r\n", b"")


def test_a_name_that_is_not_ascii_is_written_as_rfc_2231_says() -> None:
    message = with_attachments(raw(), [Attachment("Zürich 1901.png", "image/png", b"x")])
    assert b"filename*=utf-8''Z%C3%BCrich%201901.png" in message
    [_, picture] = parsed(message).iter_parts()
    assert picture.get_filename() == "Zürich 1901.png"


def test_the_boundary_is_not_in_the_text() -> None:
    message = with_attachments(raw("--=_judge_ at the start of a line\n"),
                               [Attachment("a.bin", "application/octet-stream", b"")])
    text, empty = parsed(message).iter_parts()
    assert text.get_content() == "--=_judge_ at the start of a line\r\n"
    assert empty.get_payload(decode=True) == b""


@pytest.mark.parametrize("file", [Attachment("a.png", "image", b""),
                                  Attachment("a.png", "image/png\r\nBcc: x", b""),
                                  Attachment("a\r\nb.png", "image/png", b""),
                                  Attachment("", "image/png", b"")])
def test_a_file_that_would_break_the_header_is_refused(file: Attachment) -> None:
    with pytest.raises(ValueError):
        with_attachments(raw(), [file])


def test_a_picture_to_show_is_inline_with_a_content_id_made_from_the_message_id() -> None:
    files = [Attachment("alpha-F1901M.png", "image/png", PNG, inline=True),
             Attachment("alpha-F1901M.svg", "image/svg+xml", b"<svg/>")]
    message = parsed(with_attachments(raw(), files))

    _, picture, source = message.iter_parts()
    assert (picture.get_content_disposition(), picture.get_filename(),
            picture["Content-ID"]) == ("inline", "alpha-F1901M.png", "<1.r1@example.test>")
    assert picture.get_content() == PNG
    # The SVG is offered as a file, without an id.
    assert (source.get_content_disposition(), source["Content-ID"]) == ("attachment", None)
