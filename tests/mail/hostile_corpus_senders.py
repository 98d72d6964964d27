"""The corpus's sender cases: bounces, machines' replies, loops, and From fields that name
no address to answer (issue #11 items 4, 5 and 8), several shapes of each.

A dropped case names the reason the inbox row must keep; an answered one, where its
address is not the case's own, the address the reply must go to.
"""

from __future__ import annotations

from tests.mail.hostile_mail import (
    DOMAIN,
    HELP_LIST,
    QUOTED,
    Case,
    Dropped,
    address_of,
    message,
    multipart,
    replied,
)

# A reply token as the judge writes them (tokens.py): whoever answers the bounce's quoted
# report would reach this seat.
TOKEN_ADDRESS = "judge+s1-abcdefghijklmnop@example.org"
NULL = "null Return-Path"


def _bounce(name: str, *body: str | bytes, return_path: str = "Return-Path: <>",
            content_type: str | None = None) -> bytes:
    """A delivery failure written as plain mail: nothing but the null envelope sender
    (and the quoted report in it) says what it is."""
    headers: tuple[str, ...] = (f"To: {TOKEN_ADDRESS}",)
    if content_type is not None:
        headers += ("MIME-Version: 1.0", f"Content-Type: {content_type}")
    raw = message(name, *body, headers=headers,
                  sender=f"From: Mail System <notices-{name.replace('_', '-')}@mx.{DOMAIN}>")
    return return_path.encode() + b"\r\n" + raw


_REPORT = ("Your message could not be delivered: mailbox full.", "",
           "------ original message ------", f"Reply-To: {TOKEN_ADDRESS}",
           "Subject: Diplomacy alpha: Spring 1901", "", "HELP LIST", QUOTED)

NULL_SENDER_CASES = [
    Case("bounce_quoting_a_report", _bounce("bounce_quoting_a_report", *_REPORT),
         Dropped(NULL)),
    Case("bounce_commands_first", _bounce("bounce_commands_first", "HELP LIST", "", *_REPORT),
         Dropped(NULL)),
    Case("bounce_html", _bounce("bounce_html", "<p>HELP LIST</p><p>Delivery failed</p>",
                                content_type="text/html; charset=utf-8"), Dropped(NULL)),
    Case("bounce_mixed_not_a_report", _bounce(
        "bounce_mixed_not_a_report",
        *multipart("b1", (("Content-Type: text/plain",), ("HELP LIST",)),
                   (("Content-Type: message/rfc822",), ("Subject: orders", "", QUOTED))),
        content_type='multipart/mixed; boundary="b1"'), Dropped(NULL)),
    Case("bounce_empty_body", _bounce("bounce_empty_body"), Dropped(NULL)),
    Case("null_return_path_spaced", _bounce("null_return_path_spaced", "HELP LIST",
                                            return_path="Return-Path:   < >  "),
         Dropped(NULL)),
    Case("null_return_path_doubled", _bounce("null_return_path_doubled", "HELP LIST",
                                             return_path="Return-Path: <<>>"), Dropped(NULL)),
    Case("null_return_path_comment", _bounce("null_return_path_comment", "HELP LIST",
                                             return_path="return-path: <> (bounce)"),
         Dropped(NULL)),
    Case("null_return_path_folded", _bounce("null_return_path_folded", "HELP LIST",
                                            return_path="Return-Path:\r\n <>"), Dropped(NULL)),
    # Only the field on top is the last delivery's: a null one below it is someone's text.
    Case("null_return_path_below_a_real_one",
         b"Return-Path: <" + address_of("null_return_path_below_a_real_one").encode() + b">\r\n"
         + message("null_return_path_below_a_real_one", "HELP LIST",
                   headers=("Return-Path: <>",)),
         replied(HELP_LIST)),
]


def _machine(name: str, reason: str, *headers: str, subject: str = "commands") -> Case:
    return Case(name, message(name, "HELP LIST", headers=headers, subject=subject),
                Dropped(reason))


