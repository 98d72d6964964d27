"""Issue #12 item 4: what a Stab Envoy player is told of the centres after an Autumn (rule
12e) is kept in his knowledge record until the next Autumn tells him again, and his report
reads it there; a record kept before records held it leaves the report to the turn.

The turn is test_stab_autumn.py's: Italy eliminated, the last unowned centre taken, the
counts 7, 7, 6, 6, 5, 3 in the order the game's seed draws."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.types import Phase
from judge.reports import render_report
from tests.variants.envoy.hidden import ENVOY, FRANCE, seen
from tests.variants.envoy.test_stab_autumn import autumn, counts
from variants.envoy.known import CENTRES_TOLD

RULES = ENVOY.rules
HEAD = "Supply centre counts, in random order, the unowned centres counted as one more power:"


def _board(position: Position) -> Position:
    """France's board of `position`, as the visibility shows it."""
    return RULES.visibility.board(position, FRANCE)


def test_the_autumn_telling_is_kept_until_the_next() -> None:
    turn = autumn()
    record = RULES.knowledge({}, FRANCE, turn.phase, seen(turn, FRANCE), _board(turn.position))
    assert sorted(counts(turn), reverse=True) == [7, 7, 6, 6, 5, 3]
    told = {"phase": "F1914M", "counts": list(counts(turn)), "eliminated": ["ITALY"],
            "last_neutral": True}
    assert record[CENTRES_TOLD] == told
    winter = Phase.parse("W1914A")
    later = RULES.knowledge(record, FRANCE, winter, (), _board(turn.position))
    assert later[CENTRES_TOLD] == told


def test_the_report_reads_the_record_and_a_record_without_it_the_turn() -> None:
    turn = autumn()
    record = RULES.knowledge({}, FRANCE, turn.phase, seen(turn, FRANCE), _board(turn.position))
    numbers = ", ".join(str(n) for n in counts(turn))
    kept = {**record, CENTRES_TOLD: {**record[CENTRES_TOLD], "counts": [1, 2]}}
    told = render_report(ENVOY, turn, FRANCE, board=RULES.known_board(kept, _board(turn.position)))
    assert f"{HEAD}\n  1, 2\n" in told and numbers not in told
    old = {k: v for k, v in record.items() if k != CENTRES_TOLD}
    board = RULES.known_board(old, _board(turn.position))
    assert CENTRES_TOLD not in board.state
    assert f"{HEAD}\n  {numbers}\n" in render_report(ENVOY, turn, FRANCE, board=board)
    # Another phase's record (a turn rolled back) is not this turn's: the turn's notices.
    other = {**kept, "phase": "S1915M"}
    assert f"{HEAD}\n  {numbers}\n" in render_report(
        ENVOY, turn, FRANCE, board=RULES.known_board(other, _board(turn.position)))
