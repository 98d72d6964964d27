"""Adversary adv9 on the numbers of the codes that seats wait for (adv8, fix25).

A JOIN or OBSERVE of a game that hides who plays (rn45 F2's survival game) is stored as
a request whose code the reply carries: `c<number>-<secret>`, the number being the
request's row, counted for every account (judge.game.codes). Forged in Alice's name, an
OBSERVE is refused where she plays (lifecycle.check_observe), and nothing is stored; where
she does not, a request is. Russia never reads that reply, but he reads his own: he asks
for a seat in another survival game before and after the forgery, and the two numbers
his codes carry differ by one where Alice plays and by two where she does not. The
secrets of the codes are random by design; their numbers must not differ between the
games. Game A: Alice plays France; game B: Carol does (test_adversary_emg_membership)."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seat_confirm import confirmed, seat_code, twin_confirmed
from tests.conversations.seating_helpers import account
from tests.secrecy.test_adversary_emg_membership import (
    FRANCE,
    GAME,
    MASTER,
    NAMES,
    survival_game,
)
from tests.secrecy.twin import Twin

OTHER = "gamma"


def _numbers(twin: Twin, sender: str, line: str) -> tuple[str, str]:
    """The number of the code mailed to `sender` for `line`, in each game."""
    twin.send(sender, line)
    a, b = (seat_code(talk, sender).split("-")[0] for talk in (twin.a, twin.b))
    return a, b


def _probe(twin: Twin, forged: str) -> tuple[tuple[str, str], tuple[str, str]]:
    players = survival_game(twin)
    russia = players["RUSSIA"].address
    twin.send(MASTER.address, f"CREATE {OTHER} gmpw engineered level=advanced survival=yes "
                              "survival_players=7")
    before = _numbers(twin, russia, f"OBSERVE {OTHER} r-first")
    twin.send(FRANCE[0], forged)
    after = _numbers(twin, russia, f"OBSERVE {OTHER} r-second")
    return before, after


def test_a_forged_observe_does_not_move_the_code_numbers_by_who_plays(
        databases: tuple[Database, Database]) -> None:
    before, after = _probe(Twin(databases), f"OBSERVE {GAME} russia-knows")
    assert before[0] == before[1]
    assert after[0] == after[1], (before, after)


def test_forged_observes_past_the_hourly_limit_do_not_move_the_code_numbers(
        databases: tuple[Database, Database]) -> None:
    """Seven forged OBSERVEs: past the limit a request is refused where a working code for
    the game is held, so which requests count as held must not hang on who plays."""
    forged = "\n".join([f"OBSERVE {GAME} russia-knows"] * 7)
    before, after = _probe(Twin(databases), forged)
    assert after[0] == after[1], (before, after)


def test_a_forged_join_of_a_running_game_does_not_move_the_code_numbers(
        databases: tuple[Database, Database]) -> None:
    before, after = _probe(Twin(databases), f"JOIN {GAME} russia-knows\nSIGNON ?{GAME} x")
    assert after[0] == after[1], (before, after)


def test_a_forged_join_of_a_forming_game_does_not_move_the_code_numbers(
        databases: tuple[Database, Database]) -> None:
    """The survival game forming: Russia and (A) Alice or (B) Carol joined; a JOIN forged
    from Alice's address is refused in A (she has joined), stored in B."""
    twin = Twin(databases)
    russia = "russia@example.org"
    for talk in (twin.a, twin.b):
        for address, name in ((MASTER.address, "Game Master"), (russia, "Russia"),
                              *zip(FRANCE, NAMES, strict=True)):
            account(talk, address, name)
    for game in (GAME, OTHER):
        twin.send(MASTER.address, f"CREATE {game} gmpw engineered level=advanced "
                                  "survival=yes survival_players=7")
    twin_confirmed(twin, russia, f"JOIN {GAME} pw-RUSSIA R")
    twin.step += 1
    for talk, address in zip((twin.a, twin.b), FRANCE, strict=True):
        confirmed(talk, address, f"JOIN {GAME} pw-FRANCE F")
    before = _numbers(twin, russia, f"OBSERVE {OTHER} r-first")
    twin.send(FRANCE[0], f"JOIN {GAME} russia-knows\nSIGNON ?{GAME} x")
    after = _numbers(twin, russia, f"OBSERVE {OTHER} r-second")
    assert after[0] == after[1], (before, after)
