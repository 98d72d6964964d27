"""Adversary advsec4 on the count, order and timing of outgoing mail: the senders deliver
the outbox in the order it was queued (by row), each row from its next_try_at, so a
secret that adds, drops or reorders a mail anywhere in a step (a note to its owner, a
report more or fewer) moves everybody's mail after it, which two colluding players can
compare. The twin harness (tests/secrecy/twin.py) compares what each watched address
receives; here every row of each step is compared across the two games: its recipients,
its place in the step, when it may go and whether it answers a message.

The scripts are the earlier adversaries' (Stab Envoy's unseen walk into Tyrolia with the
Autumn and Winter after it; Engineered's decoy made by mail in Warsaw), played again with
`Twin.send` recording the outbox after each delivery."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
import sqlalchemy as sa

from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation
from tests.secrecy.test_engineered_decoys import decoy_walk
from tests.secrecy.test_envoy_items import (
    FRANCE_TAKES_SPAIN,
    MASTER_SIGNON,
    autumn,
    tyrolia,
)
from tests.secrecy.twin import Twin

Row = tuple[tuple[str, ...], datetime, bool]
Steps = tuple[list[list[Row]], list[list[Row]]]


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[Steps]:
    """Every Twin's deliveries recorded: per step, the rows each game queued, in order."""
    recorded: Steps = ([], [])
    last = {0: 0, 1: 0}
    plain_send = Twin.send

    def send(twin: Twin, sender: str, body: str, body_b: str | None = None
             ) -> tuple[str, str]:
        replies = plain_send(twin, sender, body, body_b)
        for game, talk in enumerate((twin.a, twin.b)):
            rows, last[game] = _rows_after(talk, last[game])
            recorded[game].append(rows)
        return replies

    monkeypatch.setattr(Twin, "send", send)
    yield recorded


def _rows_after(talk: Conversation, last: int) -> tuple[list[Row], int]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).where(OutboxMessage.id > last)
                               .order_by(OutboxMessage.id)).all()
        return ([(tuple(sorted(r.recipients)), r.next_try_at, r.in_reply_to_id is not None)
                 for r in rows], rows[-1].id if rows else last)


def _differing(steps: Steps) -> list[str]:
    return [f"step {n + 1}:\n  A {a}\n  B {b}"
            for n, (a, b) in enumerate(zip(*steps, strict=True)) if a != b]


def test_an_unseen_walk_sends_the_same_mails_in_the_same_order(
        databases: tuple[Database, Database], steps: Steps) -> None:
    """Stab Envoy: Germany's army stays in Munich or walks into Tyrolia and holds; the
    Spring, the Autumn (France takes Spain) and the Winter are processed by the master."""
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    script.turn("W1914A", "Build A mar", "Waive")
    script.france_writes("")
    history = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nHISTORY beta")
    assert "tyrolia" not in history[0].lower() and "tyrolia" in history[1].lower()
    reports = [s for s in steps[0] if sum(not answers for _, _, answers in s) >= 3]
    assert len(reports) >= 3, steps[0]  # the turns' reports are among the rows compared
    assert _differing(steps) == []


def test_a_decoy_made_by_mail_sends_the_same_mails_in_the_same_order(
        databases: tuple[Database, Database], steps: Steps) -> None:
    """Engineered: Russia's decoy made in Warsaw goes to Galicia while the army holds
    (game A), or the other way round (game B); the Spring is processed, all read."""
    twin, table = decoy_walk(databases)
    assert twin.differences([table.players["RUSSIA"].address]) != ""  # the games differ, for Russia
    assert _differing(steps) == []


def test_the_comparison_sees_a_mail_more_for_the_master(
        databases: tuple[Database, Database], steps: Steps) -> None:
    """The control: Germany's press to the master in game B only adds one row, the
    master's, to that step (his reply to Germany is in both), and nothing else differs."""
    script = tyrolia(databases, "stab")
    germany = script.germany
    script.twin.send(germany.address, f"{germany.signon}\nWHOAMI",
                     f"{germany.signon}\nPRESS TO master\nhello\nENDPRESS")
    differing = _differing(steps)
    assert len(differing) == 1 and "gm@example.org" in differing[0], differing
