"""Newcomer 26: an Engineered survival game (docs/variants/engineered.md, survival=yes)
filled by mail, each player confirming his seat a different way, as docs/commands.md
CONFIRM tells: one replies to the code mail with no text, others send CONFIRM <code>
<password> <powers>, one mistypes his code first; the game starts when full (START is
then told it has) and plays its first year under the master's PROCESS.

Put right: a mistyped seat code followed by a password was answered "write CONFIRM and
the code from the judge's mail", though he had; it now says no seat waits for that code,
to check it against the mail, and that an account change's code is written alone (a small
hunk in judge/commands/account_codes.py, run_confirm).
"""

from __future__ import annotations

from tests.conversations.account_guard import reply_address, send_to
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import done, error, no_errors
from tests.conversations.seat_confirm import seat_code, seat_mail
from tests.conversations.test_newcomer24_engineered import GM, POWERS, master, player, send


def _mistyped(code: str) -> str:
    return code[:-1] + ("a" if code[-1] != "a" else "b")


def _join(talk: Conversation, power: str) -> str:
    address = f"{power.lower()}@example.org"
    joined = no_errors(send(talk, address, "REGISTER", f"name: {power} Player", "END",
                            f"JOIN eng pw{power} {power}"))
    assert "Waiting for confirmation: you asked to join eng." in joined.body, joined.body
    return address


def test_seven_confirm_their_seats_and_play_a_survival_year(talk: Conversation) -> None:
    no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                   "CREATE eng gmpw engineered level=advanced survival=yes"))
    austria = _join(talk, "Austria")
    mail = seat_mail(talk, austria)
    assert mail is not None and mail.subject == "Confirm your seat in eng", mail
    replied = send_to(talk, reply_address(mail), austria, "")
    assert "Confirmed: Austria Player joined eng." in replied.body, replied.body
    assert "The judge chose this seat's password: " in replied.body, replied.body
    england = _join(talk, "England")
    code = seat_code(talk, england)
    wrong = f"CONFIRM {_mistyped(code)} pwEngland England"
    told = error(send(talk, england, wrong), wrong)
    assert told == (f"no seat waits for the code {_mistyped(code)}; check it against the "
                    "judge's mail 'Confirm your seat in …', or simply reply to that mail. A "
                    "change to your account takes its code alone: write CONFIRM and the code "
                    "from the judge's mail, e.g. CONFIRM c12-k3v9q2m7a1b4c8d6"), told
    right = f"CONFIRM {code} pwEngland England"
    assert done(no_errors(send(talk, england, right)), right).startswith(
        "Confirmed: England Player joined eng."), right
    for power in list(POWERS)[2:]:
        address = _join(talk, power)
        no_errors(send(talk, address, f"CONFIRM {seat_code(talk, address)} pw{power} {power}"))
    started = error(master(talk, "START"), "START")
    assert started.startswith("game eng has already started"), started
    no_errors(player(talk, "England", "F Lon - Nth", "A Lvp - Yor"))
    assert "Now open: Fall 1901 Movement" in no_errors(master(talk, "PROCESS S1901M")).body
    no_errors(player(talk, "England", "F Nth - Nwy"))
    fall = no_errors(master(talk, "PROCESS F1901M")).body
    assert "Now open: Winter 1901 Adjustments" in fall, fall
    no_errors(player(talk, "England", "build F Lon"))
    winter = no_errors(master(talk, "PROCESS W1901A")).body
    assert "Now open: Spring 1902 Movement" in winter, winter
