"""The placement turn by name (issue #13, also found): HISTORY and PROCESS take W1913P, or
'Winter 1913 Placement', though no season's cycle lists the kind (variant.toml
[phase_names]: the game opens with it, rule 4)."""

from __future__ import annotations

import pytest

from tests.conversations.envoy.envoy_setup import envoy_game, placed
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, reply


@pytest.mark.parametrize("phase", ["W1913P", "winter 1913 placement", "W1913P W1913P",
                                   "from Winter 1913 Placement to S1914M"])
def test_history_names_the_placement_turn(talk: Conversation, phase: str) -> None:
    placed(talk)
    answer = reply(talk, MASTER, f"HISTORY beta {phase}").body
    assert "1 turn of beta (W1913P)." in answer
    assert "Envoy: Winter 1913 Placement" in answer
    assert "is not a phase of this game" not in answer


def test_process_names_the_placement_turn(talk: Conversation) -> None:
    envoy_game(talk)
    answer = reply(talk, MASTER, "SIGNON Mbeta gmpw\nPROCESS W1913P").body
    assert "Winter 1913 Placement is processed; the reports were mailed to every seat." in answer
    assert "Now open: Spring 1914 Movement" in answer


def test_a_kind_the_game_does_not_have_is_still_refused(talk: Conversation) -> None:
    placed(talk)
    answer = reply(talk, MASTER, "HISTORY beta W1913X").body
    assert "'W1913X' is not a phase or a year of beta." in answer
    # The examples are the game's own: it opened in the winter of 1913.
    assert "e.g. HISTORY beta 1913 or HISTORY beta W1913P\n" in answer, answer
