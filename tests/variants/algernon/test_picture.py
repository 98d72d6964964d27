"""Issue #17 item 2: the maze drawn through the board renderer (judge/pictures) for each
reader: the master's whole maze, a player's discovered part, nothing for an observer."""

from __future__ import annotations

import re

from judge.engine.visibility import Viewer
from judge.game.seat_board import board_known
from judge.pictures.files import board_picture, drawing_for
from judge.variant_loader import load_variant
from tests.variants.algernon.scenario import A, B, board, demo
from variants.algernon.known import initial, learn
from variants.algernon.mazecheck import PLAIN
from variants.algernon.sight import Entry

VARIANT = load_variant("algernon")  # the demonstration maze (demo.maze)


def labels(svg: str) -> set[str]:
    return set(re.findall(r">([A-Z]{2})</text>", svg))


def portal_lines(svg: str) -> int:
    return len(re.findall(r'<path d="M[\d.]+,[\d.]+L[\d.]+,[\d.]+" fill="none"', svg))


def test_a_player_sees_his_homes_and_the_portals_that_join_them() -> None:
    """Rule 4: A knows DL, MN and PZ and the three portals between them."""
    start = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]})
    picture = board_picture(VARIANT, "maze: start", start, Viewer.player(A))
    assert labels(picture.svg) == {"DL", "MN", "PZ"}
    assert portal_lines(picture.svg) == 3
    assert picture.svg.count('data-kind="R"') == 3  # his rats, not B's
    assert picture.png.startswith(b"\x89PNG")


def test_what_he_learns_is_drawn_and_nothing_more() -> None:
    """Rule 6: trying DL4 he learns VT, which he came into through VT1; VT's other
    portals stay undrawn."""
    chart = learn(initial(demo(), A), [Entry(A, "DL", 4, "VT", 1, 0, "", 6, ())], PLAIN)
    position = board({A: ["DL"]}, charts={A: {k: chart[k] for k in ("spaces", "links")}})
    svg = board_picture(VARIANT, "t", position, Viewer.player(A)).svg
    assert labels(svg) == {"DL", "MN", "PZ", "VT"}
    assert portal_lines(svg) == 4


def test_the_master_sees_the_whole_maze() -> None:
    start = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]})
    svg = board_picture(VARIANT, "t", start, Viewer.master()).svg
    assert labels(svg) == set(demo().spaces)
    portals = sum(len(s.portals) for s in demo().spaces.values())
    assert portal_lines(svg) == portals // 2  # each two-way portal once
    assert svg.count('data-kind="R"') == 6


def test_an_observer_is_drawn_no_maze() -> None:
    start = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]})
    drawing = drawing_for(VARIANT, start, Viewer.observer())
    assert not drawing.places and not drawing.shapes


def test_the_legend_names_only_the_players() -> None:
    start = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]})
    svg = board_picture(VARIANT, "t", start, Viewer.player(A)).svg
    legend = re.findall(r'data-power="([A-Z]+)">([A-Za-z]+ [\d?]+)<', svg)
    # Rule 7 publishes the counts in the text; his board shows no owners (secrecy.py).
    assert legend == [("ALPHA", "Alpha ?"), ("BRAVO", "Bravo ?")]


def test_a_players_picture_draws_his_knowledge_record() -> None:
    """Issue #12 item 4: the picture of a seat's board draws the map his stored record
    keeps (judge/game/seat_board.py), not the charts kept in the position."""
    record = learn(initial(demo(), A), [Entry(A, "DL", 4, "VT", 1, 0, "", 6, ())], PLAIN)
    position = board({A: ["DL"]})  # no chart in the position: rule 4's start
    known = board_known(VARIANT.rules, position, Viewer.player(A), record)
    svg = board_picture(VARIANT, "t", position, Viewer.player(A), known).svg
    assert labels(svg) == {"DL", "MN", "PZ", "VT"}
    assert labels(board_picture(VARIANT, "t", position, Viewer.player(A)).svg) == \
        {"DL", "MN", "PZ"}
