"""Whether a message was sent by a machine on its own: such mail is never answered.

RFC 3834 §2: an automatic responder must not answer automatic mail, or two of them answer
each other for ever. The judge answers every message a person wrote, so these rules look
only for what machines put on their own mail; docs/mail.md lists them for players.
"""

from __future__ import annotations

import re
from email.message import Message

from judge.mail.addresses import excerpt, local_part
from judge.mail.inbound.envelope import Headers

# Fields only machines write: RFC 2919's List-Id; vendors' auto-reply markers; Exchange's
# mark on mail its own agents generated (out-of-office, rule replies), and the one its
# inbox rules put on every message they send or forward on a person's behalf.
# Not X-Auto-Response-Suppress: it asks others not to answer, and Exchange puts it on
# ordinary mail too (to distribution lists, meeting requests).
_MACHINE_FIELDS = ("List-Id", "X-Autoreply", "X-Autorespond", "X-Autoreply-From",
                   "X-Mail-Autoreply", "X-MS-Exchange-Generated-Message-Source",
                   "X-MS-Exchange-Inbox-Rules-Loop")
# RFC 3834 §2 mentions Precedence; auto_reply is what some responders write.
_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
# RFC 3834 §2, RFC 5321 §4.5.1: the senders of bounces and delivery reports.
_DAEMONS = frozenset({"mailer-daemon", "postmaster"})
# The subjects responders that mark nothing put first (Exchange's in several languages,
# Lotus Notes' "AUTO:"), always with their colon: "Out of office" alone a person may write.
_AUTO_SUBJECT = re.compile(
    r"(?:automatic reply|auto[- ]?reply|auto[- ]?response|auto"
    r"|out of (?:the )?office(?: auto[- ]?reply)?"
    r"|automatische antwort|abwesenheitsnotiz|r[ée]ponse automatique"
    r"|respuesta autom[áa]tica|risposta automatica|resposta autom[áa]tica"
    r"|automatisch antwoord|automatiskt svar|automatisk svar|autosvar"
    r"|automaattinen vastaus|automatyczna odpowied[źz])\s*:",
    re.IGNORECASE)
_COMMENT = re.compile(r"\([^()]*\)")


def automatic_reason(msg: Message, headers: Headers, subject: str) -> str | None:
    """Why the message is automatic (a reply would loop or spam a list), or None.
    `subject`: the Subject as read, decoded and its whitespace collapsed."""
    auto = headers.text("Auto-Submitted").split(";")[0].strip().lower()
    if auto and auto != "no":  # RFC 3834 §5: any value but "no" is automatic
        return f"Auto-Submitted: {auto}"
    if _null_return_path(headers):
        return "null Return-Path"
    if msg.get_content_type() == "multipart/report":  # RFC 6522: delivery/read reports
        return "multipart/report"
    local = local_part("From", headers.raw("From"))
    if local in _DAEMONS:
        return f"From {local}"
    precedence = headers.text("Precedence").strip().lower()
    if precedence in _PRECEDENCE:
        return f"Precedence: {precedence}"
    for name in _MACHINE_FIELDS:
        if name in headers:
            return f"{name} header"
    if _AUTO_SUBJECT.match(subject):
        return f'an automatic reply\'s subject: "{excerpt(subject)}"'
    return None


def _null_return_path(headers: Headers) -> bool:
    """RFC 5321 §4.5.5: bounces and other notifications have the null envelope sender,
    which the delivering server writes on top as Return-Path (§4.4; the embedded receiver
    does the same). The first field is the one the last delivery wrote."""
    if headers.raw("Return-Path") is None:
        return False
    value = "".join(_COMMENT.sub("", headers.text("Return-Path")).split())
    return value in ("", "<>", "<<>>")
