"""Armies on 1885-III's islands (issue #16 item 1): the Azores, Ireland and Iceland have
fleet borders only, and an army may stand there all the same ("An Army may occupy Azores",
l.105-106; Ireland a build site for England, l.27-29): provinces.csv `stands = A`. An army
arrives by a fast ferry or a landing, and leaves by a fast ferry or by boarding a fleet; it
retreats only onto its power's fleet next to it (l.71-73)."""

from __future__ import annotations

from collections import Counter

from judge.engine.outcome import Dislodgement, Outcome
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from judge.engine.types import Phase, Unit
from judge.pictures.drawing import load_drawing
from tests.pictures.pixels import colour_at, picture

from .adjudicate import ask, outcomes, units
from .board import V1885, dislodged, move, result, retreat, standing

ISLANDS = ("azo", "ire", "ice")


def test_an_army_fleet_lands_its_army_in_the_azores() -> None:
    # l.50-53: the army lands on a coast next to the A/F's sea; l.105-106 "An Army may
    # occupy Azores".
    out = move(V1885, ["SPAIN AF mao"], {"SPAIN": ["A/F Mao disembarks Azo"]})
    assert standing(out) == {"SPAIN A azo", "SPAIN F mao"}


def test_an_army_lands_in_iceland_from_the_sea_its_army_fleet_sails_to() -> None:
    # l.44-48: board (here: already aboard), sail one sea, land next to the second sea.
    out = move(V1885, ["ENGLAND AF nth"],
               {"ENGLAND": ["A/F Nth - Nwg", "A/F Nth disembarks Ice"]})
    assert standing(out) == {"ENGLAND A ice", "ENGLAND F nwg"}


def test_a_fast_ferry_carries_an_army_to_ireland() -> None:
    # l.34-37: the rulebook's convoy across one sea.
    out = move(V1885, ["ENGLAND A lvp", "ENGLAND F iri"],
               {"ENGLAND": ["A Lvp - Ire", "F Iri C A Lvp - Ire"]})
    assert standing(out) == {"ENGLAND A ire", "ENGLAND F iri"}


def test_a_ferried_army_that_cannot_land_in_ireland_stays_aboard() -> None:
    # l.37-39: "the army remains on board the fleet and an A/F is formed".
    out = move(V1885, ["ENGLAND A lvp", "ENGLAND F iri", "FRANCE A ire"],
               {"ENGLAND": ["A Lvp - Ire", "F Iri C A Lvp - Ire"]})
    assert standing(out) == {"ENGLAND AF iri", "FRANCE A ire"}


def test_an_army_in_ireland_is_not_adjacent_to_anything_by_land() -> None:
    # No army border leads off an island: a move without a fleet is refused.
    out = move(V1885, ["ENGLAND A ire"], {"ENGLAND": ["A Ire - Cly"]})
    assert result(out, "ENGLAND", "Move").outcome == Outcome.ILLEGAL
    assert standing(out) == {"ENGLAND A ire"}


def test_an_army_leaves_iceland_by_boarding_and_lands_the_same_month() -> None:
    # l.44-48: "an army may board a fleet in an adjacent sea space ... the A/F may then
    # move to an adjacent sea space, and the army may then also disembark".
    out = move(V1885, ["ENGLAND A ice", "ENGLAND F nwg"],
               {"ENGLAND": ["A Ice boards F Nwg", "A/F Nwg - Nth", "A/F Nwg disembarks Edi"]})
    assert standing(out) == {"ENGLAND A edi", "ENGLAND F nth"}



def test_an_army_in_ireland_moving_onto_its_fleet_boards_it() -> None:
    # The plain form (docs/variants/1885-iii.md): an army's move onto its power's fleet at
    # sea is its boarding; the A/F then holds in the North Atlantic.
    out = move(V1885, ["ENGLAND A ire", "ENGLAND F nao"], {"ENGLAND": ["A Ire - Nao"]})
    assert standing(out) == {"ENGLAND AF nao"}

def test_an_army_in_the_azores_boards_a_fleet_in_the_box() -> None:
    # l.104-106: the A/F crosses the Box, from the Azores beside it.
    out = move(V1885, ["SPAIN A azo", "SPAIN F hob"],
               {"SPAIN": ["A Azo boards F Hob", "A/F Hob - Red"]})
    assert standing(out) == {"SPAIN AF red"}


