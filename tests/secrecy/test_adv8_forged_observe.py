"""Adversary advsec8 on who plays a survival game (rn45 F2: the players "would not know the
names or E-Mail of the other players"; `Variant.names_hidden`), through OBSERVE. Two games
differ only in who plays France: Alice in game A, Carol in game B
(tests/secrecy/test_adversary_emg_membership.py).

Russia wonders whether Alice plays. He writes `OBSERVE beta <a password of his>` with
Alice's address forged in From: the reply goes to Alice (judge/mail/inbound/answering.py
answers From, never Reply-To), so he reads nothing of it. But the judge refuses OBSERVE to
a player of the game and seats anyone else (judge/game/lifecycle.py `observe_game`), and an
observer's seat signs on with its password from any address (`SIGNON O<game>`,
judge/commands/signon.py). So Russia, from his own address, signs on as an observer with
the password he chose: "Signed on as observer" where Alice does not play (game B), "wrong
password" where she does (game A)."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seat_confirm import confirmed, twin_confirmed
from tests.conversations.seating_helpers import account
from tests.secrecy.test_adversary_emg_membership import (
    FRANCE,
    GAME,
    MASTER,
    NAMES,
    survival_game,
)
from tests.secrecy.twin import Twin

GUESS = "russia-knows"


def test_a_forged_observe_does_not_tell_whether_an_account_plays(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    players = survival_game(twin)
    russia = players["RUSSIA"]
    twin.watch(russia.address)
    # Alice's address, forged: her account exists on both judges (she plays France in A).
    twin.send(FRANCE[0], f"OBSERVE {GAME} {GUESS}")
    replies = twin.send(russia.address, f"SIGNON O{GAME} {GUESS}\nLIST {GAME}")
    # Before fix25 the forged seat signed on where Alice does not play; now OBSERVE in a
    # game that hides who plays waits for the code mailed to Alice: no seat in either game.
    assert "Signed on" not in replies[0] + replies[1], replies
    told = twin.differences([russia.address])
    assert told == "", told


def test_a_forged_observe_then_a_broadcast_tells_nothing(
        databases: tuple[Database, Database]) -> None:
    """The same forged OBSERVE, then Russia broadcasts: the game has no observer but the
    one the forgery seats, so the receipt's line on observers was the oracle."""
    twin = Twin(databases)
    players = survival_game(twin)
    russia = players["RUSSIA"]
    twin.watch(russia.address)
    twin.send(FRANCE[0], f"OBSERVE {GAME} {GUESS}")
    twin.send(russia.address, f"{russia.signon}\nBROADCAST\nHello all.\nENDPRESS")
    told = twin.differences([russia.address])
    assert told == "", told


def test_a_forged_join_does_not_tell_who_has_joined_a_forming_survival_game(
        databases: tuple[Database, Database]) -> None:
    """The survival game forming: Russia has joined, and Alice in game A, Carol in game B
    (one player each: how many have joined is public, who is not). Russia forges a JOIN
    from Alice's address, then reads LIST beta from his own: the count of players said
    whether Alice had joined (and the seat the forgery made, in game B, is his to sign on
    to, with the password he chose, once powers are given)."""
    twin = Twin(databases)
    russia = "russia@example.org"
    for talk in (twin.a, twin.b):
        for address, name in ((MASTER.address, "Game Master"), (russia, "Russia"),
                              *zip(FRANCE, NAMES, strict=True)):
            account(talk, address, name)
    twin.send(MASTER.address, f"CREATE {GAME} gmpw engineered level=advanced survival=yes "
                              "survival_players=7")
    # Real joins in a game that hides who plays are confirmed by their mailbox (fix25).
    twin_confirmed(twin, russia, f"JOIN {GAME} pw-RUSSIA R")
    twin.step += 1
    for talk, address in zip((twin.a, twin.b), FRANCE, strict=True):
        confirmed(talk, address, f"JOIN {GAME} pw-FRANCE F")
    twin.watch(russia)
    twin.send(FRANCE[0], f"JOIN {GAME} {GUESS}")
    replies = twin.send(russia, f"LIST {GAME}")
    assert "(not shown)" in replies[0], replies[0]
    told = twin.differences([russia])
    assert told == "", told
