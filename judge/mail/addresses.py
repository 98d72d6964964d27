"""The address a message may be answered at, and the systems that have handled it already.

    mailbox("From", raw)  -> Mailbox(address, problem): the first usable addr-spec, or why
                             the field gives none, quoting it
    loop_markers(values)  -> the X-Loop entries, one per address, however they are listed

An address is usable when the field states it: a local part and a domain, in ASCII or in
UTF-8 (RFC 6532). It is never decoded from an RFC 2047 encoded word: §5 allows none in an
addr-spec, and a relay that checks the sender's domain (SPF, DMARC) found none there, so
decoding one would answer an address nobody vouched for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email import policy
from email.utils import parseaddr

from judge.mail.fields import CONTROL

# RFC 5322 §3.2.3 atext and dot-atom-text.
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
DOT_ATOM = rf"{_ATEXT}+(?:\.{_ATEXT}+)*"
QUOTED = r'"[\t !#-\[\]-~]*"'  # qtext and WSP (§3.2.4): no quoted-pair, no 8-bit text
_PHRASE = rf"(?:{_ATEXT}+|{QUOTED})(?:[ \t]+(?:{_ATEXT}+|{QUOTED}))*"
# One plain mailbox (§3.4): a bare addr-spec, or an angle-addr after an optional phrase.
PLAIN_ADDRESS = re.compile(
    rf"[ \t]*(?:(?:{_PHRASE})?[ \t]*<({DOT_ATOM}@{DOT_ATOM})>|({DOT_ATOM}@{DOT_ATOM}))[ \t]*")
# An RFC 2047 encoded word, as loosely as a parser may still decode one.
_ENCODED = re.compile(r"=\?[^?\s]*\?[^?\s]*\?[^?\s]*\?=")
_ANGLE = re.compile(r"<([^<>]*)>")
_WHITESPACE = re.compile(r"\s+")
# What a quoted field may show in a log line, an inbox row or an SMTP reply.
EXCERPT_CHARS = 80
# The standard library's address parsers are quadratic in some inputs (a run of ";") and
# recurse once per nested comment: they only ever see this much of a field, without its
# comments. RFC 5322 §2.1.1 keeps a line to 998 characters; a real From is far shorter.
MAX_PARSED = 998

ENCODED_WORD = "an encoded word (RFC 2047) stands where the address belongs"
NOT_UTF8 = "the address has 8-bit characters that are not UTF-8 (RFC 6532)"
NO_DOMAIN = "the address has no domain"
CONTROLS = "the address holds control characters"


@dataclass(frozen=True, slots=True)
class Mailbox:
    """`address`: lower-cased, "" when the field gives none. `problem`: why it gives none,
    quoting the field; None when the address is usable or the field is absent or empty."""

    address: str = ""
    problem: str | None = None


def mailbox(name: str, raw: str | None) -> Mailbox:
    """The first usable address of an address field as the parser kept it (compat32: raw,
    8-bit bytes as surrogate escapes)."""
    if raw is None:
        return Mailbox()
    unfolded = _unfold(raw)
    problems = []
    for spec in _specs(name, raw):
        problem = _problem(spec, unfolded)
        if problem is None:
            # Lower-cased although RFC 5321 §2.4 lets local parts be case-sensitive:
            # players and their clients are not consistent, and no real mailbox relies
            # on the difference.
            return Mailbox(_utf8(spec).lower())
        problems.append(problem)
    if not problems:
        return Mailbox()
    return Mailbox(problem=f'{problems[0]}: "{excerpt(unfolded)}"')


def local_part(name: str, raw: str | None) -> str:
    """The local part of the field's first addr-spec, usable or not, lower-cased: who
    wrote, for a `From: MAILER-DAEMON` that names no domain."""
    specs = _specs(name, raw) if raw is not None else []
    if not specs:
        return ""
    local, at, _ = specs[0].rpartition("@")
    return (local if at else specs[0]).lower()


def _specs(name: str, raw: str) -> list[str]:
    unfolded = _unfold(raw)
    plain = PLAIN_ADDRESS.fullmatch(unfolded) \
        if unfolded.isascii() and "=?" not in unfolded else None
    if plain is not None:
        return [plain[1] or plain[2]]
    unfolded = without_comments(unfolded)[:MAX_PARSED]
    try:
        field = policy.default.header_fetch_parse(name, unfolded)
        specs = [str(address.addr_spec) for address in getattr(field, "addresses", ())]
    except Exception:  # the strict RFC 5322 parser failed: try the lenient one
        try:
            specs = [parseaddr(unfolded)[1]]
        except Exception:  # neither could read it: the field states no address
            return []
    # "<>" is how the parser spells an empty address, the null sender of RFC 5321 §4.5.5.
    return [spec for spec in specs if spec.strip() and spec != "<>"]


def _problem(spec: str, unfolded: str) -> str | None:
    """Why `spec`, found in the field `unfolded`, is no address to answer; None if it is."""
    if "=?" in unfolded and _compact(spec) not in _compact(_ENCODED.sub("\0", unfolded)):
        return ENCODED_WORD  # the parser decoded it: the field does not state this address
    local, at, domain = spec.rpartition("@")
    if not (local and at and domain) or '"' in domain or _WHITESPACE.search(domain):
        return NO_DOMAIN
    if not spec.isascii():
        try:
            spec = _utf8(spec, strict=True)
        except UnicodeError:
            return NOT_UTF8
    return CONTROLS if CONTROL.search(spec) else None


def without_comments(text: str) -> str:
    """`text` without its RFC 5322 §3.2.2 comments, in one pass: a comment's parentheses
    nest and may be escaped, and parentheses inside a quoted string are text."""
    if "(" not in text:
        return text
    out: list[str] = []
    depth, quoted, escaped = 0, False, False
    for char in text:
        keep = depth == 0
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif quoted:
            quoted = char != '"'
        elif char == '"' and not depth:
            quoted = True
        elif char == "(":
            depth, keep = depth + 1, False
        elif char == ")" and depth:
            depth, keep = depth - 1, False
            if not depth:
                out.append(" ")  # a comment separates words as white space does
        if keep:
            out.append(char)
    return "".join(out)


def _utf8(text: str, *, strict: bool = False) -> str:
    """The text with the header's undecoded 8-bit bytes (surrogate escapes) read as UTF-8."""
    data = text.encode("utf-8", "surrogateescape")
    return data.decode("utf-8") if strict else data.decode("utf-8", "replace")


def _unfold(raw: str) -> str:
    return raw.replace("\r", "").replace("\n", "")


def _compact(text: str) -> str:
    return _WHITESPACE.sub("", text).lower()


def excerpt(text: str) -> str:
    """A short, printable quotation of header text: UTF-8 shown as it is, other 8-bit bytes
    as \\x escapes, control characters left out (nothing a log or a database refuses)."""
    shown = CONTROL.sub("", text.encode("utf-8", "surrogateescape")
                        .decode("utf-8", "backslashreplace").strip())
    return shown if len(shown) <= EXCERPT_CHARS else shown[:EXCERPT_CHARS - 3] + "..."


def loop_markers(values: list[str]) -> tuple[str, ...]:
    """The X-Loop entries of every X-Loop field, lower-cased: a field may list several,
    separated by commas, each an address or a `Name <address>`."""
    markers = []
    for value in values:
        for item in value.split(","):
            item = " ".join(_utf8(item).split()).lower()
            angle = _ANGLE.search(item)
            if angle is not None:
                item = angle[1].strip()
            if item:
                markers.append(item)
    return tuple(dict.fromkeys(markers))
