"""Newcomer 25: a master who knows njudge runs an 1885-III game by mail from docs/master.md:
CREATE, nine JOINs, an absence, the set-up turn forced with PROCESS, a player who stops
sending orders replaced (REPLACE, docs/master.md), a turn rolled back and replayed, and
the end by a draw vote. One reply he could not act on: a phase written the standard way
(`ROLLBACK S1901M`, `PROCESS S1885M`) was answered "write a phase as S1901M or Spring 1901
Movement", which 1885-III's months do not read either; it now shows this game's own
form, the phase open now (JAN1885M, January 1885 Movement); HISTORY's answer to one
took its example phase from the game's first turn, but its forms from the standard game.
"""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import done, error, no_errors

# The same table as newcomer 23's 1885 master: nine seats, one address a power.
from tests.conversations.test_newcomer23_gm_1885 import GM, POWERS, master, player, send

STANDARD_FORM = ("is not a phase of this game; write a phase as FEB1885M or February 1885 "
                 "Movement (the phase open now)")


def test_a_newcomer_master_runs_1885_and_names_its_phases(talk: Conversation) -> None:
    no_errors(send(talk, GM, "REGISTER", "name: Gail Master", "END", "CREATE eighty gmpw 1885"))
    no_errors(send(talk, "nell@example.org", "REGISTER", "name: Nell New", "END"))
    for power in POWERS:
        no_errors(send(talk, f"{power.lower()}@example.org", "REGISTER",
                       f"name: {power} Player", "END", f"JOIN eighty pw{power} {power}"))
    away = no_errors(player(talk, "France", "SET ABSENCE 2026-11-10 2026-11-12"))
    assert "Absence recorded" in away.body, away.body
    guessed = master(talk, "PROCESS DEC1884C")  # the set-up turn is DECB1884C
    assert error(guessed, "PROCESS DEC1884C") == (
        "the phase open in eighty is DECB1884C, not DEC1884C; nothing was processed (write "
        "PROCESS DECB1884C to process it)"), guessed.body
    forced = no_errors(master(talk, "PROCESS DECB1884C", "PROCESS JAN1885M"))
    assert done(forced, "PROCESS JAN1885M").startswith("January 1885 Movement is processed")
    wrong = master(talk, "ROLLBACK S1901M", "PROCESS S1885M")
    assert error(wrong, "ROLLBACK S1901M") == f"'S1901M' {STANDARD_FORM}", wrong.body
    assert error(wrong, "PROCESS S1885M") == f"'S1885M' {STANDARD_FORM}", wrong.body
    back = no_errors(master(talk, "ROLLBACK JAN1885M"))
    assert done(back, "ROLLBACK JAN1885M").startswith(
        "eighty is back at the start of January 1885 Movement; undone: FEB1885M."), back.body
    replayed = no_errors(master(talk, "ROLLFORWARD"))
    assert done(replayed, "ROLLFORWARD").startswith("1 turn replayed (JAN1885M)"), replayed.body
    # A player asks the history the standard way: told this game's own forms.
    asked = send(talk, "spain@example.org", "HISTORY eighty S1901M")
    assert error(asked, "HISTORY eighty S1901M") == (
        "'S1901M' is not a phase or a year of eighty. HISTORY takes a year (1884: every phase "
        "of it), a phase (DECB1884C or December 1884 Set-up; DECB1884: the season's first "
        "phase: from it on), or two of them (from, to), e.g. HISTORY eighty 1884 or HISTORY "
        "eighty DECB1884C JAN1885M"), asked.body
    # Sweden has gone quiet: Nell takes the power over (docs/master.md, REPLACE).
    handed = no_errors(master(talk, "REPLACE Sweden nell@example.org nellpw"))
    assert done(handed, "REPLACE Sweden nell@example.org nellpw") == (
        "Nell New now plays Sweden; they were mailed how to sign on, and everyone was told.")
    no_errors(send(talk, "nell@example.org", "SIGNON Weighty nellpw", "SET DRAW"))
    for power in POWERS:
        if power != "Sweden":
            no_errors(player(talk, power, "SET DRAW"))
    over = talk.mails_to(GM)[-1]
    assert over.subject == "eighty: the game is over", over.subject
