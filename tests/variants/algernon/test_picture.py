"""Issue #17: the maze drawn as a graph, the master's whole and each player's part."""

from __future__ import annotations

import re

from tests.variants.algernon.scenario import A, demo
from variants.algernon.known import initial
from variants.algernon.picture import graph_svg, whole


def names(svg: str) -> set[str]:
    return set(re.findall(r'text-anchor="middle">([A-Z]{2})<', svg))


def test_a_player_sees_only_what_he_knows() -> None:
    drawn = graph_svg(initial(demo(), A), ["DL"])
    assert names(drawn) == {"DL", "MN", "PZ"}
    assert drawn.count("<line ") == 3  # the three portals that join his homes (rule 4)
    assert drawn.count('stroke-width="3"') == 1  # his rat in DL


def test_the_master_sees_the_whole_maze() -> None:
    drawn = graph_svg(whole(demo()))
    assert names(drawn) == set(demo().spaces)
    portals = sum(len(s.portals) for s in demo().spaces.values())
    assert drawn.count("<line ") == portals // 2  # each two-way portal once
