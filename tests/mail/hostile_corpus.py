"""The hostile and broken mail corpus: CORPUS, one Case per kind of trouble.

Builders and the Case type are in hostile_mail.py; the quoting, header and automatic-mail
cases in hostile_corpus_text.py. Most messages ask "HELP LIST", so a reply holding
"line 1: HELP LIST" proves the judge found exactly that text as the first command line.
"""

from __future__ import annotations

import random

from judge.config import Settings
from tests.mail.hostile_corpus_accounts import ACCOUNT_CASES
from tests.mail.hostile_corpus_bodies import BODY_CASES
from tests.mail.hostile_corpus_orders import ORDERS_CASES
from tests.mail.hostile_corpus_press import PRESS_CASES
from tests.mail.hostile_corpus_senders import SENDER_CASES
from tests.mail.hostile_corpus_text import TEXT_CASES
from tests.mail.hostile_mail import (
    HELP_LIST,
    NOTHING,
    QUOTED,
    TEXT_PART,
    TEXT_PLAIN,
    Case,
    Dropped,
    b64_lines,
    message,
    mime,
    multipart,
    nested_multiparts,
    replied,
)

MIME_NOISE = ("Content-Type", "--b1")  # MIME structure read as if it were commands


def _large_attachment(name: str) -> bytes:
    # Sized to stay under the judge's size limit (the limit has its own reply elsewhere):
    # base64 makes 3 bytes 4 characters, in lines of 76 plus CRLF; the rest needs 64 KiB.
    size = (Settings().max_message_bytes - 64 * 1024) * 3 // 4 * 76 // 78
    data = random.Random(name).randbytes(size)
    attachment = (("Content-Type: application/octet-stream",
                   'Content-Disposition: attachment; filename="map.bin"',
                   "Content-Transfer-Encoding: base64"), tuple(b64_lines(data)))
    return mime(name, 'multipart/mixed; boundary="b1"',
                *multipart("b1", TEXT_PART, attachment))


def _many_parts(name: str, count: int) -> bytes:
    filler = (("Content-Type: application/octet-stream",), ("AAAA",))
    return mime(name, 'multipart/mixed; boundary="b1"',
                *multipart("b1", *[filler] * count, TEXT_PART))


def _alternative_html_first(name: str) -> bytes:
    html = (("Content-Type: text/html; charset=utf-8",), (f"<p>{QUOTED}</p>",))
    return mime(name, 'multipart/alternative; boundary="b1"',
                *multipart("b1", html, TEXT_PART))


def _forwarded_as_attachment(name: str) -> bytes:
    forwarded = (("Content-Type: message/rfc822",),
                 ("From: judge@example.org", "Subject: Spring 1901", "", QUOTED))
    return mime(name, 'multipart/mixed; boundary="b1"',
                *multipart("b1", TEXT_PART, forwarded))


def _utf16(name: str) -> bytes:
    text = "HELP LIST\r\nGrüße\r\n".encode("utf-16")  # with its byte order mark
    return mime(name, "text/plain; charset=utf-16", *b64_lines(text),
                headers=("Content-Transfer-Encoding: base64",))


