"""Newcomer 23: a whole short 1885-III game run by a newcomer master who read only docs/
(master.md, commands.md, variants/1885-iii.md): REGISTER and CREATE, nine JOINs, the
set-up turn, moves sent ahead, PREVIEW, PROCESS, PAUSE / RESUME, SET DEADLINE, a draw
vote that fails, END GAME, and what the players and he are told once it is over (a vote
after the end answered 'this works only while it is being played', without the result)."""

from __future__ import annotations

from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import done, error, no_errors

GM = "gm@example.org"
POWERS = {"Austria": "A", "England": "E", "France": "F", "Germany": "G", "Italy": "I",
          "Russia": "R", "Spain": "S", "Sweden": "W", "Turkey": "T"}
OVER = ("game eighty is over (draw between France and Spain, ended in MARB1885A); SUMMARY "
        "eighty tells how it went, HISTORY eighty its last turns")


def send(talk: Conversation, sender: str, *lines: str) -> Mail:
    reply = talk.send(sender, "\n".join(lines))
    assert reply is not None
    return reply


def master(talk: Conversation, *lines: str) -> Mail:
    return send(talk, GM, "SIGNON Meighty gmpw", *lines)


def player(talk: Conversation, power: str, *lines: str) -> Mail:
    return send(talk, f"{power.lower()}@example.org",
                f"SIGNON {POWERS[power]}eighty pw{power}", *lines)


def test_a_newcomer_master_runs_a_short_1885_game_to_its_end(talk: Conversation) -> None:
    created = no_errors(send(talk, GM, "REGISTER", "name: Gail Master", "zone: Europe/London",
                             "END", "CREATE eighty gmpw 1885", "SET NMR hold"))
    assert "it starts when all 9 have joined" in created.body, created.body
    for power in POWERS:
        no_errors(send(talk, f"{power.lower()}@example.org", "REGISTER",
                       f"name: {power} Player", "END", f"JOIN eighty pw{power} {power}"))
    # The set-up turn (DECB1884C): three choices, six CLEARs, first moves sent ahead.
    for power in POWERS:
        choice = {"Italy": "Build F Rom", "Russia": "Build A Sev", "Sweden": "Build F Osl"}
        lines = [choice.get(power, "CLEAR")]
        if power == "France":
            lines += ["PHASE January 1885 Movement", "A par-gas", "F bre-mid"]
        no_errors(player(talk, power, *lines))
    shown = no_errors(player(talk, "France", "ORDERS"))
    assert "  A Paris -> Gascony.\n  F Brest -> Mid-Atlantic Ocean.\n" in shown.body, shown.body
    previewed = no_errors(master(talk, "PREVIEW", "PROCESS JAN1885M"))
    assert "France:   A Paris -> Gascony." in previewed.body, previewed.body
    assert done(previewed, "PROCESS JAN1885M").startswith(
        "January 1885 Movement is processed"), previewed.body
    paused = no_errors(master(talk, "PAUSE", "RESUME", "SET DEADLINE +1d", "PROCESS FEB1885M"))
    assert done(paused, "SET DEADLINE +1d").startswith(
        "The deadline of February 1885 Movement is now Tue 03 Nov 2026 09:00 Europe/London")
    for power in POWERS:  # Sweden wants more
        if power != "Sweden":
            no_errors(player(talk, power, "SET DRAW"))
    no_errors(master(talk, "PROCESS MAR1885M"))
    ended = no_errors(master(talk, "END GAME DRAW France Spain"))
    assert done(ended, "END GAME DRAW France Spain") == (
        "Game eighty is over: a draw between France and Spain, declared by the master. "
        "Everyone was told.")
    # After the end: each is told the result and where to read the game.
    assert error(player(talk, "Sweden", "SET DRAW"), "SET DRAW") == OVER
    assert error(player(talk, "Spain", "SET CONCEDE France"), "SET CONCEDE France") == OVER
    assert error(player(talk, "France", "A gas-bur"), "A gas-bur") == OVER
    assert error(master(talk, "SET DRAW"), "SET DRAW") == \
        f"{OVER}; ROLLBACK reopens it to play on"
    told = no_errors(send(talk, "sweden@example.org", "SUMMARY eighty"))
    assert "Result: draw between France and Spain, ended in MARB1885A" in told.body, told.body
