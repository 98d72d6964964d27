"""Issue #12 item 4, by mail: the centre counts a Stab Envoy report gives after the Autumn
(rule 12e) are those the reader's stored knowledge record keeps. Only France's record of
Fall 1914 is changed, the position and the turn's events untouched: what HISTORY tells
France of that turn changes with it, what it tells Germany does not."""

from __future__ import annotations

import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.models import Knowledge, Turn
from tests.conversations.envoy.envoy_setup import GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, reply

HEAD = "Supply centre counts, in random order, the unowned centres counted as one more power:"
# Nobody moves in 1914: the seven powers hold their homes (three centres each, Russia
# four) and the other twelve of the 34 centres are unowned.
HELD = [12, 4, 3, 3, 3, 3, 3, 3]


def report(body: str, title: str) -> list[str]:
    """The lines of the report of `title` in a HISTORY reply, stripped of its indent."""
    reports = {part.split("\n", 1)[0]: [line.strip() for line in part.split("\n")]
               for part in body.split("Envoy: ")[1:]}
    return reports[title]


def told_counts(body: str, title: str) -> list[int] | None:
    """The counts the report of `title` in a HISTORY reply gives (None: it gives none)."""
    lines = report(body, title)
    if HEAD not in lines:
        return None
    return [int(n) for n in lines[lines.index(HEAD) + 1].split(", ")]


def _retell(talk: Conversation, phase: str, power: str, counts: list[int]) -> None:
    """`power`'s record stored with the turn of `phase`, with other counts told and Italy
    told eliminated; nothing else."""
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, GAME)
        row = session.scalars(sa.select(Knowledge).join(Turn, Turn.id == Knowledge.turn_id)
                              .where(Turn.game_id == game.id, Turn.phase == phase,
                                     Knowledge.power == power)).one()
        told = row.record["centres told"]
        assert told["phase"] == phase and sorted(told["counts"], reverse=True) == HELD
        row.record = {**row.record, "centres told": {**told, "counts": counts,
                                                     "eliminated": ["ITALY"]}}


def test_the_counts_a_report_gives_are_the_readers_record(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    for _ in ("S1914M", "F1914M", "W1914A"):
        assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject
    france, germany = players["FRANCE"], players["GERMANY"]
    history = f"HISTORY {GAME} S1914M W1914A"
    told = told_counts(say(talk, france, history).body, "Fall 1914 Movement")
    assert told is not None and sorted(told, reverse=True) == HELD

    _retell(talk, "F1914M", "FRANCE", [9, 8, 7])
    body = say(talk, france, history).body
    assert told_counts(body, "Fall 1914 Movement") == [9, 8, 7], body
    assert "Italy has been eliminated." in report(body, "Fall 1914 Movement")
    # Told in the Autumn only: neither the Spring nor the Winter after repeats them.
    assert told_counts(body, "Spring 1914 Movement") is None
    assert told_counts(body, "Winter 1914 Adjustments") is None
    # Germany's record is untouched: the counts as the turn told them.
    other = say(talk, germany, history).body
    assert sorted(told_counts(other, "Fall 1914 Movement") or [], reverse=True) == HELD
    assert "eliminated" not in other
