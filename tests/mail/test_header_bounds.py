"""Header fields read in bounded time: the standard library's structured parsers only see a
bounded field without comments (judge/mail/addresses.py, envelope.py; issue #11 item 2)."""

from __future__ import annotations

from judge.mail.addresses import without_comments
from judge.mail.inbound.message import read_envelope, read_message


def _message(*fields: bytes) -> bytes:
    return b"\r\n".join((*fields, b"", b"HELP", b""))


def test_comments_go_in_one_pass_however_deep_and_quoted_text_stays() -> None:
    assert without_comments('Ann (a (nested) note) <a@b.example>') == "Ann   <a@b.example>"
    assert without_comments('"Smith (Jr)" <s@b.example>') == '"Smith (Jr)" <s@b.example>'
    assert without_comments(r"x (a \) b) y") == "x   y"
    assert without_comments("(" * 50_000 + ")" * 50_000 + "a@b.example") == " a@b.example"


def test_a_from_behind_thousands_of_nested_comments_is_read() -> None:
    # The parsers recursed once per level: a RecursionError and no sender before.
    raw = _message(b"From: " + b"(" * 5000 + b")" * 5000 + b" a@b.example", b"Subject: x")
    assert read_message(raw).sender == "a@b.example"
    assert read_envelope(raw).sender == "a@b.example"


def test_a_from_with_a_long_tail_gives_its_address() -> None:
    raw = _message(b"From: Ann <a@b.example>" + b";" * 65_000, b"Subject: x")
    assert read_message(raw).sender == "a@b.example"


def test_a_punycode_subject_is_kept_as_written_not_decoded() -> None:
    # Python's punycode decoder is quadratic: such a subject is shown as it was written.
    subject = b"=?punycode?q?a-" + b"b" * 65_000 + b"?="
    message = read_message(_message(b"From: a@b.example", b"Subject: " + subject))
    assert message.sender == "a@b.example" and message.subject.startswith("=?punycode?q?a-b")


def test_a_long_subject_of_encoded_words_is_kept_as_written() -> None:
    words = b" ".join([b"=?utf-8?q?caf=C3=A9?="] * 5000)
    message = read_message(_message(b"From: a@b.example", b"Subject: " + words))
    assert message.subject.startswith("=?utf-8?q?caf=C3=A9?=")
    short = read_message(_message(b"From: a@b.example", b"Subject: =?utf-8?q?caf=C3=A9?="))
    assert short.subject == "café"
