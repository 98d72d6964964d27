"""The corpus's account cases: forged account changes, and password guessing (issue #11
items 1 and 3).

Each message's From is the case's own address, standing for a victim. In the shared
corpus run nobody has registered it, so the expectations there are what anyone gets;
tests/mail/test_hostile_accounts.py runs the same messages with the From registered and a
game VAULT running, and checks GUARDED: every change only waits for a code mailed to the
victim, nothing ever reaches ATTACKER, and guesses stop being checked.
"""

from __future__ import annotations

from tests.mail.hostile_mail import Case, address_of, message, mime, replied

ATTACKER = "mallory@evil.example"
VAULT = "vault"  # a running standard game in the guarded run; France's password is pw4
MOVED = "Mail now goes to"  # what the judge said when a forged From moved an account
NOT_REGISTERED = "is not registered on this judge"
WAITING = f"Waiting for confirmation: mail to go to: {ATTACKER}."
NO_VAULT = f"no game called '{VAULT}'"
_SPOOF = "forged_display_name_of_the_attacker"


def _forged(name: str, *body: str, headers: tuple[str, ...] = (), sender: str | None = None,
            to: str | None = None) -> bytes:
    raw = message(name, *body, headers=headers, sender=sender)
    if to is not None:
        raw = raw.replace(b"To: judge@example.org", f"To: {to}".encode(), 1)
    return raw


def _guesses(count: int, letter: str = "F") -> list[str]:
    return [f"SIGNON {letter}{VAULT} guess{n}" for n in range(count)]


FORGED_CHANGES = [
    Case("forged_set_address", _forged("forged_set_address", f"SET ADDRESS {ATTACKER}"),
         replied(f"line 1: SET ADDRESS {ATTACKER}", NOT_REGISTERED, absent=(MOVED,))),
    Case("forged_set_email_in_brackets",
         _forged("forged_set_email_in_brackets", "set email <MALLORY@Evil.Example>"),
         replied(NOT_REGISTERED, absent=(MOVED,))),
    Case("forged_register_address",
         _forged("forged_register_address", "REGISTER", f"address: {ATTACKER}", "END"),
         replied("a new account needs a name", absent=(MOVED,))),
    Case("forged_register_everything",
         _forged("forged_register_everything", "REGISTER", "name: Mallory",
                 "zone: Asia/Tokyo", f"e-mail: {ATTACKER}", "END"),
         # Nobody had this address: a new account on it, the new address only asked for.
         replied(f"mail goes to {address_of('forged_register_everything')}.", WAITING,
                 absent=(MOVED,))),
    Case("forged_from_with_reply_to_the_attacker",
         _forged("forged_from_with_reply_to_the_attacker", f"SET ADDRESS {ATTACKER}",
                 headers=(f"Reply-To: {ATTACKER}",)),
         replied(NOT_REGISTERED, absent=(MOVED,))),  # answered to From, never Reply-To
    Case(_SPOOF, _forged(_SPOOF, f"SET ADDRESS {ATTACKER}",
                         sender=f'From: "{ATTACKER}" <{address_of(_SPOOF)}>'),
         replied(NOT_REGISTERED, absent=(MOVED,))),
    Case("forged_set_zone", _forged("forged_set_zone", "SET ZONE Pacific/Kiritimati"),
         replied(NOT_REGISTERED)),
    Case("forged_html_set_address",
         mime("forged_html_set_address", "text/html; charset=utf-8",
              f"<p>SET ADDRESS {ATTACKER}</p>"),
         replied(NOT_REGISTERED, absent=(MOVED,))),
    Case("forged_many_set_address_lines",
         _forged("forged_many_set_address_lines",
                 *(f"SET ADDRESS m{n}@evil.example" for n in range(6)),
                 f"SET ADDRESS {ATTACKER}"),
         replied("line 7: SET ADDRESS", NOT_REGISTERED, absent=(MOVED,))),
    Case("guessed_confirm_code",
         _forged("guessed_confirm_code", "CONFIRM c1-aaaaaaaaaaaaaaaa"),
         replied("no request has the code c1-aaaaaaaaaaaaaaaa", absent=("Confirmed",))),
    Case("guessed_undo_address",
         _forged("guessed_undo_address", f"SET ADDRESS {ATTACKER}",
                 to="judge+u1-aaaaaaaaaaaaaaaa@example.org"),
         replied("line 0: UNDO u1-aaaaaaaaaaaaaaaa (the address you wrote to)",
                 "no request has the code", absent=("Undone", MOVED))),
]

GUESSES = [
    Case("signon_guesses_in_one_message",
         _forged("signon_guesses_in_one_message", *_guesses(30)),
         replied("line 30: SIGNON Fvault guess29", NO_VAULT, absent=("Signed on",))),
    Case("signon_master_guesses", _forged("signon_master_guesses", *_guesses(10, "M")),
         replied(NO_VAULT, absent=("Signed on",))),
    Case("signon_right_password_after_two_wrong",
         _forged("signon_right_password_after_two_wrong", *_guesses(2),
                 f"signon f{VAULT} pw4"),
         replied(NO_VAULT, absent=("Signed on",))),
]

ACCOUNT_CASES = [*FORGED_CHANGES, *GUESSES]

# What each reply holds when its From is a registered account and VAULT runs.
CHECKED_TWICE = "not checked: this message has had 2 wrong passwords"
GUARDED: dict[str, tuple[str, ...]] = {
    "forged_set_address": (WAITING,),
    "forged_set_email_in_brackets": (WAITING,),
    "forged_register_address": (WAITING,),
    "forged_register_everything": (
        f"Waiting for confirmation: mail to go to: {ATTACKER}; time zone: Asia/Tokyo; "
        "name: Mallory.",),
    "forged_from_with_reply_to_the_attacker": (WAITING,),
    "forged_display_name_of_the_attacker": (WAITING,),
    "forged_set_zone": ("Waiting for confirmation: time zone: Pacific/Kiritimati.",),
    "forged_html_set_address": (WAITING,),
    "forged_many_set_address_lines": ("line 7: SET ADDRESS", WAITING),
    "guessed_confirm_code": ("no request has the code c1-aaaaaaaaaaaaaaaa",),
    "guessed_undo_address": ("no request has the code", WAITING),
    "signon_guesses_in_one_message": ("line 2: SIGNON Fvault guess1\n    wrong password",
                                      f"line 3: SIGNON Fvault guess2\n    {CHECKED_TWICE}",
                                      f"line 30: SIGNON Fvault guess29\n    {CHECKED_TWICE}"),
    "signon_master_guesses": ("wrong password for M in vault",
                              f"line 10: SIGNON Mvault guess9\n    {CHECKED_TWICE}"),
    "signon_right_password_after_two_wrong": (f"line 3: signon fvault pw4\n    {CHECKED_TWICE}",),
}
