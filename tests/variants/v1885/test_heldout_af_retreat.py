"""An A/F retreated by Just's Right-Hand Rule (l.71-72, 83-87) when the rule's first open
space is a coast (the option `af_retreat`), and the fleet that takes aboard an army two
fast ferries carried (l.37-39); predicted from the rules text."""

from __future__ import annotations

import pytest

from judge.game.instance import variant_instance

from .adjudicate import ask, board, units
from .board import V1885, move, retreat, standing

# France takes the Channel from Brest with the Mid-Atlantic's support. Round the Channel
# clockwise (clockwise.csv): Lon Nth Pic Bel Bre Mao Iri Wal. From Brest the rule's order
# is Mao (first right: France's supporter), Bel (first left: an empty coast), Iri (second
# right: an empty sea), Pic, Wal, Nth, Lon.
CHANNEL = ["ENGLAND AF eng", "FRANCE F bre", "FRANCE F mao"]
ATTACK = {"FRANCE": ["F Bre - Eng", "F Mao S F Bre - Eng"]}


def england_after(options: dict[str, str], *more: str) -> set[str]:
    """England's units once the A/F, given no retreat order, is retreated by the rule."""
    variant = variant_instance("1885", options, 0)
    hold = {"FRANCE": [*ATTACK["FRANCE"], *(f"F {u.split()[-1]} H" for u in more)]}
    out = retreat(variant, move(variant, [*CHANNEL, *more], hold), {})
    return {u for u in standing(out) if u.startswith("ENGLAND")}


@pytest.mark.parametrize("options", [{}, {"af_retreat": "seas_first"}])
def test_by_default_the_rule_takes_the_first_open_sea_and_keeps_the_army(
        options: dict[str, str]) -> None:
    # "If an A/F is forced to retreat to a coastal space ... the army is disbanded": with
    # the Irish Sea open it is not forced, and "A unit will only be disbanded if no
    # retreat is possible" (l.86-87): Iri, passing over Belgium.
    assert england_after(options) == {"ENGLAND AF iri"}


def test_with_every_sea_taken_the_rule_sends_it_ashore_and_the_army_drowns() -> None:
    # French fleets hold the North Sea and the Irish Sea: forced to a coast, the first
    # open one in the rule's order, Belgium; the A/F reverts to a fleet (l.71-72).
    assert england_after({}, "FRANCE F nth", "FRANCE F iri") == {"ENGLAND F bel"}


def test_af_retreat_right_hand_walks_coasts_and_seas_alike() -> None:
    # The other reading: the rule's first open space, Belgium, though the Irish Sea is open.
    assert england_after({"af_retreat": "right_hand"}) == {"ENGLAND F bel"}


@pytest.mark.parametrize("fleets", [["ENGLAND F eng", "ENGLAND F nth"],
                                    ["ENGLAND F nth", "ENGLAND F eng"]])
def test_of_two_fast_ferries_for_an_army_that_cannot_land_the_first_sea_by_name_takes_it(
        fleets: list[str]) -> None:
    # l.37-39: "If a fleet attempts to FF an army, but is unable to disembark the army,
    # then the army remains on board the fleet": two ferries, one army bounced by Belgium's
    # holder. The text names one fleet; the judge's reading: the sea first by its name,
    # Eng before Nth, however the board happens to list the fleets.
    out = move(V1885, ["ENGLAND A lon", *fleets, "FRANCE A bel"],
               {"ENGLAND": ["A Lon - Bel", "F Nth C A Lon - Bel", "F Eng C A Lon - Bel"],
                "FRANCE": ["A Bel H"]})
    assert standing(out) == {"ENGLAND AF eng", "ENGLAND F nth", "FRANCE A bel"}


@pytest.mark.parametrize(("state", "english"), [({}, {"ENGLAND AF iri"}),
                                                ({"af_retreat": "right_hand"}, {"ENGLAND F bel"})])
def test_judge_adjudicate_takes_the_reading_from_the_requests_state(
        state: dict[str, str], english: set[str]) -> None:
    # docs/adjudicate.md: the game's options in the request's state, as REQUEST_OPTIONS
    # names them; the Channel's A/F as above.
    moved = ask({"phase": "JAN1885M", "units": units(*CHANNEL), "orders": ATTACK,
                 "state": state})
    reply = ask({"phase": "JAN1885R", "units": moved["units"], "dislodged": moved["dislodged"],
                 "orders": {}, "state": state})
    assert {u for u in board(reply) if u.startswith("ENGLAND")} == english
