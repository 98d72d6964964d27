"""The corpus's text cases: quoting and forwarding, HTML, line ends, headers, automatic mail.

Quoted, forwarded and signature text always carries QUOTED (an order the reply must not
mention): a judge that took it would answer "line N: A PAR - PIC".
"""

from __future__ import annotations

from tests.mail.hostile_mail import (
    HELP_LIST,
    QUOTED,
    TEXT_PLAIN,
    Case,
    Dropped,
    address_of,
    message,
    mime,
    multipart,
    replied,
)

JUDGE = "Diplomacy judge <judge@example.org>"
HTML = "text/html; charset=utf-8"
LONG = "y" * 2000  # no msg-id is longer than a line (RFC 5322 §2.1.1)


def _quoting(name: str, *quote: str) -> Case:
    """HELP LIST, then a block of someone else's text that holds QUOTED."""
    return Case(name, message(name, "HELP LIST", "", *quote),
                replied(HELP_LIST, absent=(QUOTED, "line 2", "line 3")))


def _outlook_header(*first: str) -> tuple[str, ...]:
    return (*first, f"From: {JUDGE}", "Sent: Monday, November 2, 2026 9:00 AM",
            "To: player@players.example", "Subject: Spring 1901", "", QUOTED)


QUOTE_CASES = [
    _quoting("quoted_judge_report", "> Spring 1901 orders:", f"> {QUOTED}", ">> F BRE H"),
    _quoting("on_date_wrote", f"On Mon, 2 Nov 2026 at 09:00, {JUDGE} wrote:", "",
             f"> {QUOTED}"),
    _quoting("outlook_original_message", *_outlook_header("-----Original Message-----")),
    _quoting("outlook_underscore_rule", *_outlook_header("_" * 32)),
    _quoting("outlook_header_block", *_outlook_header()),
    _quoting("forwarded_gmail", "---------- Forwarded message ---------", f"From: {JUDGE}",
             "Date: Mon, 2 Nov 2026 at 09:00", "Subject: Spring 1901", "", QUOTED),
    _quoting("forwarded_apple", "Begin forwarded message:", "", f"From: {JUDGE}",
             "Subject: Spring 1901", "", QUOTED),
    _quoting("signature", "-- ", "Player", QUOTED),
    _quoting("signature_without_its_space", "--", "Player", QUOTED),
    Case("quote_first_then_commands",
         message("quote_first_then_commands", f"> {QUOTED}", "", "HELP LIST"),
         # Line 3 as the sender counts it: the quote and the blank line come first.
         replied("line 3: HELP LIST", absent=(QUOTED,))),
    Case("format_flowed_delsp",
         mime("format_flowed_delsp", f"{TEXT_PLAIN}; format=flowed; delsp=yes",
              "HELP LI ", "ST", "> A PAR - ", "> PIC"),
         replied(HELP_LIST, absent=(QUOTED,))),
]

HTML_CASES = [
    Case("html_only", mime("html_only", HTML, (
        "<html><head><style>p { color: red }</style><title>A PAR - PIC</title></head>"
        "<body><p>HELP&nbsp;LIST</p>HELP&#x20;JOIN<br>HELP &lt;SIGNOFF&gt;"
        f"<script>var o = '{QUOTED}';</script><!-- {QUOTED} --></body></html>")),
         replied(HELP_LIST, "line 2: HELP JOIN", "line 3: HELP <SIGNOFF>",
                 absent=(QUOTED,))),
    Case("html_table", mime("html_table", HTML, (
        "<table><tr><td>HELP</td><td>LIST</td></tr>"
        "<tr><th>A PAR</th><td>-</td><td>BUR</td></tr></table>")),
         replied(HELP_LIST, "line 2: A PAR - BUR")),
    Case("html_gmail_reply", mime("html_gmail_reply", HTML, (
        '<div dir="ltr">HELP LIST</div><br><div class="gmail_quote"><div dir="ltr" '
        f'class="gmail_attr">On Mon, 2 Nov 2026 at 09:00, {JUDGE.replace("<", "&lt;")} '
        f'wrote:<br></div><blockquote class="gmail_quote">{QUOTED}</blockquote></div>')),
         replied(HELP_LIST, absent=(QUOTED, "wrote"))),
    Case("html_outlook_reply", mime("html_outlook_reply", HTML, (
        '<div>HELP LIST</div><hr style="display:inline-block;width:98%">'
        '<div id="divRplyFwdMsg"><b>From:</b> Diplomacy judge &lt;judge@example.org&gt;<br>'
        "<b>Sent:</b> Monday, November 2, 2026 9:00 AM<br><b>Subject:</b> Spring 1901"
        f"</div><div>{QUOTED}</div>")),
         replied(HELP_LIST, absent=(QUOTED, "Sent:"))),
]

