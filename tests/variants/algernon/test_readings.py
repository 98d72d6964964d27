"""Issue #17: the readings the rules leave open, as game options (docs/variants/
algernon.md): one-way portals and portals into their own space."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.engine.types import MOVEMENT
from judge.engine.visibility import Viewer
from judge.game.instance import variant_instance
from judge.grammar.reader import ANYONE, reader_for
from tests.variants.algernon.scenario import A, board, demo
from variants.algernon.maze import world_of
from variants.algernon.mazecheck import Reading, read_maze
from variants.algernon.secrecy import Remember
from variants.algernon.sight import Entry
from variants.algernon.source import power_spellings

# AX's portal 2 leads back into AX, through that same portal.
LOOPED = """
AX 1 A  BZ/1 AX/2
BZ 1 B  AX/1
"""


def test_a_portal_into_its_own_space_is_a_hold() -> None:
    reading = Reading(self_portals=True)
    maze = read_maze(LOOPED, power_spellings(), 2, reading)
    game = variant_instance("algernon", {"self_portals": True}, 0, world_of(maze))
    order = reader_for(game).read("AX to 2", MOVEMENT, ANYONE)
    out = game.rules.handler(game.start.phase).adjudicate(
        game.rules, game.start, {A: [order]})
    [mine] = [r for r in out.results if r.power == A]
    assert (mine.text, mine.outcome) == ("AX to 2", Outcome.SUCCEEDS)
    assert {u.loc for u in out.position.units if u.power == A} == {"ax"}


def test_one_way_portals_are_learnt_one_way() -> None:
    entered = Entry(A, "PZ", 2, "JC", 1, 0, "", 3)
    after = board({A: ["JC"]})
    two_way = Remember(demo(), Reading())({}, Viewer.player(A), after.phase, (entered,), after)
    one_way = Remember(demo(), Reading(one_way=True))({}, Viewer.player(A), after.phase,
                                                        (entered,), after)
    assert two_way["links"]["JC/1"] == "PZ/2"
    assert one_way["links"]["PZ/2"] == "JC/1" and "JC/1" not in one_way["links"]
