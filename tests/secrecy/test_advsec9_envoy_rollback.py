"""Adversary advsec9 on a master's ROLLBACK in Stab Envoy (judge/game/rollback.py): the
phases undone keep every player's orders as orders sent ahead, the knowledge kept with
them is deleted, and the phase reopened is played again. Germany's army stays in Munich
(game A) or walks unseen into Tyrolia (B) in Spring 1914 and holds in the Fall
(tests/secrecy/test_envoy_items.py `tyrolia`); the master rolls back to Spring 1914 after
the Fall, and processes again. France and the observer read everything at each step
(HISTORY of every phase, the pictures of past phases, ORDERS with the lines kept ahead,
PHASE F1914M); they must receive the same mail in both games."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_envoy_items import (
    FRANCE_TAKES_SPAIN,
    MASTER_SIGNON,
    autumn,
    tyrolia,
)

MORE = ("HISTORY beta S1914M\nHISTORY beta F1914M\nMAP beta S1914M\nMAP beta F1914M\n"
        "MAP beta W1914A\nPHASE F1914M\nORDERS\nPHASE")


def test_a_rollback_and_replay_tell_france_nothing_more(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    script.france_writes(MORE)
    master = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nROLLBACK S1914M")
    assert "back at the start of Spring 1914" in master[0], master[0]
    script.france_writes(MORE)
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS S1914M")
    script.france_writes(f"{MORE}\nA ven S A tyr\nA ven-tyr")
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nROLLFORWARD")
    script.france_writes(MORE)
    control = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nBOARD")
    assert control[0] != control[1]  # the control: the games differ for the master
    mails = "\n".join(script.twin.transcript(script.france.address))
    assert "rolled the game back to the start of Spring 1914" in mails
    assert mails.count("Spring 1914 Movement results") >= 2, mails[-3000:]
    told = script.leaks()
    assert told == "", told


def test_in_plain_envoy_the_rollback_shows_the_difference(
        databases: tuple[Database, Database]) -> None:
    """The comparison can fail: without hidden movement Germany's army is seen."""
    script = tyrolia(databases, "none")
    autumn(script, FRANCE_TAKES_SPAIN)
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nROLLBACK S1914M")
    script.france_writes(MORE)
    assert "Tyrolia" in script.leaks()
