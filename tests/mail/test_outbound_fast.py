"""compose writes its bytes itself: what the email package reads back must be the input.

Each message is parsed with email.policy.default and every header's decoded value and the
decoded body compared with what went in; the wire rules (CRLF, RFC 5322 §2.1.1 line
lengths, ASCII unless an address is not) are checked on the raw bytes.
"""

from __future__ import annotations

import email
import re
from datetime import UTC, datetime
from email import policy
from email.header import decode_header, make_header
from email.message import EmailMessage
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.mail.outbound.compose import compose, message_id_of

WHEN = datetime(2024, 6, 3, 10, 0, tzinfo=UTC)
PLAYERS = [f"Player {n} <p{n}@example.org>" for n in range(30)]
ORDERS = "\n".join(f"{n:2d}. A PAR - BUR: accepted" for n in range(20)) + "\n"
CJK = "日本語の件名がとても長い場合でも正しく折り返されること" * 3


def parsed(raw: bytes) -> EmailMessage:
    check_wire(raw)
    # An address that is not ASCII is written as UTF-8 (RFC 6532), read as such.
    text = raw.decode("utf-8")
    return email.message_from_string(text, policy=policy.default)


def check_wire(raw: bytes) -> None:
    assert raw.endswith(b"\r\n")
    lines = raw[:-2].split(b"\r\n")
    assert all(b"\r" not in line and b"\n" not in line for line in lines)
    assert max(len(line) for line in lines) <= 998  # RFC 5322 §2.1.1, octets before CRLF


def body_of(msg: EmailMessage) -> str:
    """The decoded text, its line breaks CRLF as on the wire (RFC 2046 §4.1.1), as LF."""
    text = msg.get_content()
    assert "\n" not in text.replace("\r\n", "") and "\r" not in text.replace("\r\n", "")
    return cast(str, text).replace("\r\n", "\n")


def mailboxes(msg: EmailMessage, name: str) -> list[tuple[str, str]]:
    header: Any = msg[name]
    return [(a.display_name, a.addr_spec) for a in header.addresses]


def reply(**changes: Any) -> bytes:
    fields: dict[str, Any] = {
        "sender": "Diplomacy Judge <judge@dip.example>", "to": ["alice@example.org"],
        "subject": "Re: orders", "body": ORDERS, "domain": "dip.example",
        "in_reply_to": "<a1@example.org>", "references": ["<game.g1@dip.example>"],
        "date": WHEN, "reply_to": "judge+t0k3n@dip.example", "loop_marker": "judge@dip.example"}
    return compose(**{**fields, **changes})


@pytest.mark.parametrize("subject", [
    "Re: orders for game1",
    "Re: ordres d'été \u2013 Ελλάδα",
    "Résumé",
    "Zoë and Zoë again, été a été",
    CJK,
    "Diplomacy " * 40 + "end",                  # long ASCII, folded on its spaces
    "x" * 1200,                                 # no space anywhere to fold at
    "a=?utf-8?q?not_encoded?= b =?x",           # looks like encoded-words, is not
    "trailing question? and_underscores_ =3D",
    " ".join(["Ünïcödé"] * 30),
])
def test_subject_decodes_to_the_input(subject: str) -> None:
    raw = reply(subject=subject)
    assert str(parsed(raw)["Subject"]) == subject
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    # Only a msg-id or an address may not be folded to 78 characters; a subject always is.
    assert all(len(line) <= 78 for line in head if not line.startswith(b"Message-ID"))


def test_every_header_and_the_body() -> None:
    msg = parsed(reply(to=["Éloïse <eloise@example.org>", '"Doe, John" <j@example.net>'],
                       subject="Re: ordres d'été", in_reply_to="a1@example.org",
                       references=["<game.g1@dip.example>", "<r0@dip.example>"]))
    assert mailboxes(msg, "From") == [("Diplomacy Judge", "judge@dip.example")]
    assert mailboxes(msg, "To") == [("Éloïse", "eloise@example.org"),
                                    ("Doe, John", "j@example.net")]
    assert mailboxes(msg, "Reply-To") == [("", "judge+t0k3n@dip.example")]
    assert str(msg["Subject"]) == "Re: ordres d'été"
    assert str(msg["Date"]) == "Mon, 03 Jun 2024 10:00:00 +0000"
    assert str(msg["In-Reply-To"]) == "<a1@example.org>"
    # RFC 5322 §3.6.4: the parent's References, then the parent.
    assert str(msg["References"]) == "<game.g1@dip.example> <r0@dip.example> <a1@example.org>"
    assert str(msg["Auto-Submitted"]) == "auto-replied"
    assert str(msg["X-Loop"]) == "judge@dip.example"
    assert str(msg["MIME-Version"]) == "1.0"
    assert (msg.get_content_type(), msg.get_content_charset()) == ("text/plain", "utf-8")
    assert str(msg["Content-Transfer-Encoding"]) == "7bit"
    assert body_of(msg) == ORDERS
    assert str(msg["Message-ID"]).endswith("@dip.example>")


