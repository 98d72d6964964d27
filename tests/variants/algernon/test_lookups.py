"""Issue #17, LIST and SUMMARY of an Algernon game by mail: only the seated powers are
listed (a game of 2 plays 2 of the 8 declared powers), and every player's centre count at
each year's count is shown to all, as rule 7 publishes it after the builds, while the
rest of the board stays hidden."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.envoy.envoy_setup import summary_counts
from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import play, seat_knowledge, started
from tests.variants.folder_games import MASTER, MASTER_SIGNON

UNSEATED = ("CHARLIE", "DELTA", "ECHO", "FOXTROT", "GOLF", "HOTEL")


@pytest.fixture
def talk(database: Database) -> Iterator[Conversation]:
    yield Conversation(database)


def ask(talk: Conversation, address: str, text: str) -> str:
    talk.mails_to(address)  # the turns' reports, read before
    talk.send(address, text + "\n")
    [answer] = talk.mails_to(address)
    return answer.body


def test_list_names_only_the_seated_powers(talk: Conversation) -> None:
    started(talk, 2, seed=5)
    answer = ask(talk, "stranger@example.org", "LIST maze")
    assert "Alpha:" in answer and "Bravo:" in answer, answer
    assert not any(p.title() in answer for p in UNSEATED), answer


def test_summary_shows_every_players_counts_and_only_the_seated(talk: Conversation) -> None:
    seats = started(talk, 2, seed=5)
    play(talk, seats, "S1902M")
    census = seat_knowledge(talk, "ALPHA")["centres"]  # rule 7's, after the W1901 builds
    address, signon = seats["ALPHA"]
    for who, text in ((address, f"{signon}\nSUMMARY maze"),
                      ("stranger@example.org", "SUMMARY maze"),
                      (MASTER, f"{MASTER_SIGNON.replace('alpha', 'maze')}\nSUMMARY maze")):
        table = summary_counts(ask(talk, who, text))
        assert set(table) == {"ALPHA", "BRAVO"}, (who, table)
        assert {p: row["1901"] for p, row in table.items()} == census, (who, table)
        assert table["BRAVO"]["Start"] == table["ALPHA"]["Start"] == 3  # 3 homes each


def test_help_orders_gives_a_player_the_orders_by_portal(talk: Conversation) -> None:
    """Issue #17 item 3: the game's page (variants/algernon/help-orders.txt), not the
    standard orders."""
    seats = started(talk, 2, seed=5)
    address, signon = seats["BRAVO"]
    page = ask(talk, address, f"{signon}\nHELP ORDERS")
    assert "Writing orders for Algernon (algernon)" in page, page
    assert "MK s 1 (1)" in page and "VT(3,2,5,1,6,4)" in page and "Build DL, MN, PZ" in page
    assert "A Par - Bur" not in page
