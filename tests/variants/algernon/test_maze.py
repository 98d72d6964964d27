"""Issue #17 item 1: the maze as data (rules 3, 4), its text format and its checker."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from variants.algernon.maze import MazeError, format_maze, parse_maze, world_of
from variants.algernon.mazecheck import PLAIN, Reading, check_maze, homes_named, read_maze
from variants.algernon.source import DEMO, power_spellings

FOLDER = Path(DEMO).parent
POWERS = power_spellings()
# Two players, one home each, a corridor between them: the smallest playable maze.
SMALL = """
# space value home portals
AX 1 A  MQ/1
MQ 0 -  AX/1 BZ/1
BZ 1 B  MQ/2
"""


def problems(text: str, players: int | None = None, reading: Reading = PLAIN) -> list[str]:
    return check_maze(homes_named(parse_maze(text), POWERS), players, reading)


def test_the_small_maze_is_playable_and_reads_back_as_written() -> None:
    maze = read_maze(SMALL, POWERS, players=2)
    assert maze.portal("MQ", 2) is not None and str(maze.portal("MQ", 2)) == "BZ/1"
    assert maze.homes("ALPHA") == ["AX"] and maze.homes("BRAVO") == ["BZ"]
    assert parse_maze(format_maze(maze)) == maze


def test_the_demonstration_maze_has_rule_4s_homes() -> None:
    maze = read_maze(DEMO.read_text(), POWERS, players=2)
    assert sorted(maze.homes("ALPHA")) == ["DL", "MN", "PZ"]
    assert sorted(maze.homes("BRAVO")) == ["PW", "QV", "WG"]
    assert str(maze.portal("PZ", 2)).startswith("JC/")  # rule 5: PZ2 leads to JC


def test_the_folder_map_is_the_demonstration_maze() -> None:
    world = world_of(homes_named(parse_maze(DEMO.read_text()), POWERS))
    with open(FOLDER / "provinces.csv", newline="") as f:
        rows = [(r["id"], r["name"], int(r["supply"]), r["home"]) for r in csv.DictReader(f)]
    assert rows == [(p["id"], p["name"], p["supply"], p["home"]) for p in world["provinces"]]
    with open(FOLDER / "borders.csv", newline="") as f:
        pairs = [(r["a"], r["b"]) for r in csv.DictReader(f)]
    assert pairs == [(b["a"], b["b"]) for b in world["borders"]]


def test_unreadable_lines_are_named_by_number() -> None:
    with pytest.raises(MazeError) as e:
        parse_maze("AX 1 A MQ/1\nMQ x -\nBZ 1 B MQ2\nAX 1 A MQ/1 # again\n")
    assert e.value.problems == (
        "line 2: the centre value of MQ must be a number, not 'x'",
        "line 3: portal 1 of BZ must be written SPACE/PORTAL (e.g. MN/2), not 'MQ2'",
        "line 4: space AX is written twice")


def test_dangling_portals() -> None:
    assert problems(SMALL.replace("BZ/1\n", "BZ/1 QQ/1\n", 1)) == [
        "portal 3 of MQ dangles: it leads to QQ, which is not a space"]
    assert problems(SMALL.replace("AX/1 BZ/1", "AX/1 BZ/2")) == [
        "portal 2 of MQ dangles: it arrives through portal 2 of BZ, which has 1 portals",
        "portal 1 of BZ arrives through MQ/2, which leads to BZ/2, not back to BZ/1 "
        "(portals are two-way unless one_way=yes)"]


def test_a_portal_that_does_not_lead_back() -> None:
    text = SMALL.replace("AX 1 A  MQ/1", "AX 1 A  MQ/2")
    assert problems(text) == [
        "portal 1 of AX arrives through MQ/2, which leads to BZ/1, not back to AX/1 "
        "(portals are two-way unless one_way=yes)",
        "portal 1 of MQ arrives through AX/1, which leads to MQ/2, not back to MQ/1 "
        "(portals are two-way unless one_way=yes)"]
    assert problems(text, reading=Reading(one_way=True)) == []


def test_a_portal_into_its_own_space_is_an_option() -> None:
    text = SMALL.replace("MQ 0 -  AX/1 BZ/1", "MQ 0 -  AX/1 BZ/1 MQ/4 MQ/3")
    assert problems(text) == [
        "portal 3 of MQ leads back into MQ (allowed only with self_portals=yes)",
        "portal 4 of MQ leads back into MQ (allowed only with self_portals=yes)"]
    assert problems(text, reading=Reading(self_portals=True)) == []


def test_unreachable_spaces() -> None:
    text = SMALL + "IS 1 - OL/1\nOL 0 - IS/1\n"
    assert problems(text) == ["no portal path from any home reaches IS, OL"]


def test_homes_per_player() -> None:
    text = SMALL.replace("MQ 0 -", "MQ 1 A")
    assert problems(text, players=3) == [
        "players have different numbers of homes (ALPHA 2, BRAVO 1): each must have as "
        "many as the others", "the maze has homes for 2 players, the game has 3"]
    assert problems(SMALL.replace("BZ 1 B", "BZ 0 B")) == [
        "home BZ of BRAVO is not a supply centre (its value is 0)"]
    with pytest.raises(MazeError, match="home owner Q is not a power"):
        read_maze(SMALL.replace("BZ 1 B", "BZ 1 Q"), POWERS)


def test_names_give_nothing_away_and_are_not_order_words() -> None:
    text = SMALL.replace("MQ", "TO").replace("BZ", "12")
    assert problems(text) == [
        "space TO: a name is a letter and up to 7 letters or digits, not an order word "
        "(BUILD, END, GET, H, HOLD, MAP, S, SET, SUPPORT, SUPPORTS, TO)",
        "space 12: a name is a letter and up to 7 letters or digits, not an order word "
        "(BUILD, END, GET, H, HOLD, MAP, S, SET, SUPPORT, SUPPORTS, TO)"]
