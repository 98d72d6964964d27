"""Reading an inbound message: who sent it, what it asks, and whether we may answer it.

    inbound = read_message(raw)
    if inbound.automatic: never answer it (RFC 3834 §2: no replies to automatic mail)
    inbound.body: the command text, without quoted lines or signature

read_message never raises: whatever arrives from the internet, a broken message comes back
as an Inbound whose `problem` says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import collapse_rfc2231_value, parseaddr

from judge.mail.html import html_to_text

# The command text we keep; a real order list is a few KiB, anything beyond is noise or abuse.
MAX_BODY_BYTES = 64 * 1024

_MSG_ID = re.compile(r"<([^<>\s]+)>")
_SPACE = re.compile(r"\s+")
# C0 controls except tab and newline, and DEL: never part of a command, and PostgreSQL
# text columns reject NUL outright.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class Inbound:
    """One message as the judge sees it; addresses are bare addr-specs, lower-cased."""

    sender: str = ""
    reply_to: str = ""
    subject: str = ""
    message_id: str | None = None
    references: tuple[str, ...] = ()
    body: str = ""
    automatic: bool = False
    automatic_reason: str | None = None
    problem: str | None = None
    truncated: bool = False


def read_message(raw: bytes) -> Inbound:
    """Parse raw RFC 5322 bytes; never raises, a broken message says why in `problem`."""
    try:
        return _read(BytesParser(policy=policy.default).parsebytes(raw))
    except Exception as exc:  # hostile input must not stop the pipeline: report it instead
        return Inbound(problem=f"unreadable message ({type(exc).__name__})")


def message_ids(text: str) -> tuple[str, ...]:
    """The msg-ids (RFC 5322 §3.6.4) in a header value, in order, each in angle brackets."""
    found = _MSG_ID.findall(text)
    if not found:  # some clients send bare ids; take any word that looks like one
        found = [word.strip("<>") for word in re.split(r"[\s,]+", text) if "@" in word]
    return tuple(dict.fromkeys(f"<{found_id}>" for found_id in found if found_id))


def _read(msg: Message) -> Inbound:
    from_addr = _address(msg, "From")
    # Without a domain it is no address we could answer (RFC 5322 §3.4.1).
    sender = from_addr if "@" in from_addr else ""
    reply_to = _address(msg, "Reply-To")
    problems = [] if sender else ["no From address"]
    body, truncated = "", False
    part = _body_part(msg)
    if part is None:
        problems.append("no readable text part")
    else:
        body, truncated = _cap(_part_text(part))
    reason = _automatic_reason(msg, from_addr)
    return Inbound(
        sender=sender,
        reply_to=reply_to if "@" in reply_to else sender,
        subject=" ".join(_header(msg, "Subject").split()),
        message_id=next(iter(message_ids(_header(msg, "Message-ID"))), None),
        references=_references(msg),
        body=body,
        automatic=reason is not None,
        automatic_reason=reason,
        problem="; ".join(problems) or None,
        truncated=truncated,
    )


# --- headers ---------------------------------------------------------------------------


def _header(msg: Message, name: str) -> str:
    """A header's decoded text ('' if absent); one the policy cannot parse comes raw."""
    try:
        value = msg.get(name)
    except Exception:  # the lazily built structured header can choke on hostile input
        value = next((v for k, v in msg.raw_items() if k.lower() == name.lower()), None)
    return "" if value is None else _unsurrogate(str(value))


def _unsurrogate(text: str) -> str:
    # Undeclared 8-bit header bytes (raw UTF-8 per RFC 6532, or worse) can survive parsing
    # as surrogate escapes; decode them so nothing downstream meets a lone surrogate.
    try:
        return _decode_bytes(text.encode("utf-8", "surrogateescape"), None)
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _address(msg: Message, name: str) -> str:
    """The first addr-spec in an address header, lower-cased; '' if there is none."""
    try:
        specs = [address.addr_spec for address in getattr(msg.get(name), "addresses", ())]
    except Exception:  # the strict RFC 5322 parser failed: try the lenient one
        specs = [parseaddr(_header(msg, name))[1]]
    # Lower-cased although RFC 5321 §2.4 lets local parts be case-sensitive: players and
    # their clients are not consistent, and no real mailbox relies on the difference.
    # "<>" is how the parser spells an empty address, the null sender of RFC 5321 §4.5.5.
    return next((str(spec).lower() for spec in specs if spec and spec != "<>"), "")


def _references(msg: Message) -> tuple[str, ...]:
    # RFC 5322 §3.6.4: References lists the thread and In-Reply-To the parent; some clients
    # send only In-Reply-To, so its ids join the end when missing from References.
    ids = message_ids(_header(msg, "References"))
    return ids + tuple(i for i in message_ids(_header(msg, "In-Reply-To")) if i not in ids)


