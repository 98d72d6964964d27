"""A game master setting up an Engineered game by mail: SETTINGS once showed the schedule,
press and draws but not the options CREATE fixed, so he could not check the level and
decoys his game plays (rn45 A, C8)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply


def test_settings_show_the_options_create_fixed(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    sent = reply(talk, MASTER, "CREATE eng gmpw engineered level=complex decoys=yes\n"
                               "SETTINGS")
    assert "    Options (fixed at CREATE): level=complex, decoys=yes.\n" in sent.body, \
        sent.body
    plain = reply(talk, MASTER, "CREATE std gmpw engineered\nSETTINGS")
    assert "    Options: none given at CREATE (the variant's defaults).\n" in plain.body, \
        plain.body


def test_the_manuals_example_of_a_standard_game(talk: Conversation) -> None:
    # docs/master.md, CREATE's example.
    account(talk, MASTER, "Game Master")
    sent = reply(talk, MASTER, "CREATE alpha gmsecret standard victory_centres=17\nSETTINGS")
    assert "    Draws: DIAS.\n    Options (fixed at CREATE): victory_centres=17.\n" \
        in sent.body, sent.body


def test_a_player_reads_the_options_in_list(talk: Conversation) -> None:
    """advnew2: LIST showed no options, so a player could not tell his game's level."""
    account(talk, MASTER, "Game Master")
    reply(talk, MASTER, "CREATE eng gmpw engineered level=complex decoys=yes")
    account(talk, "ann@example.org", "Ann Archer")
    listed = reply(talk, "ann@example.org", "LIST eng")
    assert "Master: Game Master\n    Options (fixed at CREATE): level=complex, decoys=yes.\n" \
        in listed.body, listed.body
    reply(talk, MASTER, "CREATE std gmpw standard")
    assert "Options" not in reply(talk, "ann@example.org", "LIST std").body
