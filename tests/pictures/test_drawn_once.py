"""A turn's readers who may see the same board and events get one drawing (issue #18: a
standard game's eight reports drew the same picture eight times); readers who see
different things never share one."""

from __future__ import annotations

from judge.engine.visibility import Viewer
from judge.pictures.files import turn_picture
from tests.pictures import scenarios

STANDARD = scenarios.STANDARD


def test_readers_who_see_the_same_share_one_drawing() -> None:
    position, events = scenarios.movement()
    france = turn_picture(STANDARD, "alpha: Fall 1901", position.phase, events, position,
                          Viewer.player("FRANCE"))
    master = turn_picture(STANDARD, "alpha: Fall 1901", position.phase, events, position,
                          Viewer.master())
    assert master is france


def test_another_title_or_other_events_are_drawn_again() -> None:
    position, events = scenarios.movement()
    first = turn_picture(STANDARD, "alpha: Fall 1901", position.phase, events, position,
                         Viewer.player("FRANCE"))
    other_game = turn_picture(STANDARD, "beta: Fall 1901", position.phase, events, position,
                              Viewer.player("FRANCE"))
    no_orders = turn_picture(STANDARD, "alpha: Fall 1901", position.phase, (), position,
                             Viewer.player("FRANCE"))
    assert other_game is not first and "beta: Fall 1901" in other_game.svg
    assert "polyline" in first.svg and "polyline" not in no_orders.svg