def _automatic_reason(msg: Message, from_addr: str) -> str | None:
    """Why the message is automatic (a reply would loop or spam a list), or None."""
    auto = _header(msg, "Auto-Submitted").split(";")[0].strip().lower()
    if auto and auto != "no":  # RFC 3834 §5: any value but "no" is automatic
        return f"Auto-Submitted: {auto}"
    if "".join(_header(msg, "Return-Path").split()) == "<>":  # RFC 5321 §4.5.5: bounces
        return "null Return-Path"
    if msg.get_content_type() == "multipart/report":  # RFC 6522: delivery/read reports
        return "multipart/report"
    local = from_addr.partition("@")[0]
    if local in ("mailer-daemon", "postmaster"):  # RFC 3834 §2, RFC 5321 §4.5.1
        return f"From {local}"
    precedence = _header(msg, "Precedence").strip().lower()
    if precedence in ("bulk", "junk", "list"):  # de facto (RFC 3834 §2 mentions it)
        return f"Precedence: {precedence}"
    for name in ("List-Id", "X-Autoreply", "X-Autorespond"):  # RFC 2919; vendor auto-replies
        if name in msg:
            return f"{name} header"
    return None


# --- body --------------------------------------------------------------------------------


def _body_part(msg: Message) -> Message | None:
    """The part holding the commands: the first text/plain, else the first text/html."""
    leaves = [part for part in _leaves(msg) if part.get_content_disposition() != "attachment"]
    for wanted in ("text/plain", "text/html"):
        for part in leaves:
            if part.get_content_type() == wanted:
                return part
    return None


def _leaves(part: Message) -> Iterator[Message]:
    if not part.is_multipart():
        yield part
    # An attached message (message/rfc822, a forward, a bounced original) is someone
    # else's text, not this sender's commands: do not look inside.
    elif part.get_content_maintype() != "message":
        for sub in part.get_payload():
            if isinstance(sub, Message):
                yield from _leaves(sub)


def _part_text(part: Message) -> str:
    text = _decode_bytes(_payload(part), part.get_content_charset())
    if part.get_content_subtype() == "html":
        return _clean(html_to_text(text))
    # RFC 3676: format=flowed wraps long lines with a trailing space; put them back together.
    flowed = _param(part, "format") == "flowed"
    return _clean(text, flowed=flowed, delsp=flowed and _param(part, "delsp") == "yes")


def _payload(part: Message) -> bytes:
    payload = part.get_payload(decode=True)  # undoes base64 and quoted-printable (RFC 2045)
    return payload if isinstance(payload, bytes) else b""


def _param(part: Message, name: str) -> str:
    value = part.get_param(name)
    if isinstance(value, tuple):  # an RFC 2231 encoded parameter
        value = collapse_rfc2231_value(value)
    return str(value or "").strip().lower()


def _decode_bytes(data: bytes, declared: str | None) -> str:
    # The declared charset first; then UTF-8, since many clients label UTF-8 wrongly or not
    # at all (RFC 2045 §5.2 would assume US-ASCII); then windows-1252, what "latin-1" mail
    # usually is; latin-1 last, as it decodes any bytes at all.
    for charset in (declared, "utf-8", "cp1252"):
        if charset:
            try:
                return data.decode(charset)
            except (LookupError, ValueError):  # unknown charset, or one that lied
                continue
    return data.decode("latin-1", "replace")


def _clean(text: str, *, flowed: bool = False, delsp: bool = False) -> str:
    """The command text: line ends normalised, signature and quoted reply removed."""
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    lines = text.split("\n")
    if flowed:
        lines = _unflow(lines, delsp=delsp)
    if "-- " in lines:  # RFC 3676 §4.3: the signature starts at the line "-- "
        lines = lines[: lines.index("-- ")]
    return "\n".join(line.rstrip() for line in _drop_quotes(lines)).strip("\n")


def _unflow(lines: list[str], *, delsp: bool) -> list[str]:
    out: list[str] = []
    joining = False
    for line in lines:
        quoted = line.startswith(">")
        if not quoted and line.startswith(" "):
            line = line[1:]  # RFC 3676 §4.4: undo space-stuffing
        if joining and not quoted:
            out[-1] += line
        else:
            out.append(line)
        # RFC 3676 §4.2: a trailing space marks a soft break, except in the signature line.
        joining = not quoted and line.endswith(" ") and line != "-- "
        if joining and delsp:
            out[-1] = out[-1][:-1]  # RFC 3676 §4.5: with DelSp=yes the space is not text
    return out


def _drop_quotes(lines: list[str]) -> list[str]:
    kept: list[str] = []
    in_quote = False
    for line in lines:
        quoted = line.lstrip().startswith(">")
        if quoted and not in_quote:
            _drop_attribution(kept)
        in_quote = quoted
        if not quoted:
            kept.append(line)
    return kept


def _drop_attribution(kept: list[str]) -> None:
    """Remove an "On <date>, <someone> wrote:" line left directly before a quote."""
    end = len(kept)
    while end and not kept[end - 1].strip():
        end -= 1
    if not end or not kept[end - 1].rstrip().endswith("wrote:"):
        return
    start = end - 1
    # Clients wrap a long "On <date>, <name> <address> wrote:" over two lines.
    if start and not kept[start].lstrip().startswith("On ") and kept[start - 1].startswith("On "):
        start -= 1
    del kept[start:]


def _cap(text: str) -> tuple[str, bool]:
    data = text.encode("utf-8")
    if len(data) <= MAX_BODY_BYTES:
        return text, False
    head = data[:MAX_BODY_BYTES].decode("utf-8", "ignore")  # "ignore": a split last character
    cut = head.rfind("\n")  # end at a line break, so no command is left half-written
    return (head[:cut] if cut > 0 else head), True
