"""Reading a message once, cheaply (issue #4): the facts the pipeline needs are in Inbound,
and the quick reading of plain fields agrees with email.policy.default's structured one."""

from __future__ import annotations

import email.policy
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.mail import addresses
from judge.mail.fields import message_ids
from judge.mail.header_block import PLAIN_MIME, READ_POLICY, thread
from judge.mail.inbound import envelope
from judge.mail.inbound.envelope import field_text
from judge.mail.inbound.message import read_envelope, read_message


def mail(*lines: str | bytes) -> bytes:
    return b"\r\n".join(line if isinstance(line, bytes) else line.encode("ascii")
                        for line in lines)


def test_recipients_and_loop_markers_are_read_with_the_message() -> None:
    inbound = read_message(mail(
        "From: alice@example.org",
        "To: Judge <Judge+s7-abcdefghijklmnop@Dip.Example>,",
        ' "Bob, B." <bob@example.net>',
        "Cc: carol@example.com, judge+s7-abcdefghijklmnop@dip.example",
        "Delivered-To: judge@dip.example",
        "X-Loop: other-judge@elsewhere.example",
        "X-Loop:  Judge@Dip.Example ",
        "", "LIST"))
    # Header order (To, Cc, Delivered-To), lower-cased, the repeated token address once.
    assert inbound.recipients == ("judge+s7-abcdefghijklmnop@dip.example",
                                  "bob@example.net", "carol@example.com", "judge@dip.example")
    assert inbound.loop_markers == ("other-judge@elsewhere.example", "judge@dip.example")
    assert read_envelope(mail("From: a@b.example", "X-Loop: J@D.example", "", "x")) \
        .loop_markers == ("j@d.example",)


def test_fields_past_the_plain_form_are_decoded() -> None:
    inbound = read_message(mail(
        "From: =?utf-8?q?Al=C3=AFce?= <Alice@Example.org>",
        'Reply-To: "john doe"@example.net (John)',
        "Subject: =?utf-8?q?caf=C3=A9?=  =?utf-8?q?_orders?=",
        "Message-ID: (made here) <m1@example.org>",
        "", "LIST"))
    assert inbound.sender == "alice@example.org"
    assert inbound.reply_to == '"john doe"@example.net'  # the local part keeps its quotes
    assert inbound.subject == "café orders"  # RFC 2047 §6.2: space between words dropped
    assert inbound.message_id == "<m1@example.org>"


PEACE = "\u043c\u0438\u0440"  # Russian for "peace", in Cyrillic letters


def test_mime_fields_with_comments_and_folding_are_still_understood() -> None:
    # RFC 2045 §5.1 allows comments in Content-Type; a charset read with its comment
    # would be unknown, and the body would be guessed as windows-1252 ("ÍÉÒ").
    raw = mail("From: a@example.org",
               "Content-Type: multipart/mixed;",
               '\tboundary="b1" (folded)',
               "", "--b1",
               "Content-Type: text/plain; charset=koi8-r (Cyrillic)",
               "", "HELP LIST", PEACE.encode("koi8-r"), "--b1--", "")
    assert read_message(raw).body == f"HELP LIST\n{PEACE}"


def test_thread_reads_the_header_block_only() -> None:
    for end in (b"\r\n\r\n", b"\n\n", b"\r\r", b"\n\r\n"):
        raw = b"References: <a@x.example>" + end + b"References: <b@y.example>\r\n"
        assert thread(raw) == ["<a@x.example>"], end
    folded = b"References: <a@x.example>\r\n <b@x.example>\r\nIn-Reply-To: <c@x.example>\r\n"
    assert thread(folded) == ["<a@x.example>", "<b@x.example>", "<c@x.example>"]


def test_a_plain_message_needs_no_structured_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    structured = policy.default.header_fetch_parse

    class Counting:
        def header_fetch_parse(self, name: str, value: str) -> object:
            calls.append(name)
            return structured(name, value)

    monkeypatch.setattr(email.policy, "default", Counting())
    inbound = read_message(mail(
        "From: Alice Example <alice@example.org>", "To: judge+s1-abcdefghijklmnop@dip.example",
        "Subject: Re: alpha: orders", "Message-ID: <x1@example.org>",
        "References: <j1@dip.example>", 'Content-Type: text/plain; charset="utf-8"',
        "Content-Transfer-Encoding: 7bit", "", "A PAR-BUR"))
    assert (inbound.sender, inbound.body) == ("alice@example.org", "A PAR-BUR")
    assert calls == []
    read_message(mail("From: a@example.org", "Subject: =?utf-8?q?caf=C3=A9?=", "", "x"))
    assert calls == ["Subject"]


# Whatever the quick reading accepts, headerregistry reads the same way.

_STRUCTURED = BytesParser(policy=policy.default)
_QUICK = BytesParser(policy=READ_POLICY)


@settings(max_examples=100, deadline=None)
@given(st.from_regex(addresses.PLAIN_ADDRESS, fullmatch=True))
def test_plain_addresses_read_as_headerregistry_reads_them(value: str) -> None:
    quick = envelope.Headers(_QUICK.parsebytes(f"From: {value}\r\n\r\n".encode()))
    field = policy.default.header_fetch_parse("From", value)
    assert quick.address("From") == field.addresses[0].addr_spec.lower()
    # A recipient list is split at commas first: one inside quotes leaves it to getaddresses.
    pair = f"{value},{value}"
    assert envelope._plain_addresses([pair]) in (None, [a for _, a in getaddresses([pair])])


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(PLAIN_MIME)), st.data())
def test_plain_mime_fields_read_as_headerregistry_reads_them(name: str, data: st.DataObject) \
        -> None:
    value = data.draw(st.from_regex(PLAIN_MIME[name], fullmatch=True)
                      .filter(lambda v: "=?" not in v))
    raw = f"{name}: {value}\r\n\r\nbody".encode()
    assert _mime_facts(_QUICK.parsebytes(raw)) == _mime_facts(_STRUCTURED.parsebytes(raw))


def _mime_facts(message: Message) -> list[object]:
    return [message.get_content_type(), message.get_content_disposition(),
            message.get_content_charset(), message.get_boundary(), message.get_param("format"),
            str(message.get("content-transfer-encoding", "")).lower()]


@settings(max_examples=100, deadline=None)
@given(st.from_regex(envelope._PLAIN_MSG_ID, fullmatch=True).filter(lambda v: "=?" not in v))
def test_plain_message_ids_read_as_headerregistry_reads_them(value: str) -> None:
    value = value.lstrip(" \t")  # the parser strips what follows the colon
    assert message_ids(field_text("Message-ID", value)) == \
        message_ids(str(policy.default.header_fetch_parse("Message-ID", value)))
