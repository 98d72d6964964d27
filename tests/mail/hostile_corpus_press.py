"""The corpus's press-reply address cases (issue #11, item 15): a message to a press
token the judge never made is answered that nothing was sent, and never read as commands;
an address that only looks like one is no token at all, and its commands run."""

from __future__ import annotations

from tests.mail.hostile_mail import HELP_LIST, Case, message, replied

NOTHING_SENT = "nothing was sent"


def _to(name: str, local: str) -> Case:
    """HELP LIST sent, with a copy to `local`@example.org (the judge's domain)."""
    return Case(name, message(name, "HELP LIST", headers=(f"Cc: {local}@example.org",)),
                replied(NOTHING_SENT, absent=(HELP_LIST,)))


def _not_a_token(name: str, local: str) -> Case:
    return Case(name, message(name, "HELP LIST", headers=(f"Cc: {local}@example.org",)),
                replied(HELP_LIST, absent=(NOTHING_SENT,)))


PRESS_CASES = [
    _to("press_token_forged", "judge+p1-1-aaaaaaaaaaaaaaaa"),
    _to("press_token_upper_case", "JUDGE+P7-3-AAAAAAAAAAAAAAAA"),
    _not_a_token("press_token_id_too_long", f"judge+p{'9' * 19}-1-aaaaaaaaaaaaaaaa"),
    _not_a_token("press_token_mac_not_base32", "judge+p1-1-aaaaaaaaaaaaaaa1"),
    _not_a_token("press_token_for_another_local_part", "referee+p1-1-aaaaaaaaaaaaaaaa"),
]
