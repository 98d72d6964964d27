"""Adversary advsec4 on the unit of work shared by a batch (issue #18): the worker answers
a backlog of messages in one transaction (judge/mail/inbound/pipeline.process_batch), and
what the transaction keeps for the next message, the game's open turn and its current
orders (repo_games.memo) and the position decoded once (games.position_of, turn_memo), is
shared by every reader in it, the secret's owner among them.

Stab Envoy, France and Germany (tests/secrecy/test_envoy_items.py): Germany's A Munich
stays (game A) or walks unseen into Tyrolia and holds there (game B). Germany's orders,
France's orders and probes naming both places, the master's PROCESS and everybody's reads
(ORDERS, LIST, HISTORY, SUMMARY, BOARD, MAP, pictures on) go in one batch per season:
France and the observer must receive the same mail in both games, at the same step."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from judge.mail.inbound.pipeline import process_batch, receive
from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import parse_outbox
from tests.secrecy.envoy import OBSERVER
from tests.secrecy.test_envoy_items import (
    FRANCE_PLACES,
    FRANCE_TAKES_SPAIN,
    GERMANY_HOLDS,
    MASTER_SIGNON,
    READS,
    Script,
)
from tests.secrecy.twin import Twin, _raw

# (sender, body in game A, body in game B or None for the same)
Message = tuple[str, str, str | None]
PROBES = ("A ven S A tyr\nA ven S A mun\nA ven-tyr\nA ven S A mun-tyr\nA ven S A tyr-mun\n"
          "A ven S A tyr H")


def send_batch(twin: Twin, messages: Sequence[Message]) -> list[tuple[str, str]]:
    """`messages` stored, then answered in one transaction in each game; each one's reply
    text in game A and game B ('' if none). The mail queued is collected at the batch's
    last step."""
    first = twin.step + 1
    twin.step += len(messages)
    replies: list[list[str]] = [[], []]
    for game, talk in enumerate((twin.a, twin.b)):
        ids = [receive(talk.judge, _raw(sender, other if game and other is not None else body,
                                        first + n))[0]
               for n, (sender, body, other) in enumerate(messages)]
        process_batch(talk.judge, ids)
        replies[game] = [_reply(twin, game, inbox_id) for inbox_id in ids]
        twin._collect(twin._worlds[game], game)
    return list(zip(replies[0], replies[1], strict=True))


def _reply(twin: Twin, game: int, inbox_id: int) -> str:
    talk = (twin.a, twin.b)[game]
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)
                               .where(OutboxMessage.in_reply_to_id == inbox_id)
                               .order_by(OutboxMessage.id)).all()
        return parse_outbox(rows[-1]).body if rows else ""


def _season(script: Script, phase: str, france: str, germany: str, germany_b: str
            ) -> list[tuple[str, str]]:
    """One batch: France writes and reads, Germany writes (`germany_b` in game B), France
    reads again, the master processes `phase`, France and the observer read."""
    france_seat, germany_seat = script.france, script.germany
    reads = f"{READS}\nMAP"
    return send_batch(script.twin, [
        (france_seat.address, f"{france_seat.signon}\n{france}\n{PROBES}\n{reads}", None),
        (germany_seat.address, f"{germany_seat.signon}\n{germany}",
         f"{germany_seat.signon}\n{germany_b}"),
        (france_seat.address, f"{france_seat.signon}\n{france}\n{reads}", None),
        (OBSERVER.address, f"{OBSERVER.signon}\n{reads}", None),
        (MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS {phase}", None),
        (france_seat.address, f"{france_seat.signon}\n{PROBES}\n{reads}", None),
        (OBSERVER.address, f"{OBSERVER.signon}\n{reads}", None),
    ])


def test_a_batch_shared_with_the_secret_s_owner_tells_france_nothing(
        databases: tuple[Database, Database]) -> None:
    script = Script(databases, "stab")
    script.twin.watch(script.germany.address)
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    spring = _season(script, "S1914M", FRANCE_TAKES_SPAIN, f"{GERMANY_HOLDS}\nA mun H",
                     f"{GERMANY_HOLDS}\nA mun-tyr")
    # Germany's orders complete the Spring: it is processed inside the batch (early), and
    # the messages after his read the new turn from the same transaction.
    assert "S1914M has been processed" in spring[1][0], spring[1][0]
    fall = _season(script, "F1914M", FRANCE_TAKES_SPAIN.replace("A mar-spa", "A spa H"),
                   f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA tyr H")
    assert "F1914M has been processed" in fall[1][0], fall[1][0]
    # The control: the games differ, for the master and for Germany.
    history = script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nHISTORY beta")
    assert "tyrolia" not in history[0].lower() and "tyrolia" in history[1].lower()
    assert script.twin.differences([script.germany.address]) != ""
    assert script.leaks() == ""
    france = "\n".join(script.twin.transcript(script.france.address))
    assert "beta-S1914M.png" in france and "beta-F1914M.svg" in france, france[-3000:]
    assert "Orders for France, Fall 1914" in fall[0][0], fall[0][0]
    assert "Phase: Winter 1914 Adjustments" in fall[2][0], fall[2][0]
