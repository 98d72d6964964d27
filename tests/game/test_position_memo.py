"""A turn's position is decoded once per transaction (judge.game.games.position_of, issue
#18): asked again it is the same board without decoding, and a stored position or late
powers set anew, a rolled-back savepoint, or the next transaction decode it afresh."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.codec import position_from_json, position_to_json
from judge.game.games import STAGE_LATE, STAGES_ON_BOARD, position_of
from judge.store import repo
from judge.store.db import Database
from judge.store.models import Turn
from judge.variant_loader import load_variant


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry for every time a stored position is decoded."""
    seen: list[int] = []

    def counted(data: Any) -> Any:
        seen.append(1)
        return position_from_json(data)

    monkeypatch.setattr("judge.game.games.position_from_json", counted)
    return seen


def _start() -> dict[str, Any]:
    return position_to_json(load_variant("standard").start)


def _turn(database: Database) -> int:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="memo", variant="standard")
        return repo.record_turn(s, game, phase="S1901M", position_before=_start()).id


def test_decoded_once_in_a_transaction(database: Database, decodes: list[int]) -> None:
    turn_id = _turn(database)
    with database.unit_of_work() as s:
        turn = s.get_one(Turn, turn_id)
        first = position_of(turn)
        assert position_of(turn) is first
        assert len(decodes) == 1
        assert len(first.units) == 22
    with database.unit_of_work() as s:  # the next transaction reads the stored value again
        assert position_of(s.get_one(Turn, turn_id)) == first
        assert len(decodes) == 2


def test_a_position_stored_anew_is_decoded_again(database: Database,
                                                 decodes: list[int]) -> None:
    turn_id = _turn(database)
    with database.unit_of_work() as s:
        turn = s.get_one(Turn, turn_id)
        before = position_of(turn)
        board = _start()
        board["units"] = board["units"][:3]
        turn.position_before = board
        after = position_of(turn)
        assert len(after.units) == 3 and len(before.units) == 22
        assert len(decodes) == 2


def test_late_powers_set_anew_are_on_the_board(database: Database) -> None:
    turn_id = _turn(database)
    with database.unit_of_work() as s:
        turn = s.get_one(Turn, turn_id)
        assert STAGES_ON_BOARD not in position_of(turn).state
        turn.notices = {**turn.notices, STAGE_LATE: {"first": ["FRANCE"]}}
        assert position_of(turn).state[STAGES_ON_BOARD] == {"first": ["FRANCE"]}
        turn.notices = {**turn.notices, STAGE_LATE: {"first": ["FRANCE"], "second": []}}
        assert position_of(turn).state[STAGES_ON_BOARD] == {"first": ["FRANCE"], "second": []}


def test_a_rolled_back_savepoint_forgets_it(database: Database, decodes: list[int]) -> None:
    turn_id = _turn(database)
    with database.unit_of_work() as s:
        turn = s.get_one(Turn, turn_id)
        with pytest.raises(RuntimeError), s.begin_nested():
            position_of(turn)
            raise RuntimeError("the message failed")
        position_of(turn)
        assert len(decodes) == 2


def test_a_turn_outside_a_session_is_decoded_each_time(decodes: list[int]) -> None:
    turn = Turn(phase="S1901M", position_before=_start(), notices={})
    assert position_of(turn) == position_of(turn)
    assert len(decodes) == 2
