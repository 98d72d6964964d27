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

import pytest

from judge.store.db import Database
from tests.secrecy.test_adversary_emg_membership import FRANCE, GAME, survival_game
from tests.secrecy.twin import Twin

GUESS = "russia-knows"


@pytest.mark.xfail(strict=True, reason=(
    "advsec8: an observer seat made by a forged OBSERVE signs on with the forger's password "
    "only where the forged account does not play; the fix (an observer seat confirmed by "
    "its own address, or no such oracle) is in judge/commands and judge/game/lifecycle.py"))
def test_a_forged_observe_does_not_tell_whether_an_account_plays(
        databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    players = survival_game(twin)
    russia = players["RUSSIA"]
    twin.watch(russia.address)
    # Alice's address, forged: her account exists on both judges (she plays France in A).
    twin.send(FRANCE[0], f"OBSERVE {GAME} {GUESS}")
    replies = twin.send(russia.address, f"SIGNON O{GAME} {GUESS}\nLIST {GAME}")
    assert "Signed on" in replies[0] + replies[1], replies
    told = twin.differences([russia.address])
    assert told == "", told


@pytest.mark.xfail(strict=True, reason=(
    "advsec8: the receipt of a broadcast says 'Observers see broadcasts too.' only where the "
    "game has an observer, so a forged OBSERVE seated in one game only tells (judge/game/"
    "press.py `_receipt`, and the OBSERVE above)"))
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
