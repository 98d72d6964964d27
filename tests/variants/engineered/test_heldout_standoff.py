"""rn45 C7 7d with the 1971 retreat rule: "A Fighter Field has zero moving power and can
only successfully move when unopposed", so two unsupported fighters moving into one empty
area bounce each other, equally supported units trying to occupy one space: a standoff,
and no unit dislodged that season retreats into the area (1971 rules; DATC 6.H.6)."""

from __future__ import annotations

from judge.game.instance import variant_instance
from judge.variant import Variant

from .scenario import board, run

COMPLEX: Variant = variant_instance("engineered", {"level": "complex"}, 0)

# Germany dislodges Austria's army in Galicia (2 against 1) while Russia's and Turkey's
# fighters both try Ukraine, next to Galicia and empty.
UNITS = ["AUS A gal", "GER A sil", "GER A boh", "RUS F mos", "TUR F sev"]
GERMANY = ["A Sil - Gal", "A Boh S A Sil - Gal"]


def _retreats(turn_units: list[str], orders: dict[str, list[str]]) -> set[str]:
    turn = run(turn_units, orders, phase="S1902M", variant=COMPLEX)
    [gone] = turn.position.dislodged
    assert gone.unit.power == "AUSTRIA"
    assert "GER A gal" in board(turn)
    return set(gone.retreats)


def test_two_fighters_bouncing_in_an_empty_area_leave_a_standoff() -> None:
    got = _retreats(UNITS, {"GER": GERMANY, "RUS": ["F Mos - Ukr"], "TUR": ["F Sev - Ukr"]})
    # Not Ukraine (the standoff), Silesia (the attacker's) or Bohemia (held); Warsaw,
    # Rumania, Budapest and Vienna are empty.
    assert got == {"bud", "rum", "vie", "war"}


def test_one_fighter_moving_in_alone_arrives_and_is_no_standoff() -> None:
    turn = run(UNITS, {"GER": GERMANY, "RUS": ["F Mos - Ukr"]}, phase="S1902M",
               variant=COMPLEX)
    assert "RUS F ukr" in board(turn)


def test_a_fighter_bounced_by_a_unit_staying_leaves_no_standoff_elsewhere() -> None:
    # Russia's fighter fails against Turkey's army holding in Rumania: Ukraine, where no
    # move went, stays open to the Austrian army, and Rumania is occupied.
    got = _retreats([*UNITS, "TUR A rum"],
                    {"GER": GERMANY, "RUS": ["F Mos - Rum"], "TUR": ["A Rum H"]})
    assert got == {"bud", "ukr", "vie", "war"}
