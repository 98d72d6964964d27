"""Reading inbound mail (judge.mail.inbound.message) and composing outbound mail
(judge.mail.outbound.compose)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.mail.inbound.message import MAX_BODY_BYTES, Inbound, read_message
from judge.mail.outbound.compose import compose, message_id_of


def mail(*lines: str | bytes) -> bytes:
    """Raw message bytes: the lines joined with CRLF, str lines ASCII-encoded."""
    return b"\r\n".join(line if isinstance(line, bytes) else line.encode("ascii")
                        for line in lines)


HEAD = ("From: Alice Example <Alice@Example.ORG>", "To: judge@dip.example",
        "Subject: orders", "Message-ID: <a1@example.org>")


def test_plain_ascii_mail() -> None:
    inbound = read_message(mail(
        "Return-Path: <alice@example.org>",
        "From: Alice Example <Alice@Example.ORG>",
        "To: judge@dip.example",
        "Subject:   Re:  orders",
        "\tfor spring",
        "Message-ID: <a1@example.org>",
        "In-Reply-To: <j2@dip.example>",
        "References: <j1@dip.example>",
        " <j2@dip.example>",
        "Date: Mon, 3 Jun 2024 10:00:00 +0200",
        "",
        "SIGNON Fgame1 secret",
        "A PAR - BUR",
        "F BRE - MAO",
        "SIGNOFF",
        "",
    ))
    assert inbound == Inbound(
        sender="alice@example.org",
        reply_to="alice@example.org",
        subject="Re: orders for spring",
        message_id="<a1@example.org>",
        references=("<j1@dip.example>", "<j2@dip.example>"),
        body="SIGNON Fgame1 secret\nA PAR - BUR\nF BRE - MAO\nSIGNOFF",
        recipients=("judge@dip.example",),
    )


def test_reply_to_and_in_reply_to_without_references() -> None:
    inbound = read_message(mail(
        "From: alice@example.org", "Reply-To: \"Al\" <Al.Other@Example.net>",
        "In-Reply-To: <j9@dip.example>", "", "LIST"))
    assert inbound.sender == "alice@example.org"
    assert inbound.reply_to == "al.other@example.net"
    assert inbound.references == ("<j9@dip.example>",)
    assert inbound.message_id is None


def test_quoted_printable_latin1_body() -> None:
    inbound = read_message(mail(
        *HEAD,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=ISO-8859-1",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "PRESS TO Fran=E7ois, J=FCrgen, Ana=EFs",
        "Bonjour de Gen=E8ve, un tr=E8s long message qui d=E9passe la limite de soixante-=",
        "dix-huit caract=E8res",
        "ENDPRESS",
    ))
    assert inbound.problem is None
    assert inbound.body == (
        "PRESS TO François, Jürgen, Anaïs\n"
        "Bonjour de Genève, un très long message qui dépasse la limite de soixante-"
        "dix-huit caractères\n"
        "ENDPRESS"
    )


def test_body_declared_utf8_but_latin1() -> None:
    inbound = read_message(mail(
        *HEAD,
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        b"PRESS TO Ren\xe9e",
        b"Salut Ren\xe9e, \xe7a va?",
        b"ENDPRESS",
    ))
    assert inbound.body == "PRESS TO Renée\nSalut Renée, ça va?\nENDPRESS"


def test_unknown_charset_falls_back() -> None:
    inbound = read_message(mail(
        *HEAD, "Content-Type: text/plain; charset=x-no-such-charset", "", b"M\xfcller"))
    assert inbound.body == "Müller"
    assert inbound.problem is None


def test_html_only_mail_one_command_per_line() -> None:
    html = (
        '<html><head><title>orders</title><style>div { color: red }</style></head>'
        '<body><div dir="ltr">SIGNON&nbsp;Fgame1 secret\n'
        '<div>A Par - <b>Bur</b></div>'
        '<div>F Bre -\n MAO</div>'
        '<p>A Mar &amp; S A Par - Bur</p>'
        'ORDERS<br>A VEN H<br/>'
        '<script>document.write("A ROM H")</script>'
        '<ul><li>SIGNOFF</li></ul></div>'
        '<div>On Mon, 3 Jun 2024, judge wrote:</div>'
        '<blockquote>Orders for Spring 1901<div>due Friday</div></blockquote>'
        '<div>-- </div><div>Alice, <i>A VEN - TRI</i></div>'
        '</body></html>'
    )
    inbound = read_message(mail(
        *HEAD, "Content-Type: text/html; charset=utf-8", "", html.encode()))
    assert inbound.body == (
        "SIGNON Fgame1 secret\nA Par - Bur\nF Bre - MAO\nA Mar & S A Par - Bur\n"
        "ORDERS\nA VEN H\nSIGNOFF"
    )


def test_multipart_alternative_prefers_text_plain() -> None:
    inbound = read_message(mail(
        *HEAD,
        "MIME-Version: 1.0",
        'Content-Type: multipart/alternative; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "A PAR - BUR",
        "--b1",
        "Content-Type: text/html; charset=utf-8",
        "",
        "<div>A PAR - PIC</div>",
        "--b1--",
        "",
    ))
    assert inbound.body == "A PAR - BUR"


def test_text_attachment_is_ignored() -> None:
    inbound = read_message(mail(
        *HEAD,
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain; charset=utf-8; name=old-orders.txt",
        'Content-Disposition: attachment; filename="old-orders.txt"',
        "",
        "A PAR - PIC",
        "--b1",
        'Content-Type: multipart/alternative; boundary="b2"',
        "",
        "--b2",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Disposition: inline",
        "",
        "A PAR - BUR",
        "--b2--",
        "--b1--",
        "",
    ))
    assert inbound.body == "A PAR - BUR"
    assert inbound.problem is None


def test_only_an_attachment_is_no_readable_text() -> None:
    inbound = read_message(mail(
        *HEAD,
        'Content-Type: multipart/mixed; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain",
        "Content-Disposition: attachment; filename=orders.txt",
        "",
        "A PAR - PIC",
        "--b1",
        "Content-Type: image/png",
        "Content-Transfer-Encoding: base64",
        "",
        "iVBORw0KGgo=",
        "--b1--",
    ))
    assert inbound.body == ""
    assert inbound.problem == "no readable text part"


def test_quoted_reply_and_attribution_stripped() -> None:
    inbound = read_message(mail(
        *HEAD,
        "",
        "A PAR - BUR",
        "",
        "On Mon, 3 Jun 2024 at 10:00, Diplomacy Judge <judge@dip.example>",
        "wrote:",
        "",
        "> Orders for Spring 1901 are due.",
        ">> A PAR - PIC",
        "> ",
        "F BRE - MAO",
        "On Tue, 4 Jun 2024, Bob wrote:",
        "> second quote",
    ))
    # Removed lines leave blanks, so each command keeps the line number the sender sees.
    assert inbound.body == "A PAR - BUR\n\n\n\n\n\n\n\nF BRE - MAO"
    assert inbound.body.split("\n").index("F BRE - MAO") == 8  # line 9 of the body


def test_signature_stripped() -> None:
    inbound = read_message(mail(
        *HEAD, "", "A PAR - BUR", "-- not a separator", "F BRE - MAO", "-- ",
        "Alice", "A VEN - TRI"))
    assert inbound.body == "A PAR - BUR\n-- not a separator\nF BRE - MAO"


def test_format_flowed_lines_rejoined() -> None:
    inbound = read_message(mail(
        *HEAD,
        "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=no",
        "",
        "PRESS TO ALL",
        "The eastern alliance is a fiction, and everyone ",
        "knows it.",
        " From Austria",
        "ENDPRESS",
    ))
    assert inbound.body == (
        "PRESS TO ALL\nThe eastern alliance is a fiction, and everyone knows it.\n"
        "From Austria\nENDPRESS"
    )


def test_rfc2047_subject() -> None:
    inbound = read_message(mail(
        "From: alice@example.org",
        "Subject: =?ISO-8859-1?Q?Re:_ordres_d'=E9t=E9?=",
        " =?UTF-8?B?4oCTIM6VzrvOu86szrTOsQ==?=",
        "", "LIST"))
    assert inbound.subject == "Re: ordres d'été\u2013 Ελλάδα"


def test_raw_utf8_subject() -> None:
    inbound = read_message(mail("From: alice@example.org", b"Subject: caf\xc3\xa9 m\xc3\xbcde",
                                "", "LIST"))
    assert inbound.subject == "café müde"


def test_missing_from() -> None:
    inbound = read_message(mail("To: judge@dip.example", "Subject: orders", "", "LIST"))
    assert inbound.sender == ""
    assert inbound.reply_to == ""
    assert inbound.body == "LIST"
    assert inbound.problem == "no From address"


def test_from_without_domain_is_no_address() -> None:
    inbound = read_message(mail("From: just some words", "", "LIST"))
    assert inbound.sender == ""
    assert inbound.problem == \
        'no From address to answer: the address has no domain: "just some words"'


@pytest.mark.parametrize("raw", [
    b"\x00\xff not a mail",
    b"",
    b"\r\n\r\n",
    b"From:\r\nSubject: =?utf-8?q?=FF=FE?=\r\nMessage-ID: <<<>>>\r\n\r\n",
    b"From: <@@@>,,;;<>\r\nReferences: <a@b\r\n\r\nx",
    b"Content-Type: multipart/mixed\r\n\r\n--nothing\r\n",
    b"Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain;"
    b" charset=base64\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!*\r\n",
    b"Content-Type: text/html\r\n\r\n<scr<ipt><!-- <![CDATA[ &#xffffffff; </",
    b"Content-Type: text/plain; charset*=utf-8''%FF%FE\r\n\r\nx",
])
def test_garbage_never_raises(raw: bytes) -> None:
    inbound = read_message(raw)
    assert isinstance(inbound, Inbound)
    assert inbound.problem is not None
    assert "\x00" not in inbound.body


def test_garbage_body_text() -> None:
    inbound = read_message(b"\x00\xff not a mail")
    assert inbound.problem == "no From address"
    assert inbound.body == "ÿ not a mail"


@given(st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(raw: bytes) -> None:
    assert isinstance(read_message(raw), Inbound)


@given(st.lists(st.sampled_from([
    "From: a@b.example", "Content-Type: multipart/mixed; boundary=x", "--x", "--x--",
    "Content-Type: text/html", "Content-Transfer-Encoding: base64",
    "Content-Transfer-Encoding: quoted-printable", "Subject: =?utf-8?b?w6k=?=", "",
    "<div>A PAR H", "</blockquote>", "> quoted", "-- ", "=E9=", "\udcff",
    "Content-Type: text/plain; charset=utf-16", "Content-Disposition: attachment",
]), max_size=30))
def test_structured_garbage_never_raises(lines: list[str]) -> None:
    raw = "\r\n".join(lines).encode("utf-8", "surrogateescape")
    assert isinstance(read_message(raw), Inbound)


@pytest.mark.parametrize(("header", "reason"), [
    ("Auto-Submitted: auto-replied", "Auto-Submitted: auto-replied"),
    ("Auto-Submitted: Auto-Generated; owner-email=x@y.example", "Auto-Submitted: auto-generated"),
    ("Return-Path: <>", "null Return-Path"),
    ("Precedence: bulk", "Precedence: bulk"),
    ("Precedence: junk", "Precedence: junk"),
    ("Precedence: List", "Precedence: list"),
    ("List-Id: Diplomacy players <players.lists.example.org>", "List-Id header"),
    ("X-Autoreply: yes", "X-Autoreply header"),
    ("X-Autorespond: Out of office", "X-Autorespond header"),
])
def test_automatic_header(header: str, reason: str) -> None:
    inbound = read_message(mail(*HEAD, header, "", "I am away until Monday."))
    assert inbound.automatic
    assert inbound.automatic_reason == reason


@pytest.mark.parametrize(("sender", "reason"), [
    ("Mail Delivery System <MAILER-DAEMON@mx.example.org>", "From mailer-daemon"),
    ("MAILER-DAEMON", "From mailer-daemon"),
    ("postmaster@example.org", "From postmaster"),
])
def test_automatic_sender(sender: str, reason: str) -> None:
    inbound = read_message(mail(f"From: {sender}", "Subject: failure", "", "undeliverable"))
    assert (inbound.automatic, inbound.automatic_reason) == (True, reason)


def test_automatic_multipart_report() -> None:
    inbound = read_message(mail(
        "From: Mail System <bounces@mx.example.org>",
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
        "",
        "--r",
        "Content-Type: text/plain",
        "",
        "Delivery to judge@dip.example failed.",
        "--r",
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.example.org",
        "--r--",
    ))
    assert (inbound.automatic, inbound.automatic_reason) == (True, "multipart/report")


@pytest.mark.parametrize("extra", [(), ("Auto-Submitted: no",), ("Precedence: first-class",),
                                   ("Return-Path: <alice@example.org>",)])
def test_ordinary_mail_not_automatic(extra: tuple[str, ...]) -> None:
    inbound = read_message(mail(*HEAD, *extra, "", "A PAR - BUR"))
    assert not inbound.automatic
    assert inbound.automatic_reason is None


def test_forwarded_message_text_is_not_the_body() -> None:
    inbound = read_message(mail(
        *HEAD,
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: message/rfc822",
        "",
        "From: bob@example.org",
        "",
        "A PAR - PIC",
        "--b--",
    ))
    assert inbound.problem == "no readable text part"


def test_one_megabyte_body_truncated() -> None:
    line = "A PAR - BUR, F BRE - MAO, A MAR - SPA, F LON - NTH\n"  # 51 ASCII bytes
    inbound = read_message(mail(*HEAD, "", (line * 20_000).encode()))
    assert inbound.truncated
    assert MAX_BODY_BYTES == 65536
    # Whole lines only: 1285 lines of 51 bytes fit into 65536 bytes, less the last newline.
    assert len(inbound.body) == 1285 * 51 - 1
    assert inbound.body.endswith("F LON - NTH")


def test_short_body_not_truncated() -> None:
    inbound = read_message(mail(*HEAD, "", "A PAR - BUR"))
    assert not inbound.truncated


# --- outbound ----------------------------------------------------------------------------

SUBJECT = "Re: ordres d'été \u2013 Ελλάδα"
BODY = "Résultats du printemps 1901:\nA Par - Bur: réussi\n" + "é" * 1500 + "\n"


def composed() -> bytes:
    return compose(
        sender="Diplomacy Judge <judge@dip.example>",
        to=["Éloïse <eloise@example.org>", "bob@example.net"],
        subject=SUBJECT,
        body=BODY,
        domain="dip.example",
        in_reply_to="<a1@example.org>",
        references=["<j1@dip.example>"],
        date=datetime(2024, 6, 3, 10, 0, tzinfo=UTC),
    )


def test_compose_lines_crlf_and_short() -> None:
    raw = composed()
    assert raw.endswith(b"\r\n")
    lines = raw.split(b"\r\n")
    assert all(b"\n" not in line and b"\r" not in line for line in lines)
    assert max(len(line) for line in lines) < 998
    assert raw.isascii()  # RFC 2047 headers and quoted-printable: no 8BITMIME needed


def test_compose_headers() -> None:
    raw = composed()
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    assert "From: Diplomacy Judge <judge@dip.example>\r\n" in head
    assert "To: =?utf-8?q?=C3=89lo=C3=AFse?= <eloise@example.org>, bob@example.net\r\n" in head
    assert "Date: Mon, 03 Jun 2024 10:00:00 +0000\r\n" in head
    assert "In-Reply-To: <a1@example.org>\r\n" in head
    assert "References: <j1@dip.example> <a1@example.org>\r\n" in head
    assert "Auto-Submitted: auto-replied\r\n" in head
    assert 'Content-Type: text/plain; charset="utf-8"\r\n' in head
    assert "Content-Transfer-Encoding: quoted-printable\r\n" in head
    assert "Subject: Re: ordres =?utf-8?" in head  # encoded-words for the non-ASCII part
    message_id = message_id_of(raw)
    assert message_id is not None
    assert message_id.startswith("<") and message_id.endswith("@dip.example>")


def test_compose_round_trip() -> None:
    raw = composed()
    inbound = read_message(raw)
    assert inbound.sender == "judge@dip.example"
    assert inbound.subject == SUBJECT
    assert inbound.body == BODY.rstrip("\n")
    assert inbound.references == ("<j1@dip.example>", "<a1@example.org>")
    assert inbound.message_id is not None
    assert inbound.message_id == message_id_of(raw)
    # Our own mail is automatic: another judge (or we) must never answer it.
    assert inbound.automatic_reason == "Auto-Submitted: auto-replied"


def test_compose_report_with_given_id() -> None:
    raw = compose(sender="judge@dip.example", to=["alice@example.org"], subject="Diplomacy",
                  body="Spring 1901 results\n", domain="dip.example",
                  auto_submitted="auto-generated", message_id="r1.game1@dip.example")
    head = raw.split(b"\r\n\r\n", 1)[0]
    assert b"In-Reply-To" not in head and b"References" not in head
    assert b"Auto-Submitted: auto-generated\r\n" in head
    assert b"Content-Transfer-Encoding: 7bit\r\n" in head
    assert message_id_of(raw) == "<r1.game1@dip.example>"
    assert read_message(raw).body == "Spring 1901 results"


def test_compose_long_unbreakable_subject_and_line() -> None:
    raw = compose(sender="judge@dip.example", to=["a@example.org"], subject="x" * 1200,
                  body="y" * 3000, domain="dip.example")
    assert max(len(line) for line in raw.split(b"\r\n")) < 998
    inbound = read_message(raw)
    assert (inbound.subject, inbound.body) == ("x" * 1200, "y" * 3000)


def test_compose_short_non_ascii_body_stays_7bit_clean() -> None:
    raw = compose(sender="judge@dip.example", to=["a@example.org"], subject="s",
                  body="Ça va, Zoë?\n", domain="dip.example")
    assert raw.isascii()
    assert raw.endswith(b"\r\n\r\n=C3=87a va, Zo=C3=AB?\r\n")


def test_compose_subject_whitespace_collapsed() -> None:
    raw = compose(sender="judge@dip.example", to=["a@example.org"],
                  subject="Re:  orders\n for\tspring ", body="x", domain="dip.example")
    assert b"\r\nSubject: Re: orders for spring\r\n" in raw


def test_compose_subject_cannot_inject_headers() -> None:
    raw = compose(sender="judge@dip.example", to=["a@example.org"],
                  subject="Re: hi\r\nBcc: victim@example.org", body="x", domain="dip.example")
    assert b"\r\nBcc:" not in raw
    assert read_message(raw).subject == "Re: hi Bcc: victim@example.org"


def test_compose_needs_a_recipient() -> None:
    with pytest.raises(ValueError, match="no recipients"):
        compose(sender="judge@dip.example", to=[], subject="s", body="b", domain="dip.example")


def test_message_id_of_missing_or_garbage() -> None:
    assert message_id_of(mail("From: a@b.example", "", "x")) is None
    assert message_id_of(b"\x00\xff") is None
    assert message_id_of(mail("Message-ID: <x1@b.example> (comment)", "", "x")) == "<x1@b.example>"