LINE_END_CASES = [
    Case("bare_cr_line_ends", message("bare_cr_line_ends", "HELP LIST", "HELP JOIN",
                                      eol=b"\r"),
         replied(HELP_LIST, "line 2: HELP JOIN")),
    Case("bare_lf_line_ends", message("bare_lf_line_ends", "HELP LIST", "HELP JOIN",
                                      eol=b"\n"),
         replied(HELP_LIST, "line 2: HELP JOIN")),
    Case("mixed_line_ends", message("mixed_line_ends", b"HELP LIST\nHELP JOIN\r\rHELP SIGNOFF"),
         replied(HELP_LIST, "line 2: HELP JOIN", "line 4: HELP SIGNOFF")),
    # 100 KB on one line, beyond what the judge reads (64 KiB): the line before it is kept.
    Case("very_long_body_line", message("very_long_body_line", "HELP LIST", "x" * 100_000),
         replied(HELP_LIST, "only its first part was read")),
]


def _from(name: str, value: str | bytes) -> bytes:
    line = value if isinstance(value, bytes) else value.encode()
    return message(name, "HELP LIST", sender=b"From: " + line)


HEADER_CASES = [
    Case("no_from", message("no_from", "HELP LIST", sender=b""), Dropped("no From address")),
    Case("from_without_domain", _from("from_without_domain", "player"),
         Dropped("no From address")),
    Case("from_empty", _from("from_empty", ""), Dropped("no From address")),
    Case("several_from", _from("several_from", f"{address_of('several_from')}, "
                                                 "other@players.example"),
         replied(HELP_LIST, to=address_of("several_from"))),
    Case("from_name_with_comma", _from("from_name_with_comma",
                                       f'"Doe, Jane" <{address_of("from_name_with_comma")}>'),
         replied(HELP_LIST)),
    Case("from_with_comments", _from("from_with_comments",
                                     f"(the player) {address_of('from_with_comments')} (Jane)"),
         replied(HELP_LIST)),
    Case("from_raw_latin1_name", _from("from_raw_latin1_name",
                                       b"Ren\xe9e <" + address_of("from_raw_latin1_name")
                                       .encode() + b">"),
         replied(HELP_LIST)),
    Case("from_encoded_word_name", _from("from_encoded_word_name",
                                         "=?utf-8?q?Zo=C3=AB?= <"
                                         f"{address_of('from_encoded_word_name')}>"),
         replied(HELP_LIST)),
    Case("subject_raw_utf8", message("subject_raw_utf8", "HELP LIST",
                                     subject="Ordres d'été".encode()),
         replied(HELP_LIST, "Re: Ordres d'été")),
    Case("subject_raw_latin1", message("subject_raw_latin1", "HELP LIST",
                                       subject=b"Ordres d'\xe9t\xe9"),
         replied(HELP_LIST, "Re: Ordres d'été")),
    Case("subject_encoded_word", message("subject_encoded_word", "HELP LIST",
                                         subject="=?UTF-8?Q?Ordres_d'=C3=A9t=C3=A9?="),
         replied(HELP_LIST, "Re: Ordres d'été")),
    Case("subject_broken_encoded_words",
         message("subject_broken_encoded_words", "HELP LIST",
                 subject="=?utf-8?q?Ordres_d'=C3=A9t=C3?= =?utf-8?b?!!!?= =?utf-8?q?open"),
         replied(HELP_LIST, "Re: Ordres d'")),
    Case("subject_unknown_charset", message("subject_unknown_charset", "HELP LIST",
                                            subject="=?x-klingon?q?Qapla'_batlh?="),
         replied(HELP_LIST, "Qapla")),
    Case("subject_encoded_line_break", message(
        "subject_encoded_line_break", "HELP LIST",
        subject="=?utf-8?q?hi=0D=0ABcc:_victim@example.org?="),
         replied(HELP_LIST, "Re: hi Bcc: victim@example.org")),
    Case("subject_with_nul", message("subject_with_nul", "HELP LIST", subject=b"ord\x00ers\x07"),
         replied(HELP_LIST, "Re: orders")),
    Case("very_long_header_line", message("very_long_header_line", "HELP LIST",
                                          subject="orders " * 3000),
         replied(HELP_LIST)),
    Case("many_headers", message("many_headers", "HELP LIST",
                                 headers=tuple(f"X-Filler-{n}: {n}" for n in range(3000))),
         replied(HELP_LIST)),
    Case("message_id_missing", message("message_id_missing", "HELP LIST", message_id=b""),
         replied(HELP_LIST)),
    Case("message_id_garbage", message(
        "message_id_garbage", "HELP LIST", message_id="Message-ID: <<<@@>>> ((( garbage",
        headers=("In-Reply-To: >>>x<<<", "References: <<>> <a@")),
         replied(HELP_LIST)),
    Case("message_id_with_nul", message("message_id_with_nul", "HELP LIST",
                                        message_id=b"Message-ID: <nul\x00id@hostile.example>"),
         replied(HELP_LIST)),
    Case("message_id_too_long", message(
        "message_id_too_long", "HELP LIST", message_id=f"Message-ID: <{LONG}@hostile.example>",
        headers=("References: " + " ".join(f"<r{n}{LONG}@hostile.example>" for n in range(3)),)),
         replied(HELP_LIST)),
    Case("date_garbage", message("date_garbage", "HELP LIST",
                                 headers=("Date: the 31st of Smarch, 25:61 +9999",)),
         replied(HELP_LIST)),
]