def _answered(name: str, *headers: str, subject: str = "commands") -> Case:
    return Case(name, message(name, "HELP LIST", headers=headers, subject=subject),
                replied(HELP_LIST))


SUBJECT = "an automatic reply's subject"
# An Exchange out-of-office reply with its own headers, none of RFC 3834's.
_EXCHANGE_OOF = ("X-MS-Has-Attach:", "X-Auto-Response-Suppress: All",
                 "X-MS-Exchange-Inbox-Rules-Loop: player@players.example",
                 "X-MS-TNEF-Correlator:")

AUTO_REPLY_CASES = [
    Case("exchange_out_of_office", message(
        "exchange_out_of_office", "I am out of the office until Monday.",
        headers=_EXCHANGE_OOF, subject="Automatic reply: commands"),
         Dropped("X-MS-Exchange-Inbox-Rules-Loop header")),
    _machine("exchange_rule_reply", "X-MS-Exchange-Inbox-Rules-Loop header",
             "X-MS-Exchange-Inbox-Rules-Loop: p@players.example"),
    _machine("exchange_generated", "X-MS-Exchange-Generated-Message-Source header",
             "X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent"),
    _machine("subject_automatic_reply", f'{SUBJECT}: "Automatic reply: commands"',
             subject="Automatic reply: commands"),
    _machine("subject_out_of_office", f'{SUBJECT}: "Out of Office: commands"',
             subject="Out of Office: commands"),
    _machine("subject_out_of_office_autoreply", SUBJECT,
             subject="Out of Office AutoReply: commands"),
    _machine("subject_lotus_notes", SUBJECT,
             subject="AUTO: Player is out of the office (returning 02/11/2026)"),
    _machine("subject_french", f'{SUBJECT}: "Réponse automatique : commands"',
             subject="Réponse automatique : commands"),
    _machine("subject_german_encoded", f'{SUBJECT}: "Automatische Antwort: commands"',
             subject="=?utf-8?q?Automatische_Antwort:_commands?="),
    _machine("precedence_auto_reply", "Precedence: auto_reply", "Precedence: auto_reply"),
    _machine("x_autoreply_from", "X-Autoreply-From header",
             "X-Autoreply-From: p@players.example"),
    Case("postmaster_notice", message("postmaster_notice", "HELP LIST",
                                      sender=f"From: <Postmaster@mx.{DOMAIN}>".encode()),
         Dropped("From postmaster")),
    Case("read_receipt", _bounce(
        "read_receipt", *multipart("r1", (("Content-Type: text/plain",), ("HELP LIST",)),
                                   (("Content-Type: message/disposition-notification",),
                                    ("Disposition: manual-action/MDN-sent-manually; "
                                     "displayed",))),
        return_path=f"Return-Path: <{address_of('read_receipt')}>",
        content_type='multipart/report; report-type=disposition-notification; boundary="r1"'),
         Dropped("multipart/report")),
    _machine("list_id_and_unsubscribe", "List-Id header",
             "List-Id: <players.lists.example>", "List-Unsubscribe: <mailto:leave@x.example>",
             "Precedence: first-class"),
    # What a person writes is answered, whatever an Exchange server added to it.
    _answered("outlook_suppress_all", "X-Auto-Response-Suppress: All",
              "X-MS-Has-Attach:", "X-MS-TNEF-Correlator:"),
    _answered("outlook_suppress_some", "X-Auto-Response-Suppress: DR, RN, NRN, OOF"),
    _answered("subject_out_of_office_words", subject="Out of office next week: my orders"),
    _answered("subject_automatic_words", subject="Automatic replies are off; orders below"),
]

_OWN = "judge@example.org"
LOOP = f"X-Loop: {_OWN} (this judge's own mail came back)"

