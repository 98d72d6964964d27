"""Newcomer 19, by mail: a message the judge finds no command in (the command written in
the subject, as some judges read it, or only quoted text) is answered with what the judge
reads and where to start, not a bare "Nothing to do."."""

from __future__ import annotations

import pytest

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
