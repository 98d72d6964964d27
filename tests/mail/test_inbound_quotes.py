"""read_message on what the hostile corpus showed: quoted blocks, broken MIME, odd text."""

from __future__ import annotations

import base64

import pytest

from judge.mail.inbound import message
from judge.mail.inbound.html import html_to_text
from judge.mail.inbound.message import read_message
from judge.mail.inbound.mime import MAX_NESTING
from tests.mail.hostile_mail import nested_multiparts


def mail(*lines: str | bytes) -> bytes:
    return b"\r\n".join(line if isinstance(line, bytes) else line.encode() for line in lines)


HEAD = ("From: alice@example.org", "Subject: orders", "Message-ID: <q1@example.org>")


def body(*lines: str | bytes, content_type: str = "text/plain") -> str:
    return read_message(mail(*HEAD, f"Content-Type: {content_type}", "", *lines)).body


# --- quoted blocks -----------------------------------------------------------------------


@pytest.mark.parametrize("separator", [
    "-----Original Message-----",  # Outlook
    "-------- Original Message --------",  # Thunderbird
    "---------- Forwarded message ---------",  # Gmail
    "-------- Forwarded Message --------",  # Thunderbird
    "Begin forwarded message:",  # Apple Mail
])
def test_separator_starts_a_block_to_the_end(separator: str) -> None:
    assert body("A PAR - BUR", "", separator, "From: judge@dip.example", "",
                "A PAR - PIC", "", "F BRE - MAO") == "A PAR - BUR"


def test_outlook_header_block_under_a_rule() -> None:
    assert body("A PAR - BUR", "", "_" * 32, "From: Judge <judge@dip.example>",
                "Sent: Monday, November 2, 2026 9:00 AM", "To: alice@example.org",
                "Subject: Spring 1901", "", "A PAR - PIC") == "A PAR - BUR"


def test_header_block_with_blank_lines_between_its_fields() -> None:
    assert body("A PAR - BUR", "From: judge@dip.example", "", "Date: Mon, 2 Nov 2026", "",
                "Subject: Spring 1901", "A PAR - PIC") == "A PAR - BUR"


@pytest.mark.parametrize("block", [
    ("From: the Tsar", "Sent: by pigeon"),  # issue #11: no Subject, so no header block
    ("From: the Tsar", "Subject: peace"),  # no date
    ("From: the Tsar", "Sent: by pigeon", "A PAR - BUR", "Subject: peace"),  # not a block
])
def test_header_looking_lines_are_the_senders_text(block: tuple[str, ...]) -> None:
    lines = ("PRESS TO ALL", *block, "ENDPRESS", "F BRE - MAO")
    assert body(*lines) == "\n".join(lines)


def test_from_line_alone_is_not_a_block() -> None:
    lines = ("PRESS TO ALL", "From: the Tsar, with love", "Sent with regret.", "ENDPRESS",
             "A PAR - BUR")
    assert body(*lines) == "\n".join(lines)


def test_separator_words_inside_a_sentence_are_kept() -> None:
    lines = ("PRESS TO ALL", "My original message -- forwarded message -- was lost.",
             "ENDPRESS")
    assert body(*lines) == "\n".join(lines)


def test_signature_without_its_trailing_space() -> None:
    assert body("A PAR - BUR", "--", "Alice", "F BRE - MAO") == "A PAR - BUR"


def test_three_dashes_are_no_signature() -> None:
    assert body("A PAR - BUR", "---", "F BRE - MAO") == "A PAR - BUR\n---\nF BRE - MAO"


def test_outlook_html_reply() -> None:
    html = ('<div>A PAR - BUR</div><hr><div id="divRplyFwdMsg"><b>From:</b> Judge<br>'
            "<b>Sent:</b> Monday<br><b>Subject:</b> Spring 1901</div><div>A PAR - PIC</div>")
    assert body(html, content_type="text/html") == "A PAR - BUR"


def test_html_table_cells_are_separate_words() -> None:
    assert html_to_text("<table><tr><td>A PAR</td><td>-</td><td>BUR</td></tr>"
                        "<tr><th>F</th><th>BRE</th><td>H</td></tr></table>") == \
        "A PAR - BUR\nF BRE H"


# --- characters --------------------------------------------------------------------------


