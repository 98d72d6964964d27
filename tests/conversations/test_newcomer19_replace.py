"""Newcomer 19, item a: a master may not REPLACE a power with himself in a game that keeps
things from its players (Stab Envoy hides the units: rules 11-12), as his JOIN there is
refused; in an open game he still may, as he may JOIN one."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, envoy_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, reply


def test_the_master_of_a_hidden_game_may_not_replace_a_power_with_himself(
        talk: Conversation) -> None:
    envoy_game(talk, hidden="stab")
    refused = reply(talk, MASTER, "SIGNON Mbeta gmpw\nREPLACE France gm@example.org mine")
    assert refused.subject.startswith("[errors]"), refused.body
    assert ("line 2: REPLACE France gm@example.org mine\n    Game Master is the master of "
            "beta, which keeps things from its players that its master sees, so its master "
            "does not also play in it (docs/secrecy.md); give France to another registered "
            "player") in refused.body, refused.body
    assert talk.mails_to(ANN) == []  # nobody was told of a new player
    # Ann still plays France: her password still signs on, the master's does not.
    ann = reply(talk, ANN, "SIGNON Fbeta pw-a")
    assert not ann.subject.startswith("[errors]"), ann.body
    mine = reply(talk, MASTER, "SIGNON Fbeta mine")
    assert "wrong password for F in beta" in mine.body, mine.body


def test_the_master_of_an_open_game_may_still_replace_a_power_with_himself(
        talk: Conversation) -> None:
    envoy_game(talk, hidden="none")
    taken = reply(talk, MASTER, "SIGNON Mbeta gmpw\nREPLACE France gm@example.org mine")
    assert "Game Master now plays France" in taken.body, taken.body
