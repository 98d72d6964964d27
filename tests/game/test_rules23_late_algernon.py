"""The "phase has moved on" note for a line naming a space its writer learnt after the
start (judge/game/refusals.py `_fitted`): Algernon reads a line against what its writer
knows (variants/algernon/reader.py), so asked whether the line fitted the phase before, it
must be read so too. Read with no record, as the start's, `RT h` did not read, and the
note was left out.

On the demonstration maze ALPHA's rat leaves PZ through portal 4 in Spring 1901 and
arrives in RT, a space he did not know at the start, where it stays unordered in the Fall.
In Winter 1901 ALPHA writes `RT h`, a Fall line that came too late."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.algernon.scenario import A, B, demo
from tests.variants.folder_games import MASTER, started
from variants.algernon.maze import world_of

GAME = "maze"


def _say(talk: Conversation, seat: tuple[str, str], body: str) -> str:
    reply = talk.send(seat[0], f"{seat[1]}\n{body}\n")
    assert reply is not None
    return reply.body


def test_a_late_line_naming_a_space_learnt_later_is_told_late(talk: Conversation) -> None:
    seats = started(talk, "algernon", 5, GAME, 2, {"players": 2}, world_of(demo()))
    _say(talk, seats[A], "DL h\nMN h\nPZ to 4")
    _say(talk, seats[B], "PW h\nQV h\nWG h")
    _say(talk, (MASTER, f"SIGNON M{GAME} gmpw"), "PROCESS S1901M")
    _say(talk, seats[A], "DL h\nMN h")
    _say(talk, seats[B], "PW h\nQV h\nWG h")
    _say(talk, (MASTER, f"SIGNON M{GAME} gmpw"), "PROCESS F1901M")
    body = _say(talk, seats[A], "RT h")
    assert "Winter 1901" in body, body
    assert "The phase has moved on: it is now Winter 1901 Adjustments. This order fits " \
        "Fall 1901 Movement" in body, body
