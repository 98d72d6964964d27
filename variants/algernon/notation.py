"""The game master's notation (II.A-F), with players named by their initials as the rules
do (the power's letter), and the same facts in plain words beside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.outcome import OrderResult, Outcome, Reason

from .orders import notation
from .sight import BOUNCE_SELF, Contact, Entry

Initials = Mapping[str, str]


def entry_gm(e: Entry) -> str:
    """II.B: `VT1 6`, `RT2 NSC 4`, `BN4 HSC 5`; a centre worth more than one rat (a
    master's maze) `RT2 NSC 4 value 2`: rule 6 tells "its value as a supply center", and
    the builds count it (docs/variants/algernon.md, "Centre values")."""
    kind = f" {e.kind}" if e.kind else ""
    return f"{e.into}{e.arrives}{kind} {e.portals}{value_gm(e.value)}"


def value_gm(value: int) -> str:
    return f" value {value}" if value > 1 else ""


def value_words(value: int) -> str:
    return f" of value {value}, supporting {value} rats" if value > 1 else ""


def entry_words(e: Entry, initials: Initials) -> str:
    centre = {"": "no supply centre", "NSC": "a neutral supply centre",
              "HSC": "a home supply centre"}[e.kind] + value_words(e.value)
    told = (f"; resisted by {', '.join(initials.get(p, p) for p in e.resisted)}"
            if e.resisted else "")
    # "EH, no supply centre with 2 portals" read as if no such centre existed: the
    # space's facts go in brackets.
    return (f"{e.space} portal {e.portal} leads to {e.into} ({centre}, {e.portals} "
            f"portals), entered through its portal {e.arrives}{told}")


def contact_gm(c: Contact, initials: Initials) -> str:
    """II.D and II.E; a cut support's s is struck through (II.E.2), here `s/`."""
    who = initials.get(c.player, c.player)
    verb = {"to": "to", "s": "s", "h": "h", "a in": "a in", "s in": "s/ in" if c.cut
            else "s in", "swap": "swap"}[c.verb]
    if c.verb == "swap":
        return f"({who} swap)"
    if c.verb == "h":
        return f"({who} h {c.space})"
    return f"({who} {verb} {c.space}{c.portal})"


_WORDS: dict[str, Callable[[str, Contact], str]] = {
    "to": lambda w, c: f"{w} tried to attack out of {c.space} portal {c.portal} and bounced",
    "s": lambda w, c: f"{w} supported out of {c.space} portal {c.portal}"
                      + (" (cut)" if c.cut else ""),
    "h": lambda w, c: f"{w} held {c.space}",
    "a in": lambda w, c: f"{w} attacked {c.space} in through its portal {c.portal}",
    "s in": lambda w, c: f"{w} supported an attack on {c.space} in through its portal "
                         f"{c.portal}" + (" (cut)" if c.cut else ""),
    "swap": lambda w, c: f"{w} tried to swap places with you through {c.space}",
}


def contact_words(c: Contact, initials: Initials) -> str:
    return _WORDS[c.verb](initials.get(c.player, c.player), c)


def result_gm(r: OrderResult) -> str:
    """A result as the GM writes it: the order, then Bounce or B.S. (II.C)."""
    if not r.text and r.order is not None:
        r = r._replace(text=notation(r.order))
    if r.outcome == Outcome.SUCCEEDS:
        return r.text
    if r.reason == Reason.BOUNCED:
        return f"{r.text} B.S." if r.message == BOUNCE_SELF else f"{r.text} Bounce"
    if r.outcome == Outcome.ILLEGAL:
        return f"{r.text} (not carried out: {r.message})"
    return f"{r.text} ({r.reason.value if r.reason else r.outcome.value})"


def units_at(spaces: Sequence[str]) -> str:
    """II.F.2."""
    return "Units At: " + ", ".join(spaces) if spaces else "Units At: none"