def test_the_azores_are_no_way_through_for_an_army_fleet() -> None:
    # l.104-106: "Armies may be convoyed by the A/F method through the High Ocean Box, but
    # not Azores"; an A/F never enters a coast (l.49-50).
    out = move(V1885, ["SPAIN AF mao"], {"SPAIN": ["A/F Mao - Azo"]})
    assert result(out, "SPAIN", "Move").outcome == Outcome.ILLEGAL
    assert standing(out) == {"SPAIN AF mao"}


def test_a_fleet_in_the_azores_ferries_nobody_to_ireland() -> None:
    # Ireland takes the army, so what refuses the move is the Azores: a fleet there is on
    # land, not at sea, and convoys nobody (l.104-106).
    out = move(V1885, ["SPAIN F azo", "SPAIN A por"],
               {"SPAIN": ["F Azo C A Por - Ire", "A Por - Ire"]})
    assert result(out, "SPAIN", "Convoy").outcome == Outcome.ILLEGAL
    assert standing(out) == {"SPAIN F azo", "SPAIN A por"}
    ferried = move(V1885, ["SPAIN F mao", "SPAIN A por"],
                   {"SPAIN": ["F Mao C A Por - Azo", "A Por - Azo"]})
    assert standing(ferried) == {"SPAIN F mao", "SPAIN A azo"}


def _french_army_driven_from_ireland(*more: str) -> tuple[PhaseOutcome, Dislodgement]:
    """England's A/F in the Irish Sea lands in Ireland, supporting its own landing
    (l.55-58), and dislodges the French army there."""
    moved = move(V1885, ["ENGLAND AF iri", "FRANCE A ire", *more],
                 {"ENGLAND": ["A/F Iri disembarks Ire", "A/F Iri S A Iri - Ire"]})
    return moved, dislodged(moved)["FRANCE A ire"]


def test_an_army_dislodged_from_ireland_retreats_onto_its_fleet_at_sea() -> None:
    # l.72-73: "An dislodged army may retreat on to an adjacent fleet in a sea space".
    moved, driven = _french_army_driven_from_ireland("FRANCE F nao")
    assert driven.retreats == ("nao",)
    out = retreat(V1885, moved, {"FRANCE": ["A Ire - Nao"]})
    assert {"FRANCE AF nao", "ENGLAND A ire", "ENGLAND F iri"} <= standing(out)


def test_just_s_rule_puts_the_army_on_its_fleet_when_no_retreat_is_ordered() -> None:
    # l.83-87: the unit retreats by Just's Right-Hand Rule when no order is given.
    moved, _ = _french_army_driven_from_ireland("FRANCE F nao")
    out = retreat(V1885, moved, {})
    assert "FRANCE AF nao" in standing(out)


def test_a_fleet_supports_the_army_in_ireland_and_the_army_supports_nothing() -> None:
    # A fleet next to the island reaches it, so it may support the army there to hold;
    # the army reaches no province by land, so its own support is refused.
    moved = move(V1885, ["ENGLAND AF iri", "FRANCE A ire", "FRANCE F nao"],
                 {"ENGLAND": ["A/F Iri disembarks Ire", "A/F Iri S A Iri - Ire"],
                  "FRANCE": ["F Nao S A Ire", "A Ire S F Nao"]})
    assert result(moved, "FRANCE", "loc='nao'").outcome == Outcome.SUCCEEDS
    assert result(moved, "FRANCE", "loc='ire'").outcome == Outcome.ILLEGAL
    assert not dislodged(moved)
    assert {"FRANCE A ire", "ENGLAND AF iri"} <= standing(moved)


def test_an_army_dislodged_from_ireland_without_a_fleet_is_disbanded() -> None:
    # l.86-87: "A unit will only be disbanded if no retreat is possible."
    moved, driven = _french_army_driven_from_ireland()
    assert driven.retreats == ()
    out = retreat(V1885, moved, {})
    assert not any(u.startswith("FRANCE") for u in standing(out))