LOOP_CASES = [
    _machine("x_loop_list_ours_first", LOOP, f"X-Loop: {_OWN}, other-judge@elsewhere.example"),
    _machine("x_loop_list_ours_last", LOOP, f"X-Loop: other-judge@elsewhere.example, {_OWN}"),
    _machine("x_loop_named_and_cased", LOOP,
             "X-Loop: list@lists.example, Judge <JUDGE@Example.ORG>"),
    _machine("x_loop_second_field", LOOP, "X-Loop: other-judge@elsewhere.example",
             f"X-Loop: {_OWN}"),
    _machine("x_loop_folded_list", LOOP, f"X-Loop: other-judge@elsewhere.example,\r\n\t{_OWN}"),
    _machine("x_loop_token_address", f"X-Loop: {TOKEN_ADDRESS} (this judge's own",
             f"X-Loop: {TOKEN_ADDRESS}"),
    _answered("x_loop_others_only", "X-Loop: other-judge@elsewhere.example, "
                                    "judge@example.org.evil.example"),
]


def _from(name: str, value: str | bytes, expect: Dropped | None = None,
          to: str = "") -> Case:
    line = value if isinstance(value, bytes) else value.encode()
    raw = message(name, "HELP LIST", sender=b"From: " + line)
    return Case(name, raw, expect or replied(HELP_LIST, to=to))


ENCODED = Dropped("an encoded word (RFC 2047) stands where the address belongs")
# "Player <encoded-from-whole@players.example>" and the bare address, as base64 and Q.
_WHOLE = "UGxheWVyIDxlbmNvZGVkLWZyb20td2hvbGVAcGxheWVycy5leGFtcGxlPg=="
_SPEC = "=?utf-8?q?encoded-from-spec=40players=2Eexample?="

ENCODED_FROM_CASES = [
    _from("encoded_from_whole", f"=?utf-8?b?{_WHOLE}?=", ENCODED),
    _from("encoded_from_spec", _SPEC, ENCODED),
    _from("encoded_from_spec_in_angles", f"Player <{_SPEC}>", ENCODED),
    _from("encoded_from_local_part", f"=?utf-8?q?encoded-from-local-part?=@{DOMAIN}", ENCODED),
    _from("encoded_from_lax_at_sign", f"=?us-ascii?q?{address_of('encoded_from_lax_at_sign')}?=",
          ENCODED),
    _from("encoded_from_garbage", "=?utf-8?b?!!!not base64?=", ENCODED),
    _from("encoded_name_real_address",
          f"=?utf-8?b?Wm/DqyBQbGF5ZXI=?= <{address_of('encoded_name_real_address')}>"),
    # The name decodes to "Mallory <mallory@evil.example>": the address stays the real one.
    _from("encoded_name_holding_an_address",
          "=?utf-8?q?Mallory_=3Cmallory=40evil=2Eexample=3E?= "
          f"<{address_of('encoded_name_holding_an_address')}>"),
    _from("encoded_word_in_a_comment",
          f"{address_of('encoded_word_in_a_comment')} (=?utf-8?q?Zo=C3=AB?=)"),
]

NOT_UTF8 = Dropped("8-bit characters that are not UTF-8")
_JORG = "jörg-utf8-from@players.example"
_IDN = "player-idn@spieler-grüße.example"

NON_ASCII_FROM_CASES = [
    _from("utf8_from_address", f"Jörg <{_JORG}>".encode(), to=_JORG),
    _from("utf8_from_bare_address", "zoë-bare@players.example".encode(),
          to="zoë-bare@players.example"),
    _from("utf8_from_domain", f"Spieler <{_IDN}>".encode(), to=_IDN),
    _from("utf8_from_name_only",
          f"Jörg Grüße <{address_of('utf8_from_name_only')}>".encode()),
    _from("latin1_from_address", b"J\xf6rg <j\xf6rg-latin1@players.example>", NOT_UTF8),
    _from("latin1_from_bare_address", b"j\xf6rg-bare@players.example", NOT_UTF8),
    _from("truncated_utf8_from", b"<j\xc3-truncated@players.example>", NOT_UTF8),
    _from("overlong_utf8_from", b"<j\xc0\xafoverlong@players.example>", NOT_UTF8),
]

SENDER_CASES = [*NULL_SENDER_CASES, *AUTO_REPLY_CASES, *LOOP_CASES, *ENCODED_FROM_CASES,
                *NON_ASCII_FROM_CASES]
