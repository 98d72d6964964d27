"""Adversary advsec4: the master of another game on the same judge (who may read all of his
own) asks about Stab Envoy's game beta, where Germany's A Munich stays (game A) or walks
unseen into Tyrolia (game B; tests/secrecy/test_envoy_items.tyrolia). Signed on as master of
gamma, he reads beta's LIST, HISTORY, SUMMARY, BOARD and MAP, tries beta's master-only
commands and orders for Germany: everything he receives is the same in both games
(docs/commands.md: a seat's view opens only in its own game)."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seating_helpers import account
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, autumn, tyrolia

OTHER = "othergm@example.org"
SIGNON = "SIGNON Mgamma pw-gamma"
READS = ("LIST beta\nHISTORY beta\nSUMMARY beta\nBOARD beta\nMAP beta\nMAP beta S1914M\n"
         "HISTORY beta S1914M")
TRIES = ("BECOME Germany\nORDERS\nA mun H\nA tyr H\nGET MAP\nPROCESS F1914M\n"
         "SET DEADLINE beta tomorrow")


def test_another_game_s_master_reads_beta_as_the_public(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    twin = script.twin
    for talk in (twin.a, twin.b):
        account(talk, OTHER)
    twin.watch(OTHER)
    created = twin.send(OTHER, "CREATE gamma pw-gamma envoy players=2 hidden=stab")
    assert "gamma" in created[0], created[0]
    own, _ = twin.send(OTHER, f"{SIGNON}\n{READS}")
    assert "as the public sees it" in own, own
    tried, _ = twin.send(OTHER, f"{SIGNON}\n{TRIES}")
    assert "no game called" not in tried and "Errors" in tried, tried
    autumn(script, FRANCE_TAKES_SPAIN)
    twin.send(OTHER, f"{SIGNON}\n{READS}")
    twin.send(OTHER, f"{SIGNON}\n{TRIES}")
    history = twin.send("gm@example.org", "SIGNON Mbeta gmpw\nHISTORY beta")
    assert "tyrolia" not in history[0].lower() and "tyrolia" in history[1].lower()
    assert twin.differences([OTHER]) == ""
