"""observe26: what an account that asks to observe a game whose observers see all is told
does not depend on who plays it. Two Stab Envoy games with `observers_see_all`: in A, Ann
(France) and Bob (Germany) play; in B the same addresses hold accounts of other names and
the other powers (Yan plays Germany, Zed France). The requester asks, asks again, and is
refused, asks again and is dropped, or is let in; everything he receives is the same in both
games, but for the password the judge makes for his seat (random: it differs between any two
grants). LIST is left out: Envoy names its players there to anyone (docs/variants/envoy.md),
which the last test uses to show the comparison can fail."""

from __future__ import annotations

import re

from judge.store.db import Database
from tests.conversations.seating_helpers import account
from tests.secrecy.twin import Twin

MASTER, ANN, BOB = "gm@example.org", "ann@example.org", "bob@example.org"
ASKER = "asker@example.org"
GM = "SIGNON Mbeta gmpw"
_PASSWORD = re.compile(r"(SIGNON Obeta )(\S+)")


def _game(databases: tuple[Database, Database]) -> Twin:
    twin = Twin(databases)
    for talk, names in ((twin.a, ("Ann", "Bob")), (twin.b, ("Yan", "Zed"))):
        account(talk, MASTER, "Game Master")
        account(talk, ANN, names[0])
        account(talk, BOB, names[1])
        account(talk, ASKER, "Ask Er")
    twin.send(MASTER, "CREATE beta gmpw envoy hidden=stab observers_see_all=yes")
    twin.send(ANN, "JOIN beta pw-a F G", "JOIN beta pw-a G F")
    twin.send(BOB, "JOIN beta pw-b G F", "JOIN beta pw-b F G")
    twin.watch(ASKER)
    return twin


def test_the_request_and_the_refusal_read_alike(databases: tuple[Database, Database]) -> None:
    twin = _game(databases)
    asked = twin.send(ASKER, "OBSERVE beta mine\nSIGNON Obeta mine\nBOARD beta")
    assert "Your request to observe beta went to its master" in asked[0], asked
    twin.send(ASKER, "OBSERVE beta mine")
    twin.send(MASTER, f"{GM}\nREFUSE OBSERVER Ask Er")
    twin.send(ASKER, "OBSERVE beta again")
    twin.send(MASTER, f"{GM}\nEJECT OBSERVER Ask Er")
    told = twin.transcript(ASKER)
    assert any("did not let you observe it" in m for m in told), told
    assert any("has taken your request to observe" in m for m in told), told
    assert twin.differences([ASKER]) == ""


def test_the_grant_reads_alike_but_for_its_password(
        databases: tuple[Database, Database]) -> None:
    twin = _game(databases)
    twin.send(ASKER, "OBSERVE beta mine")
    twin.send(MASTER, f"{GM}\nALLOW OBSERVER Ask Er")
    a, b = (twin.transcript(ASKER, game) for game in (0, 1))
    granted = [m for m in a if "lets you observe it" in m]
    assert len(granted) == 1, a
    assert [_PASSWORD.sub(r"\1<password>", m) for m in a] \
        == [_PASSWORD.sub(r"\1<password>", m) for m in b]


def test_the_comparison_can_fail(databases: tuple[Database, Database]) -> None:
    """LIST names the players, who differ between the games: the harness tells it."""
    twin = _game(databases)
    twin.send(ASKER, "OBSERVE beta mine")
    twin.send(MASTER, f"{GM}\nALLOW OBSERVER Ask Er")
    twin.send(ASKER, "LIST beta")
    assert "Yan" in twin.differences([ASKER])