def test_invisible_characters_and_unicode_spaces() -> None:
    text = "\ufeffHELP\u200b LIST\u00a0NOW\u2060\u202fX"
    assert body(text.encode(), content_type="text/plain; charset=utf-8") == "HELP LIST NOW X"


def test_c1_controls_removed() -> None:
    # U+0085 (NEL) would otherwise split the line in two wherever str.splitlines looks.
    assert body(b"A PAR\xc2\x85 - BUR", content_type="text/plain; charset=utf-8") == \
        "A PAR - BUR"


def test_latin1_label_read_as_windows_1252() -> None:
    text = body(b"\x93A PAR \x96 BUR\x94 Gen\xe8ve", content_type="text/plain; charset=ISO-8859-1")
    assert text == "\u201cA PAR \u2013 BUR\u201d Genève"


def test_latin1_label_with_bytes_1252_lacks() -> None:
    # 0x81 is no character in windows-1252 nor valid UTF-8: latin-1 reads it as a C1 control.
    assert body(b"A\x81B", content_type="text/plain; charset=latin1") == "AB"


# --- broken MIME -------------------------------------------------------------------------

PARTS = ("--xyz", "Content-Type: text/html", "", "<p>A PAR - PIC</p>", "--xyz",
         "Content-Type: text/plain", "", "A PAR - BUR", "--xyz--")


@pytest.mark.parametrize("content_type", ["multipart/alternative",
                                          'multipart/mixed; boundary="abc"'])
def test_boundary_guessed_from_the_body(content_type: str) -> None:
    inbound_ = read_message(mail(*HEAD, f"Content-Type: {content_type}", "", *PARTS))
    assert (inbound_.body, inbound_.problem) == ("A PAR - BUR", None)


def test_multipart_without_any_boundary_line_has_no_text() -> None:
    inbound_ = read_message(mail(*HEAD, "Content-Type: multipart/mixed", "", "A PAR - BUR"))
    assert (inbound_.body, inbound_.problem) == ("", "no readable text part")


def test_base64_label_on_text() -> None:
    assert body("A PAR - BUR", "F BRE - MAO", content_type="text/plain\r\n"
                "Content-Transfer-Encoding: base64") == "A PAR - BUR\nF BRE - MAO"


def test_real_base64_still_decoded() -> None:
    encoded = base64.b64encode(b"A PAR - BUR\r\nF BRE - MAO\r\n").decode()
    assert body(encoded, content_type="text/plain\r\nContent-Transfer-Encoding: base64") == \
        "A PAR - BUR\nF BRE - MAO"


def nested(depth: int) -> bytes:
    return mail(*HEAD, 'Content-Type: multipart/mixed; boundary="b0"', "",
                *nested_multiparts(depth))


def test_32_nested_multiparts_are_read() -> None:
    assert MAX_NESTING == 32
    assert read_message(nested(32)).body == "HELP LIST"


def test_33_nested_multiparts_are_not_read() -> None:
    found = read_message(nested(33))
    assert (found.sender, found.subject, found.body) == ("alice@example.org", "orders", "")
    assert found.problem == "its parts are nested more than 32 levels deep"


def test_a_failure_reading_the_body_still_reads_the_headers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def overflow(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(message, "read_body", overflow)
    found = read_message(nested(3))
    assert (found.sender, found.message_id) == ("alice@example.org", "<q1@example.org>")
    assert found.problem == "its body could not be read"  # words, not RecursionError


# --- headers -----------------------------------------------------------------------------


def test_raw_latin1_subject_and_controls() -> None:
    found = read_message(mail("From: a@example.org", b"Subject: R\xe9sum\xe9 \x00\x1b!", "", ""))
    assert found.subject == "Résumé !"


def test_message_id_without_nul() -> None:
    found = read_message(mail("From: a@example.org", b"Message-ID: <a\x00b@x.example>", "", ""))
    assert found.message_id == "<ab@x.example>"


def test_ids_longer_than_a_line_are_dropped() -> None:
    long_id = f"<{'x' * 990}@x.example>"  # 1001 characters with its brackets
    found = read_message(mail("From: a@example.org", f"Message-ID: {long_id}",
                              f"References: <r1@x.example> {long_id}", "", ""))
    assert (found.message_id, found.references) == (None, ("<r1@x.example>",))
