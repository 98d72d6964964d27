"""A game whose map has no drawing (the test variant `atoll`, whose ring is made per game)
is played as before: its mail carries no picture, and MAP says why there is none."""

from __future__ import annotations

import secrets

import pytest

from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from tests.pictures.mailed import wired
from tests.variants.folder_games import FOLDERS


def test_a_game_without_a_drawing_is_mailed_no_picture(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    account(talk, MASTER, "Game Master")
    with monkeypatch.context() as m:
        # The ring of seed 2 joins nh-m2 and sh-m3 (tests/conversations/test_game_map.py).
        m.setattr(secrets, "randbits", lambda bits: 2)
        reply(talk, MASTER, "CREATE alpha gmpass atoll")
    for power, letter in (("north", "N"), ("south", "S")):
        account(talk, f"{power}@example.org")
        reply(talk, f"{power}@example.org", f"JOIN alpha pw-{power} {letter}")
    reply(talk, "north@example.org", "SIGNON Nalpha pw-north\nA nh - m2")
    reply(talk, "south@example.org", "SIGNON Salpha pw-south\nA sh - m3")

    [notice] = wired(talk, "north@example.org", "the game has started")
    [report] = wired(talk, "north@example.org", "Spring 1901 Movement results")
    assert not notice.is_multipart() and not report.is_multipart()
    answer = reply(talk, "north@example.org", "SIGNON Nalpha pw-north\nMAP")
    assert "alpha is played on a map the judge has no drawing of, so there is no picture; " \
        "BOARD alpha shows the board as text" in answer.body