MIME_CASES = [
    Case("missing_boundary", mime("missing_boundary", "multipart/mixed",
                                  *multipart("b1", TEXT_PART)),
         replied(HELP_LIST, absent=MIME_NOISE)),
    Case("boundary_never_closed", mime("boundary_never_closed", 'multipart/mixed; boundary=b1',
                                       *multipart("b1", TEXT_PART, close=False)),
         replied(HELP_LIST, absent=MIME_NOISE)),
    Case("boundary_not_the_declared_one",
         mime("boundary_not_the_declared_one", 'multipart/mixed; boundary="zz"',
              *multipart("b1", TEXT_PART)),
         replied(HELP_LIST, absent=MIME_NOISE)),
    Case("preamble_and_epilogue", mime("preamble_and_epilogue", 'multipart/mixed; boundary=b1',
                                       QUOTED, *multipart("b1", TEXT_PART), QUOTED),
         replied(HELP_LIST, absent=(QUOTED,))),
    Case("unknown_transfer_encoding", mime("unknown_transfer_encoding", TEXT_PLAIN, "HELP LIST",
                                           headers=("Content-Transfer-Encoding: x-gibberish",)),
         replied(HELP_LIST)),
    Case("base64_label_on_plain_text",
         mime("base64_label_on_plain_text", TEXT_PLAIN, "HELP LIST", "A PAR - BUR",
              headers=("Content-Transfer-Encoding: base64",)),
         replied(HELP_LIST, "line 2: A PAR - BUR")),
    # "HELP LIST\r\n" in base64 without its padding, with two characters base64 lacks.
    Case("invalid_base64", mime("invalid_base64", TEXT_PLAIN, "SEVMUC*BMSVNU!DQo",
                                headers=("Content-Transfer-Encoding: base64",)),
         replied(HELP_LIST)),
    Case("invalid_quoted_printable",
         mime("invalid_quoted_printable", "text/plain; charset=iso-8859-1",
              "HELP=20LIST", "caf=E9 =ZZ =4",
              headers=("Content-Transfer-Encoding: qUoTeD-pRiNtAbLe",)),
         replied(HELP_LIST, "line 2: café =ZZ =4")),
    Case("eight_bit_body_labelled_7bit",
         mime("eight_bit_body_labelled_7bit", TEXT_PLAIN, "HELP LIST", "Grüße",
              headers=("Content-Transfer-Encoding: 7bit",)),
         replied(HELP_LIST, "line 2: Grüße")),
    Case("content_type_without_subtype", mime("content_type_without_subtype", "text",
                                              "HELP LIST"),
         replied(HELP_LIST)),
    Case("content_type_garbage_parameters",
         mime("content_type_garbage_parameters",
              'text/plain; ;;charset="utf-8;;; ==x; =; (((; boundary', "HELP LIST"),
         replied(HELP_LIST)),
    Case("content_type_garbage", mime("content_type_garbage", "/// ;; ", "HELP LIST"),
         replied(HELP_LIST)),
    Case("alternative_html_first", _alternative_html_first("alternative_html_first"),
         replied(HELP_LIST, absent=(QUOTED,))),
    Case("large_attachment", _large_attachment("large_attachment"), replied(HELP_LIST)),
    Case("many_parts", _many_parts("many_parts", 500), replied(HELP_LIST)),
    Case("nested_32_deep", mime("nested_32_deep", 'multipart/mixed; boundary="b0"',
                                *nested_multiparts(32)),
         replied(HELP_LIST, absent=MIME_NOISE)),
    Case("nested_1000_deep", mime("nested_1000_deep", 'multipart/mixed; boundary="b0"',
                                  *nested_multiparts(1000)),
         replied(NOTHING, absent=MIME_NOISE)),
    Case("forwarded_as_attachment", _forwarded_as_attachment("forwarded_as_attachment"),
         replied(HELP_LIST, absent=(QUOTED,))),
    Case("only_a_forwarded_message",
         mime("only_a_forwarded_message", "message/rfc822", "From: judge@example.org", "",
              QUOTED),
         replied(NOTHING, absent=(QUOTED,))),
    Case("only_an_attachment",
         mime("only_an_attachment", TEXT_PLAIN, QUOTED,
              headers=('Content-Disposition: attachment; filename="orders.txt"',)),
         replied(NOTHING, absent=(QUOTED,))),
    Case("utf16_body", _utf16("utf16_body"), replied(HELP_LIST, "line 2: Grüße")),
]

CHARSET_CASES = [
    Case("unknown_body_charset", mime("unknown_body_charset", "text/plain; charset=x-klingon",
                                      "HELP LIST", "Grüße"),
         replied(HELP_LIST, "line 2: Grüße")),
    Case("ascii_label_utf8_body", mime("ascii_label_utf8_body", "text/plain; charset=us-ascii",
                                       "HELP LIST", "Grüße"),
         replied(HELP_LIST, "line 2: Grüße")),
    Case("utf8_label_latin1_body", mime("utf8_label_latin1_body", TEXT_PLAIN, "HELP LIST",
                                        b"Gr\xfc\xdfe"),
         replied(HELP_LIST, "line 2: Grüße")),
    # What mail clients label ISO-8859-1 is mostly windows-1252: 0x96 is its en dash.
    Case("latin1_label_cp1252_dash", mime("latin1_label_cp1252_dash",
                                          "text/plain; charset=iso-8859-1",
                                          "HELP LIST", b"A PAR \x96 BUR"),
         replied(HELP_LIST, "line 2: A PAR \u2013 BUR")),
    Case("cp1252_smart_quotes", mime("cp1252_smart_quotes", "text/plain; charset=windows-1252",
                                     "HELP LIST", b"F BRE \x96 MAO \x93fast\x94"),
         replied(HELP_LIST, "line 2: F BRE \u2013 MAO \u201cfast\u201d")),
    Case("utf8_byte_order_mark", mime("utf8_byte_order_mark", TEXT_PLAIN,
                                      b"\xef\xbb\xbfHELP LIST"),
         replied(HELP_LIST)),
    Case("zero_width_and_no_break_spaces",
         mime("zero_width_and_no_break_spaces", TEXT_PLAIN, "\u200bHELP\u00a0LIST\u2060",
              "HELP\tJOIN"),
         replied(HELP_LIST, "JOIN <game> <password>")),
    Case("nul_and_control_characters",
         message("nul_and_control_characters", b"HE\x00LP LIST\x07", b"\x1bHELP JOIN\x7f"),
         replied(HELP_LIST, "line 2: HELP JOIN")),
    Case("binary_body", message("binary_body", random.Random(7).randbytes(2048)),
         replied("not a command")),
]

BROKEN_CASES = [
    Case("zero_bytes", b"", Dropped("no From address")),
    Case("random_binary", random.Random(1102).randbytes(8192), Dropped("no From address")),
    Case("empty_body", message("empty_body"), replied(NOTHING)),
    Case("blank_body", message("blank_body", " \t", "", "\t   "), replied(NOTHING)),
    Case("headers_only", message("headers_only")[:-4], replied(NOTHING)),
]

CORPUS: list[Case] = [*MIME_CASES, *CHARSET_CASES, *BROKEN_CASES, *TEXT_CASES, *ORDERS_CASES,
                      *ACCOUNT_CASES, *PRESS_CASES, *SENDER_CASES, *BODY_CASES]
