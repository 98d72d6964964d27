"""The first Spring by mail (rn45 C1, issue #15): the replies name Austria's Trieste unit
as its orders take it (1d), and every player is told to place his engineer (1a)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.variants.folder_games import send_orders, started


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def test_the_reply_names_the_army_austria_takes_in_trieste(talk: Conversation) -> None:
    # C1 1d: `A Tri - Ser` takes the unit as an army, and the report says so; the reply
    # to the order said "N Trieste -> Serbia", a navy that cannot go inland.
    seats = started(talk, "engineered", players=7)
    reply = send_orders(talk, seats["AUSTRIA"], "A Tri - Ser", "A Vie H")
    assert "  A Trieste -> Serbia.\n" in reply.body
    assert "N Trieste" not in reply.body
    kept = send_orders(talk, seats["AUSTRIA"], "N Tri - Adr")  # the navy after all
    assert "  N Trieste -> Adriatic Sea.\n" in kept.body
    assert "A Trieste" not in kept.body
