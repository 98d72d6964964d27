"""BOARD, LIST, HISTORY and SUMMARY read the seat's stored knowledge record (issue #12 item
4), by mail: a change to the record alone, the position untouched, changes what the seat
is shown; and a past turn is shown as the seat was told it, whatever the visibility says
today."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.models import Knowledge, Turn
from tests.conversations.accounts_listings import (
    MASTER_PASSWORD,
    Player,
    details,
    hide_other_sides,
    process,
    send,
    standard_game,
)
from tests.conversations.harness import Conversation

Record = dict[str, Any]


def _edit_record(talk: Conversation, phase: str, power: str,
                 edit: Callable[[Record], Record]) -> None:
    """Rewrite `power`'s record stored with the turn of `phase`; nothing else."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        row.record = edit(dict(row.record))


def _without(power: str) -> Callable[[Record], Record]:
    """The record with none of `power`'s units and centres in it."""
    def edit(record: Record) -> Record:
        return {**record, "units": [u for u in record["units"] if u["power"] != power],
                "owners": {c: p for c, p in record["owners"].items() if p != power}}
    return edit


def _as(talk: Conversation, player: Player, line: str) -> list[str]:
    reply = send(talk, player.address, f"SIGNON Falpha {player.password}\n{line}")
    return details(reply, line)


def test_board_and_list_show_the_seats_record(talk: Conversation) -> None:
    france = standard_game(talk)["FRANCE"]
    process(talk, "alpha", {"FRANCE": ["A par-bur"], "GERMANY": ["A mun-bur"]})
    assert "Germany:" in "\n".join(_as(talk, france, "BOARD alpha"))
    late = next(t for t in _as(talk, france, "LIST alpha") if t.startswith("Orders missing"))
    assert "Germany" in late

    _edit_record(talk, "S1901M", "FRANCE", _without("GERMANY"))
    board = "\n".join(_as(talk, france, "BOARD alpha"))
    assert "Germany:" not in board and "A Munich" not in board
    assert "France:" in board  # the rest of the record is still shown
    late = next(t for t in _as(talk, france, "LIST alpha") if t.startswith("Orders missing"))
    # France's board no longer shows Germany's units, so nor is it told Germany is late.
    assert "Germany" not in late and "Italy" in late
    # The master has no record: the whole board, as before.
    master = send(talk, "gm-alpha@example.org",
                  f"SIGNON Malpha {MASTER_PASSWORD}\nBOARD alpha").body
    assert "A Munich" in master


def _fall_1901(talk: Conversation) -> Player:
    france = standard_game(talk)["FRANCE"]
    process(talk, "alpha")
    process(talk, "alpha")  # F1901M: centres counted, nobody adjusts, S1902M opens
    return france


def test_summary_and_history_show_what_the_seat_was_told_then(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    france = _fall_1901(talk)
    # Today every player sees only his own side; when 1901 was played, he saw everything.
    hide_other_sides(monkeypatch)
    summary = _as(talk, france, "SUMMARY alpha")
    # No record is stored for the start (none was folded yet): today's board shows it.
    assert "  Germany        ?     3" in summary, summary
    history = "\n".join(_as(talk, france, "HISTORY alpha F1901M"))
    assert "Germany:" in history and "Berlin, Kiel, Munich" in history, history
    # The public has no record: it gets today's visibility's board.
    public = details(send(talk, "stranger@example.org", "SUMMARY alpha"), "SUMMARY alpha")
    assert "  Germany        ?     ?" in public, public


def test_summary_and_history_read_the_record_of_each_turn(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    france = _fall_1901(talk)
    hide_other_sides(monkeypatch)  # counts not public, so SUMMARY reads the board
    _edit_record(talk, "F1901M", "FRANCE", _without("GERMANY"))
    summary = _as(talk, france, "SUMMARY alpha")
    assert "  Germany        ?     ?" in summary, summary
    assert "  Italy          ?     3" in summary, summary
    history = "\n".join(_as(talk, france, "HISTORY alpha F1901M"))
    assert "Berlin, Kiel, Munich" not in history and "Naples, Rome, Venice" in history


def test_an_unnamed_concession_goes_to_the_leader_of_the_seats_record(
        talk: Conversation) -> None:
    austria = standard_game(talk)["AUSTRIA"]
    process(talk, "alpha")  # S1901M: nobody orders; Russia leads with four centres

    def germany_leads(record: Record) -> Record:
        return {**record, "owners": {**record["owners"], "hol": "GERMANY", "den": "GERMANY"}}

    _edit_record(talk, "S1901M", "AUSTRIA", germany_leads)
    reply = send(talk, austria.address, f"SIGNON Aalpha {austria.password}\nSET CONCEDE")
    assert "Your concession to Germany is recorded." in reply.body, reply.body
