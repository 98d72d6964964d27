"""Which address a From field names (judge/mail/addresses.py), and what X-Loop lists.

The pipeline's answers to these shapes are in the hostile corpus
(tests/mail/hostile_corpus_senders.py); these pin the reasons word for word.
"""

from __future__ import annotations

import pytest

from judge.mail.addresses import Mailbox, excerpt, local_part, loop_markers, mailbox
from judge.mail.inbound.message import read_envelope


def raw_from(value: bytes) -> str:
    """The From value as the parser keeps it: 8-bit bytes as surrogate escapes."""
    return value.decode("utf-8", "surrogateescape")


@pytest.mark.parametrize(("value", "address"), [
    (b"Alice <Alice@Example.org>", "alice@example.org"),
    (b"=?utf-8?q?Zo=C3=AB?= <zoe@example.org>", "zoe@example.org"),
    (b"=?utf-8?q?M_=3Cm=40evil.example=3E?= <zoe@example.org>", "zoe@example.org"),
    (b"zoe@example.org (=?utf-8?q?Zo=C3=AB?=)", "zoe@example.org"),
    (b"J\xc3\xb6rg <J\xc3\xb6rg@B\xc3\xbccher.example>", "jörg@bücher.example"),
    (b'"john doe"@example.net', '"john doe"@example.net'),
    (b"Ren\xe9e <renee@example.org>", "renee@example.org"),  # latin-1 in the name only
])
def test_a_stated_address_is_taken(value: bytes, address: str) -> None:
    assert mailbox("From", raw_from(value)) == Mailbox(address)


ENCODED = "an encoded word (RFC 2047) stands where the address belongs"
NOT_UTF8 = "the address has 8-bit characters that are not UTF-8 (RFC 6532)"


@pytest.mark.parametrize(("value", "problem"), [
    # base64 of "John <john@example.org>", and of "john@example.org"
    (b"=?utf-8?b?Sm9obiA8am9obkBleGFtcGxlLm9yZz4=?=",
     f'{ENCODED}: "=?utf-8?b?Sm9obiA8am9obkBleGFtcGxlLm9yZz4=?="'),
    (b"=?utf-8?b?am9obkBleGFtcGxlLm9yZw==?=", f'{ENCODED}: "=?utf-8?b?am9obkBleGFtcGxlLm9yZw==?="'),
    (b"=?utf-8?q?john?=@example.org", f'{ENCODED}: "=?utf-8?q?john?=@example.org"'),
    (b"=?us-ascii?q?john@example.org?=", f'{ENCODED}: "=?us-ascii?q?john@example.org?="'),
    (b"J\xf6rg <j\xf6rg@example.org>", f'{NOT_UTF8}: "J\\xf6rg <j\\xf6rg@example.org>"'),
    (b"<j\xc3@example.org>", f'{NOT_UTF8}: "<j\\xc3@example.org>"'),
    (b"player", 'the address has no domain: "player"'),
    (b"Player <player@>", 'the address has no domain: "Player <player@>"'),
])
def test_an_address_the_field_does_not_state_is_refused_with_why(
        value: bytes, problem: str) -> None:
    assert mailbox("From", raw_from(value)) == Mailbox("", problem)


def test_no_field_or_an_empty_one_has_no_problem_to_tell() -> None:
    assert mailbox("From", None) == Mailbox()
    assert mailbox("From", "  ") == Mailbox()
    assert mailbox("From", "<>") == Mailbox()  # the null sender is no address


def test_an_unusable_first_address_gives_way_to_a_usable_one() -> None:
    assert mailbox("From", "=?utf-8?q?x=40y.example?=, bob@example.org") \
        == Mailbox("bob@example.org")


def test_the_excerpt_is_short_and_printable() -> None:
    assert excerpt(raw_from(b"\x00J\xc3\xb6rg\x07 \xff")) == "Jörg \\xff"
    assert excerpt("x" * 200) == "x" * 77 + "..."


def test_local_part_names_a_daemon_without_a_domain() -> None:
    assert local_part("From", "MAILER-DAEMON") == "mailer-daemon"
    assert local_part("From", "Mail System <Postmaster@mx.example>") == "postmaster"
    assert local_part("From", None) == ""


@pytest.mark.parametrize(("values", "markers"), [
    (["judge@dip.example"], ("judge@dip.example",)),
    (["a@x.example, Judge@Dip.Example"], ("a@x.example", "judge@dip.example")),
    (["Other judge <J@X.example>,\r\n\tjudge@dip.example"], ("j@x.example", "judge@dip.example")),
    (["a@x.example", "b@y.example, a@x.example"], ("a@x.example", "b@y.example")),
    ([" , ,"], ()),
])
def test_x_loop_lists_one_marker_per_address(values: list[str],
                                             markers: tuple[str, ...]) -> None:
    assert loop_markers(values) == markers


def test_the_envelope_reading_says_why_there_is_no_sender() -> None:
    inbound = read_envelope(b"From: =?utf-8?q?a=40b.example?=\r\nSubject: x\r\n\r\nHELP\r\n")
    assert (inbound.sender, inbound.sender_problem) == \
        ("", f'{ENCODED}: "=?utf-8?q?a=40b.example?="')
    assert inbound.problem == f'no From address to answer: {ENCODED}: "=?utf-8?q?a=40b.example?="'
    assert read_envelope(b"Subject: x\r\n\r\nHELP\r\n").sender_problem is None
