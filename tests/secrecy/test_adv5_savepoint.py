"""Adversary advsec5 on a savepoint rolled back (judge/mail/inbound/pipeline.py): the worker
answers a batch again message by message, each in its savepoint, when one of them raised,
and a message that raises again is undone alone. What the transaction keeps for its later
messages must then forget what the undone one did.

The suspect: the knowledge records a turn's fold stores are kept for the transaction
(repo_knowledge._folded), so that the turn's reports and a MAP read them back without a
query. A master's message that rolls a phase back, sets a power's orders and processes the
phase again keeps its fold's records there; when the message then fails, its savepoint
undoes the replay, yet a MAP later in the same batch drew the seat's board from the undone
replay's record: a move that never happened, in the failed message's words.

Stab Envoy, France and Germany (tests/secrecy/test_envoy_items.py): the games are the same
up to a master's message that fails in both, replaying Spring 1914 with France's A Paris
holding (game A) or moving to Burgundy (game B). France's MAP in the same batch must be the
same in both games, and the one the stored record draws."""

from __future__ import annotations

import pytest

from judge import commands
from judge.commands.context import JudgeContext
from judge.mail.inbound import answering
from judge.store.db import Database
from tests.secrecy.test_adv4_batch import send_batch
from tests.secrecy.test_envoy_items import (
    FRANCE_HOLDS,
    FRANCE_PLACES,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    Script,
)

REPLAY = (f"{MASTER_SIGNON[1]}\nROLLBACK S1914M\nSET ORDERS France\n{{france}}\n"
          "PROCESS S1914M")


def _master_fails_after_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The master's ROLLBACK message raises once it has run (a bug after its commands):
    every time, so its savepoint is rolled back."""
    real = commands.run_message

    def fails(body: str, ctx: JudgeContext, *args: object) -> object:
        result = real(body, ctx, *args)  # type: ignore[arg-type]
        if "ROLLBACK" in body:
            raise RuntimeError("a bug after the master's replay")
        return result

    monkeypatch.setattr(answering, "run_message", fails)


def test_a_replay_undone_by_its_savepoint_is_not_drawn_for_france(
        databases: tuple[Database, Database], monkeypatch: pytest.MonkeyPatch) -> None:
    script = Script(databases, "stab")
    france = script.france
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", FRANCE_HOLDS, f"{GERMANY_HOLDS}\nA mun H")
    _master_fails_after_replay(monkeypatch)
    replies = send_batch(script.twin, [
        (MASTER_SIGNON[0], REPLAY.format(france=FRANCE_HOLDS),
         REPLAY.format(france=FRANCE_HOLDS.replace("A par H", "A par-bur"))),
        (france.address, f"{france.signon}\nMAP\nBOARD", None),
    ])
    assert replies[0] == ("", "")  # the master's message failed in both games
    assert "MAP" in replies[1][0] and "Paris" in replies[1][0], replies[1][0]
    monkeypatch.undo()
    # The same MAP alone, in a transaction of its own, draws the stored record.
    script.twin.send(france.address, f"{france.signon}\nMAP")
    assert script.leaks() == ""
    mails = script.twin.transcript(france.address)
    in_batch, alone = (mail.split("\n", 1)[1] for mail in mails[-2:])
    assert _files(in_batch) == _files(alone)


def _files(mail: str) -> list[str]:
    """The mail's attachments as rendered (tests/secrecy/twin.py: render)."""
    return [part for part in mail.split("--- part ")[1:] if not part.startswith("text/")]