def test_thirty_recipients_folded() -> None:
    raw = reply(to=PLAYERS)
    head = raw.split(b"\r\n\r\n", 1)[0]
    to_field = b"To: " + head.split(b"\r\nTo: ", 1)[1].split(b"\r\nReply-To:", 1)[0]
    # 30 mailboxes of 25 or more characters: at least 10 lines of at most 78.
    assert len(to_field.split(b"\r\n")) >= 10
    assert all(len(line) <= 78 for line in to_field.split(b"\r\n"))
    assert mailboxes(parsed(raw), "To") == [
        (f"Player {n}", f"p{n}@example.org") for n in range(30)]


def test_addresses_not_ascii() -> None:
    raw = reply(sender="Jüdge <judge@dip.example>",
                to=["jörg@example.test", "Zoë Ann <z@example.test>", "Zoë <zoë@example.test>",
                    '"Doe, J." <dœ@example.test>'])
    msg = parsed(raw)
    assert mailboxes(msg, "From") == [("Jüdge", "judge@dip.example")]
    # RFC 6532 §3.2: the address itself as UTF-8, never an encoded-word (RFC 2047 §5).
    assert b"To: j\xc3\xb6rg@example.test," in raw
    assert mailboxes(msg, "To") == [("", "jörg@example.test"), ("Zoë Ann", "z@example.test"),
                                    ("Zoë", "zoë@example.test"), ("Doe, J.", "dœ@example.test")]
    assert raw.split(b"\r\n\r\n")[0].replace(b"\xc3\xb6", b"").replace(b"\xc3\xab", b"") \
        .replace(b"\xc5\x93", b"").isascii()


@pytest.mark.parametrize(("body", "decoded", "cte"), [
    ("A PAR - BUR", "A PAR - BUR\n", "7bit"),
    ("", "\n", "7bit"),
    ("From the judge\n.\n. a dot\n..\nFrom ", "From the judge\n.\n. a dot\n..\nFrom \n", "7bit"),
    ("crlf\r\nand cr\rend\n\n", "crlf\nand cr\nend\n\n", "7bit"),
    ("y" * 998 + "\n", "y" * 998 + "\n", "7bit"),             # RFC 5322: 998 is allowed
    ("y" * 999, "y" * 999 + "\n", "quoted-printable"),
    ("x" * 600 + "\f" + "x" * 600, "x" * 600 + "\f" + "x" * 600 + "\n", "quoted-printable"),
    ("Ça va, Zoë?  \nspace at the end \t\n", "Ça va, Zoë?  \nspace at the end \t\n",
     "quoted-printable"),
    ("From Zoë\n.\n" + "é" * 1500, "From Zoë\n.\n" + "é" * 1500 + "\n", "quoted-printable"),
    ("= =3D =\n" + CJK + "\n", "= =3D =\n" + CJK + "\n", "quoted-printable"),
])
def test_body_decodes_to_the_input(body: str, decoded: str, cte: str) -> None:
    raw = reply(body=body)
    msg = parsed(raw)
    assert str(msg["Content-Transfer-Encoding"]) == cte
    assert body_of(msg) == decoded
    assert raw.isascii()  # no 8BITMIME needed from any relay (RFC 6152)


@pytest.mark.parametrize("changes", [
    {"sender": "judge@dip.example\r\nBcc: victim@example.org"},
    {"to": ["alice@example.org", "bob@example.org\nBcc: victim@example.org"]},
    {"reply_to": "judge+x@dip.example\rX: y"},
    {"in_reply_to": "<a@b.example>\r\nBcc: victim@example.org"},
    {"references": ["<a@b.example>\nX: y"]},
    {"auto_submitted": "auto-replied\r\nX: y"},
    {"loop_marker": "judge@dip.example\nX: y"},
    {"message_id": "<r1@dip.example>\r\nX: y"},
    {"domain": "dip.example\r\nX: y", "message_id": None},
    {"message_id": "two words@dip.example"},
    {"message_id": "é@dip.example"},
    {"domain": "dä.example", "message_id": None},
    {"to": []},
    {"to": ["", "  "]},
    {"to": ["x" * 1000 + "@example.org"]},  # no fold can make that line fit
])
def test_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        reply(**changes)


