"""A message's body is split into commands once on the mail path (issue #18): the split
that counts its commands against the limit is the one its commands run from."""

from __future__ import annotations

from typing import Any

import pytest

from judge.commands import dispatch, parse
from judge.mail.inbound import answering
from judge.store.db import Database
from tests.conversations.harness import Conversation


def test_the_body_is_split_once(database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = Conversation(database)
    bodies: list[str] = []

    def counted(body: str, registry: Any) -> Any:
        bodies.append(body)
        return parse.split_message(body, registry)

    monkeypatch.setattr(answering, "split_message", counted)
    monkeypatch.setattr(dispatch, "split_message", counted)
    reply = talk.send("alice@example.org", "HELP\nLIST")
    assert reply is not None and "[errors]" not in reply.subject
    assert "REGISTER" in reply.body
    assert bodies == ["HELP\nLIST"]
