"""A standard game taken to the board a test needs, for the order-arrival conversations.

`started_game` (game_setup.py) deals the powers; `put_board` then moves the open turn to
any phase and board (the variant's state kept), so a test reaches a Winter without
playing a year; `play_holds` processes the open movement turn, every unit holding but
for the orders given. `send` and `entry` write as a player and read the answer to a line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import sqlalchemy as sa

from judge.engine.codec import position_from_json, position_to_json
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.store.models import Game, Turn
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import Player

HOLDS = {
    "AUSTRIA": "A vie H\nA bud H\nF tri H", "ENGLAND": "F lon H\nF edi H\nA lvp H",
    "FRANCE": "A par H\nA mar H\nF bre H", "GERMANY": "A ber H\nA mun H\nF kie H",
    "ITALY": "A rom H\nA ven H\nF nap H", "RUSSIA": "A mos H\nA war H\nF sev H\nF stp/sc H",
    "TURKEY": "A con H\nA smy H\nF ank H",
}


def unit(text: str) -> Unit:
    """'FRANCE A par' -> the unit."""
    power, kind, loc = text.split()
    return Unit(power, kind, loc)


def put_board(talk: Conversation, phase: str, units: list[str],
              owners: Mapping[str, str]) -> None:
    """The open turn becomes `phase` with these units ('FRANCE A par') and owners."""
    edit_board(talk, phase, lambda position: position._replace(
        units=tuple(unit(u) for u in units), owners=dict(owners)))


def edit_board(talk: Conversation, phase: str, edit: Callable[[Position], Position]) -> None:
    """The open turn becomes `phase`, its board changed by `edit` (the variant's state
    kept, phase set afterwards)."""
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        position = edit(position_from_json(turn.position_before))
        turn.phase = phase
        turn.position_before = position_to_json(position._replace(phase=Phase.parse(phase)))


def set_rule(talk: Conversation, **choices: str) -> None:
    """Rule choices of the game, as CREATE's options would set them."""
    with talk.judge.db.unit_of_work() as session:
        game = session.scalars(sa.select(Game)).one()
        game.variant_options = {**game.variant_options, **choices}


def play_holds(talk: Conversation, players: Mapping[str, Player],
               orders: Mapping[str, str] | None = None) -> None:
    """Every power orders (its holds, or `orders`), so the open turn is processed."""
    for power, player in players.items():
        body = (orders or {}).get(power, HOLDS[power])
        reply = talk.send(player.address, f"{player.signon()}\n{body}\n")
        assert reply is not None and "[errors]" not in reply.subject, reply


def send(talk: Conversation, player: Player, *lines: str) -> Mail:
    """The lines sent signed on as `player`; the reply."""
    reply = talk.send(player.address, "\n".join((player.signon(), *lines)) + "\n")
    assert reply is not None
    return reply


def entry(reply: Mail, line_no: int, text: str, detail: str) -> bool:
    """Whether the reply answers line `line_no` (`text`) with `detail`."""
    return f"line {line_no}: {text}\n    {detail}\n" in reply.body
