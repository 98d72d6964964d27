"""The 1971 rules' land fallback (judge/engine/movement.py, `_overland`): DATC 4.A.3 a reads
the 1971 rulebook as taking a convoy to an adjacent province only for a swap, and "if
unwanted convoys are prevented as much as possible, it will not take the convoy if it is
disrupted" (6.G.4): the army goes by land, head to head with the unit moving back."""

from __future__ import annotations

from judge.engine.orders import Convoy, Move, Order, Support
from judge.engine.position import Position
from judge.engine.rulebook import AdjacentConvoy
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.variant import with_rulebook
from judge.variant_loader import load_variant

RULE_1971 = with_rulebook(load_variant("standard"), adjacent_convoy=AdjacentConvoy.RULE_1971)


def _play(units: list[tuple[str, str, str]], orders: dict[str, list[Order]]) -> TurnResult:
    board = Position(Phase.parse("S1901M"), tuple(Unit(*u) for u in units), {})
    return adjudicate(RULE_1971.rules, board, orders)


def _outcome(turn: TurnResult, order: Order) -> str:
    [found] = [r.outcome.value for r in turn.results if r.order == order]
    return found


G4_UNITS = [("FRANCE", "F", "bre"), ("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"),
            ("FRANCE", "F", "mao"), ("ENGLAND", "F", "eng"), ("ENGLAND", "A", "bel")]


def test_a_disrupted_kidnapping_convoy_leaves_the_army_the_land_route() -> None:
    """DATC 6.G.4: "So, the move of the army in Picardy will succeed": by land, supported
    from Burgundy (2 against 1), it dislodges the English army moving back."""
    pic, convoy = Move("pic", "bel"), Convoy("eng", "pic", "bel")
    turn = _play(G4_UNITS, {
        "FRANCE": [Move("bre", "eng"), pic, Support("bur", "pic", "bel"),
                   Support("mao", "bre", "eng")],
        "ENGLAND": [convoy, Move("bel", "pic")]})
    assert _outcome(turn, pic) == "succeeds"
    assert _outcome(turn, convoy) == "fails"  # told as a convoy that failed, not as void
    assert sorted(str(d.unit) for d in turn.position.dislodged) == ["A bel", "F eng"]
    assert {"A bel", "F eng"} <= {str(u) for u in turn.position.units}


def test_by_land_the_two_armies_meet_head_to_head() -> None:
    """6.G.4 with an English army in Paris supporting Belgium back: by land it is a
    head-to-head battle of 2 against 2 and neither army moves. (Were Picardy's move still
    the disrupted convoy, it would have no effect, and Belgium's 2 would dislodge the army
    left in Picardy.)"""
    pic, bel = Move("pic", "bel"), Move("bel", "pic")
    turn = _play([*G4_UNITS, ("ENGLAND", "A", "par")], {
        "FRANCE": [Move("bre", "eng"), pic, Support("bur", "pic", "bel"),
                   Support("mao", "bre", "eng")],
        "ENGLAND": [Convoy("eng", "pic", "bel"), bel, Support("par", "bel", "pic")]})
    assert _outcome(turn, pic) == "fails" and _outcome(turn, bel) == "fails"
    assert [str(d.unit) for d in turn.position.dislodged] == ["F eng"]
    assert {"A pic", "A bel"} <= {str(u) for u in turn.position.units}


def test_a_convoy_that_holds_still_kidnaps() -> None:
    """The fallback only when the convoy fails: with the Channel not attacked, the 1971
    swap stands (DATC 6.G.2's reading), Picardy and Belgium exchange places."""
    pic = Move("pic", "bel")
    turn = _play([u for u in G4_UNITS if u[2] not in ("bre", "mao", "bur")], {
        "FRANCE": [pic], "ENGLAND": [Convoy("eng", "pic", "bel"), Move("bel", "pic")]})
    assert _outcome(turn, pic) == "succeeds"
    assert {("FRANCE", "bel"), ("ENGLAND", "pic")} <= {
        (u.power, u.loc) for u in turn.position.units}
