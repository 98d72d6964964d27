"""The bar's game of Engineered (issue #15): a complex game with decoys, created and joined
by mail, its orders sent and its reports read as the players get them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import sqlalchemy as sa

from judge.store.models import Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, POWERS, Player, account, fill, reply

GAME = "alpha"


def create_and_join(talk: Conversation) -> dict[str, Player]:
    """CREATE by the master, seven JOINs, each power the one its player asked for."""
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, f"CREATE {GAME} gmpass engineered level=complex decoys=yes "
                    "engineer_ratio=c3a")
    assert f"Game {GAME} (" in created.body, created.body
    players = fill(talk, GAME)
    for address in (MASTER, *(p.address for p in players.values())):
        talk.mails_to(address)
    return players


def send(talk: Conversation, player: Player, *lines: str) -> Mail:
    return reply(talk, player.address, "\n".join((player.signon(GAME), *lines)) + "\n")


def orders(talk: Conversation, players: dict[str, Player],
           turn: Mapping[str, Sequence[str]]) -> dict[str, Mail]:
    return {power: send(talk, players[power], *lines) for power, lines in turn.items()}


def last_report(talk: Conversation, player: Player) -> str:
    """The turn report `player` got last."""
    return [m for m in talk.mails_to(player.address) if "results" in m.subject][-1].body


def deadline(talk: Conversation) -> datetime:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        assert turn.deadline is not None
        return turn.deadline.replace(tzinfo=UTC)


def sweep(talk: Conversation) -> list[str]:
    return sweep_all(talk.judge.db, talk.clock, talk.judge.postman)


__all__ = ["MASTER", "POWERS"]