def test_england_builds_an_army_in_ireland() -> None:
    # l.27-29: Ireland is England's build site while she owns it; an army may stand there.
    centres = {"ENGLAND": ["lon", "edi", "lvp", "ire"]}
    reply = ask({"phase": "SEPB1885A", "units": units("ENGLAND F lon"), "centers": centres,
                 "orders": {"ENGLAND": ["build A ire"]}})
    assert ("ENGLAND", "build A ire", "succeeds") in outcomes(reply)
    assert {"power": "ENGLAND", "type": "A", "loc": "ire"} in reply["units"]


def test_an_army_may_be_placed_on_every_island_through_judge_adjudicate() -> None:
    placed = [f"SPAIN A {island}" for island in ISLANDS]
    reply = ask({"phase": "JAN1885M", "units": units(*placed), "centers": {}, "orders": {}})
    assert {(u["type"], u["loc"]) for u in reply["units"]} == {("A", i) for i in ISLANDS}


def _french_army_driven_from_the_azores(*more: str) -> PhaseOutcome:
    """Spain lands in the Azores from the Mid-Atlantic, supported from the North Atlantic;
    the French army there has its fleets (and England one) in the Box beside it."""
    return move(V1885, ["SPAIN AF mao", "SPAIN F nao", "FRANCE A azo", *more],
                {"SPAIN": ["A/F Mao disembarks Azo", "F Nao S A Mao - Azo"]})


def _units(outcome: PhaseOutcome) -> Counter[str]:
    return Counter(f"{u.power} {u.kind} {u.loc}" for u in outcome.position.units)


def test_an_army_driven_from_the_azores_boards_one_of_its_own_fleets_in_the_box() -> None:
    # l.72-73: the army retreats "on to an adjacent fleet in a sea space": one fleet, its
    # power's; the other fleets in the Box stay as they were.
    moved = _french_army_driven_from_the_azores("FRANCE F hob", "FRANCE F hob",
                                                "ENGLAND F hob")
    assert dislodged(moved)["FRANCE A azo"].retreats == ("hob",)
    out = retreat(V1885, moved, {"FRANCE": ["A Azo - Hob"]})
    assert _units(out) == Counter({"FRANCE AF hob": 1, "FRANCE F hob": 1, "ENGLAND F hob": 1,
                                   "SPAIN A azo": 1, "SPAIN F mao": 1, "SPAIN F nao": 1})


def test_an_army_retreating_into_the_box_meets_no_fleet_retreating_there() -> None:
    # l.100-101: "a move to the Box can never fail": the English fleet dislodged from the
    # South Atlantic and the French army from the Azores both go in.
    both = move(V1885, ["SPAIN AF mao", "SPAIN F nao", "FRANCE A azo", "FRANCE F hob",
                        "ENGLAND F sao", "SPAIN F als", "SPAIN F mor"],
                {"SPAIN": ["A/F Mao disembarks Azo", "F Nao S A Mao - Azo", "F Als - Sao",
                           "F Mor S F Als - Sao"]})
    assert set(dislodged(both)) == {"FRANCE A azo", "ENGLAND F sao"}
    out = retreat(V1885, both, {"FRANCE": ["A Azo - Hob"], "ENGLAND": ["F Sao - Hob"]})
    assert {"FRANCE AF hob", "ENGLAND F hob"} <= standing(out)


def test_an_army_attacked_from_the_box_does_not_retreat_into_it() -> None:
    # The regular rules: no retreat to the province the attack came from; as for a fleet
    # next to the Box (docs/variants/1885-iii.md, the High Ocean Box).
    moved = move(V1885, ["SPAIN AF hob", "SPAIN F mao", "FRANCE A azo", "FRANCE F hob"],
                 {"SPAIN": ["A/F Hob disembarks Azo", "F Mao S A Hob - Azo"]})
    assert dislodged(moved)["FRANCE A azo"].retreats == ()


def test_the_picture_draws_an_army_on_each_island() -> None:
    units = tuple(Unit(power, "A", island)
                  for power, island in zip(("SPAIN", "ENGLAND", "FRANCE"), ISLANDS, strict=True))
    image = picture(V1885, Position(Phase.parse("JAN1885M"), units, {}))
    drawing = load_drawing(V1885)
    for unit in units:
        at = drawing.anchor(unit.loc)
        assert at is not None
        assert colour_at(image, drawing, at) == f"{unit.power} unit"
