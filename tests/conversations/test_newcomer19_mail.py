"""Newcomer 19, by mail: a message the judge finds no command in (the command written in
the subject, as some judges read it, or only quoted text) is answered with what the judge
reads and where to start, not a bare "Nothing to do."."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation


@pytest.mark.parametrize(("subject", "body"), [
    ("HELP", ""),
    ("Re: alpha orders", "On Monday the judge wrote:\n> A Paris HOLD.\n"),
])
def test_a_message_without_a_command_says_what_the_judge_reads(
        talk: Conversation, subject: str, body: str) -> None:
    reply = talk.send("newbie@example.net", body, subject=subject)
    assert reply is not None
    assert reply.body == (
        "Nothing to do.\n\nThe judge found no command in your message. It reads the body "
        "only, one command a line, and skips the subject, quoted text and signature. HELP "
        "lists the commands; HELP ORDERS shows how to write orders.\n"), reply.body


def test_njudge_s_whogame_is_list(talk: Conversation) -> None:
    # "WHOGAME alpha" (who plays alpha, on njudge) was answered "not a command; did you
    # mean WHOAMI?", which tells about the writer's own account instead.
    players = started_game(talk)
    france = players["FRANCE"]
    asked = talk.send(france.address, "WHOGAME alpha")
    assert asked is not None
    assert asked.subject == "Re: commands", asked.body
    assert "line 1: WHOGAME alpha\n    Game alpha: Standard Diplomacy (standard), active\n" \
        in asked.body, asked.body
    assert "      France:   Player 4\n" in asked.body, asked.body
    # Signed on, it is still the command, not an order line.
    signed = talk.send(france.address, f"{france.signon()}\nWHOGAME alpha")
    assert signed is not None
    assert "line 2: WHOGAME alpha\n    Game alpha" in signed.body, signed.body
