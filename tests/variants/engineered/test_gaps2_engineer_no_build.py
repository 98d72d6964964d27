"""Issue #15 gap 3, by mail: creating an engineer is no build. rn45 C3 3c: "a E unit may be
created on any of the countries Home or start up BCs at the same time as a military unit",
beside the builds, not one of them (an engineer takes no centre's upkeep: the count of
builds is of armies, navies and fighters). A player who owes a build and sends only
`Build E Par` is told he still owes it, and the turn waits for him."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_winter_waiting import winter
from tests.variants.folder_games import send_orders


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def test_an_engineer_alone_leaves_the_build_owed(talk: Conversation) -> None:
    # France: four centres, three armies and navies, one engineer; one build due and, at one
    # engineer per two centres (C3d, engineer_centres=2), a second engineer allowed.
    seats = winter(talk, engineer_centres=2)
    reply = send_orders(talk, seats["FRANCE"], "Build E Par")
    assert "[errors]" not in reply.subject, reply.body
    assert "Still without orders: 1 more build (or WAIVE)" in reply.body
    assert "Your orders are complete." not in reply.body
    both = send_orders(talk, seats["FRANCE"], "Build A Par")
    assert "Your orders are complete." in both.body, both.body


def test_removing_an_engineer_is_no_removal(talk: Conversation) -> None:
    # The same: `Remove E Bur` (C3) settles no build owed either.
    seats = winter(talk)
    reply = send_orders(talk, seats["FRANCE"], "Remove E Bur")
    assert "Still without orders: 1 more build (or WAIVE)" in reply.body, reply.body