AUTOMATIC_CASES = [
    Case("auto_replied", message("auto_replied", "I am away.",
                                 headers=("Auto-Submitted: auto-replied",)),
         Dropped("Auto-Submitted: auto-replied")),
    Case("auto_generated_garbage_params",
         message("auto_generated_garbage_params", "HELP LIST",
                 headers=("Auto-Submitted: Auto-Generated; ((=;; x",)),
         Dropped("Auto-Submitted: auto-generated")),
    Case("x_autoreply", message("x_autoreply", "HELP LIST", headers=("X-Autoreply: yes",)),
         Dropped("X-Autoreply header")),
    Case("out_of_office_bulk", message("out_of_office_bulk", "I am out of the office.",
                                       subject="Out of office", headers=("Precedence: bulk",)),
         Dropped("Precedence: bulk")),
    Case("precedence_list", message("precedence_list", "HELP LIST",
                                    headers=("Precedence: list",)),
         Dropped("Precedence: list")),
    Case("list_id", message("list_id", "HELP LIST",
                            headers=("List-Id: Players <players.lists.example>",)),
         Dropped("List-Id header")),
    Case("null_return_path", message("null_return_path", "HELP LIST",
                                     headers=("Return-Path: <>",)),
         Dropped("null Return-Path")),
    Case("mailer_daemon", message("mailer_daemon", "HELP LIST",
                                  sender=b"From: Mail Delivery System "
                                         b"<MAILER-DAEMON@mx.players.example>"),
         Dropped("From mailer-daemon")),
    Case("delivery_status_report", mime(
        "delivery_status_report", 'multipart/report; report-type=delivery-status; boundary=b1',
        *multipart("b1", (("Content-Type: text/plain",), ("HELP LIST",)),
                   (("Content-Type: message/delivery-status",),
                    ("Reporting-MTA: dns; mx.players.example", "", "Action: failed")))),
         Dropped("multipart/report")),
]

TEXT_CASES = [*QUOTE_CASES, *HTML_CASES, *LINE_END_CASES, *HEADER_CASES, *AUTOMATIC_CASES]
