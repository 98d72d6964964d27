"""Held-out scenarios (rules18b) on the demonstration maze (demo.maze: VT's portals 1-6
lead to DL, PW, SQ, MK, RT and BN; KB2 and WG1 lead into PW), predicted from the rules
text: I.B.1-2's retreats and rule 9's builds in a home somebody stumbled into."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from judge.engine.orders import Hold, Order
from judge.engine.outcome import Outcome, Reason
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.types import MOVEMENT
from judge.game.instance import variant_instance
from judge.grammar.reader import ANYONE, reader_for
from tests.variants.algernon.scenario import A, B, at, board, demo, move, result, rules
from variants.algernon.builds import ListedBuilds
from variants.algernon.maze import world_of
from variants.algernon.orders import PortalMove, PortalSupport, RetreatList

# DL attacks VT with SQ's support: VT1 leads back to the attacker (closed), VT3 to SQ
# (occupied); VT2 leads to the empty PW.
ATTACK: list[Order] = [PortalMove("dl", 4), PortalSupport("sq", 3, "dl", 4)]
BEATEN = board({A: ["DL", "SQ"], B: ["VT"]})
ONLY_SQ: dict[str, list[Order]] = {A: ATTACK, B: [Hold("vt"), RetreatList("vt", (3,))]}


def test_a_list_with_no_open_portal_destroys_the_rat_by_default() -> None:
    """I.B.1: the GM's first open portal is for a player who wrote no list ("If he
    doesn't"); B wrote VT(3), whose portal leads into A's SQ: the rat is destroyed
    (rule 1: a retreat that cannot be made disbands), not sent out of VT2."""
    out = move(BEATEN, ONLY_SQ)
    destroyed = result(out, "VT destroyed")
    assert destroyed.outcome == Outcome.SUCCEEDS
    # The reply says why without claiming that VT had no open portal at all (VT2 was).
    assert destroyed.message == "no portal of its retreat list was open"
    assert at(out.position) == {A: ["SQ", "VT"]}


def by_option(options: Mapping[str, object], position: Position,
              orders: Mapping[str, Sequence[str]]) -> PhaseOutcome:
    """The moves, written as a player writes them, of a game with `options` played on the
    demonstration maze."""
    game = variant_instance("algernon", options, 0, world_of(demo()))
    reader = reader_for(game)
    read = {p: [reader.read(line, MOVEMENT, ANYONE) for line in lines]
            for p, lines in orders.items()}
    return game.rules.handler(position.phase).adjudicate(game.rules, position, read)


WRITTEN = {A: ["DL to 4", "SQ s 3 (DL to 4)"], B: ["VT h", "VT(3)"]}


@pytest.mark.parametrize(("options", "state"), [({"retreat_fallback": True}, {}),
                                                ({}, {"retreat_fallback": True})])
def test_retreat_fallback_goes_on_to_the_first_open_portal(
        options: dict[str, object], state: dict[str, object]) -> None:
    """retreat_fallback=yes (the game's option, or the state's for judge adjudicate):
    after VT(3) fails, I.B.1's order from portal 1: VT1 is the attacker's DL, VT2 the
    empty PW."""
    out = by_option(options, BEATEN._replace(state=state), WRITTEN)
    assert result(out, "VT retreats out portal 2").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["SQ", "VT"], B: ["PW"]}


def test_the_option_is_off_unless_chosen() -> None:
    out = by_option({}, BEATEN, WRITTEN)
    assert result(out, "VT destroyed").outcome == Outcome.SUCCEEDS
    assert B not in at(out.position)


def test_a_listed_portal_the_space_lacks_is_passed_over() -> None:
    """I.B.2 with VT(9,2): VT has six portals; the list goes on to portal 2, into PW."""
    out = move(BEATEN, {A: ATTACK, B: [RetreatList("vt", (9, 2))]})
    assert result(out, "VT retreats out portal 2").outcome == Outcome.SUCCEEDS
    assert at(out.position)[B] == ["PW"]


def test_the_first_open_portal_skips_a_space_left_empty_by_a_standoff() -> None:
    """I.B.1 with rule 1 (a unit may not retreat where a standoff happened): A's KB and
    B's WG bounce in PW, so VT2 is closed; VT3 leads into A's SQ; VT4 into the empty
    MK."""
    out = move(board({A: ["DL", "SQ", "KB"], B: ["VT", "WG"]}),
               {A: [*ATTACK, PortalMove("kb", 2)], B: [PortalMove("wg", 1)]})
    assert result(out, "KB to 2").reason == Reason.BOUNCED
    assert result(out, "VT retreats out portal 4").outcome == Outcome.SUCCEEDS
    assert at(out.position) == {A: ["KB", "SQ", "VT"], B: ["MK", "WG"]}


def test_a_build_skips_the_listed_home_another_player_stumbled_into() -> None:
    """Rule 9: B's rat stands in A's home DL and B owns it after the Fall; A owns MN, PZ,
    RT and BN with three rats, so one build; Build DL, PZ builds in PZ. B owns four with
    two rats: his two builds go to his free homes QV and WG, never to A's DL (rule 1)."""
    owners = {"dl": B, "mn": A, "pz": A, "rt": A, "bn": A, "pw": B, "qv": B, "wg": B}
    position = board({A: ["MN", "VT", "JC"], B: ["DL", "PW"]}, "W1901A", owners,
                     build_lists={A: ["dl", "pz"]})
    out = ListedBuilds().adjudicate(rules(), position, {})
    assert at(out.position)[A] == ["JC", "MN", "PZ", "VT"]
    assert at(out.position)[B] == ["DL", "PW", "QV", "WG"]