def test_thread_ids_that_are_no_msg_id_are_left_out() -> None:
    long_id = "<" + "r" * 990 + "@x.example>"  # 1002 octets: no line can hold it
    fits = "<" + "f" * 984 + "@x.example>"     # 996 octets: alone on a folded line
    raw = reply(in_reply_to="<é@example.org>", references=["<>", long_id, fits, "<a@b c>"])
    msg = parsed(raw)
    assert msg["In-Reply-To"] is None
    # The field is folded right after its colon; that FWS is no part of the id list.
    assert str(msg["References"]).strip() == fits
    assert b"\r\nReferences:\r\n " + fits.encode() + b"\r\n" in raw


@given(st.lists(st.text(st.characters(whitelist_categories=("L", "M", "N", "P", "S")),
                        min_size=1, max_size=40), min_size=1, max_size=12))
def test_any_subject_decodes_to_the_input(words: list[str]) -> None:
    subject = " ".join(words)
    assert str(parsed(reply(subject=subject))["Subject"]) == subject


@given(st.lists(st.text(st.characters(whitelist_categories=("L", "N")), min_size=1,
                        max_size=20), min_size=1, max_size=5))
def test_any_display_name_decodes_to_the_input(words: list[str]) -> None:
    name = " ".join(words)
    if name.isascii():
        name += " é"  # an ASCII name is the caller's to quote; this tests the encoding
    raw = reply(to=[f"{name} <p@example.org>"])
    (display, spec), = mailboxes(parsed(raw), "To")
    assert spec == "p@example.org"
    to_value = raw.split(b"\r\nTo: ", 1)[1].split(b"\r\nReply-To:", 1)[0].decode("ascii")
    # RFC 2047 §6.2: the space between two encoded-words is no part of the text.
    assert str(make_header(decode_header(to_value))) == f"{name} <p@example.org>"
    if to_value.count("=?") == 1:
        # Python 3.11's address parser keeps that space (CPython gh-128110), so it reads a
        # name right only when one encoded-word holds it.
        assert display == name


@pytest.mark.parametrize(("raw", "expected"), [
    (b"From: a@b.example\r\nMessage-ID: <x1@b.example>\r\n\r\nx", "<x1@b.example>"),
    (b"message-id:\r\n <x2@b.example>\r\nTo: c@d.example\r\n\r\n", "<x2@b.example>"),
    (b"From: a@b.example\nMESSAGE-ID :  <x3@b.example> (c)\n\nx", "<x3@b.example>"),
    (b"Message-ID: <x4@b.example>\r\nMessage-ID: <x5@b.example>\r\n\r\n", "<x4@b.example>"),
    (b"From: a@b.example\r\n\r\nMessage-ID: <body@b.example>\r\n", None),
    (b"\r\nMessage-ID: <body@b.example>\r\n\r\n", None),
    (b"X-Message-ID: <x@b.example>\r\nIn-Reply-To: <y@b.example>\r\n\r\n", None),
    (b"Message-ID: bare.id@b.example\r\n\r\n", "<bare.id@b.example>"),
    (b"Message-ID: <\xff\xfe>\r\n\r\n", "<\ufffd\ufffd>"),
    (b"", None),
])
def test_message_id_of(raw: bytes, expected: str | None) -> None:
    assert message_id_of(raw) == expected


def test_message_id_of_a_composed_message() -> None:
    assert message_id_of(reply(message_id="r1.g1@dip.example")) == "<r1.g1@dip.example>"


def test_an_own_message_id_tells_neither_time_nor_process() -> None:
    """docs/secrecy.md (timing of processing): make_msgid's ids begin with the time to 10 ms
    and the process id, so two mails composed apart told when the judge processed each."""
    ids = [message_id_of(compose(sender="judge@dip.example", to=["a@example.org"],
                                 subject="s", body="b", domain="dip.example"))
           for _ in range(3)]
    assert all(re.fullmatch(r"<[0-9a-f]{32}@dip\.example>", i or "") for i in ids), ids
    assert len(set(ids)) == 3
