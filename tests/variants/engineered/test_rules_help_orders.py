"""HELP ORDERS for Engineered (variants/engineered/help-orders.txt) as a newcomer reads it:
its tables show the rules' own orders, and each build they show is legal on a home centre
(tests/commands/test_orders_help.py reads every example of every variant's page)."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.engine.types import ADJUSTMENT
from judge.game.instance import variant_instance
from tests.commands.test_orders_help import examples
from tests.variants.engineered.fighting import FOLDER
from tests.variants.engineered.scenario import ENGINEERED, result, run

COMPLEX = variant_instance("engineered", {"level": "complex"}, 0)
HELP = (FOLDER / "help-orders.txt").read_text(encoding="utf-8")


def test_the_help_has_its_examples() -> None:
    orders = [o for _, o in examples(HELP)]
    assert {"A StP T E Rum", "F War D A Ser-Bud", "F War D A Gal", "A Par M Bur"} <= set(orders)


def test_each_build_example_is_legal_on_a_home_centre_of_some_power() -> None:
    # C1 1b: St Petersburg is no build centre (the help once wrote `build N StP/sc`).
    builds = [o for k, o in examples(HELP) if k == ADJUSTMENT and o.lower().startswith("build ")]
    assert len(builds) >= 4
    for line in builds:
        place = line.split()[2].lower().split("/")[0]
        power = next((p for p, h in ENGINEERED.rules.homes.items() if place in h), None)
        assert power is not None, f"{line}: no power's home centre"
        # A home centre's fighter is C7 7a's, a complex rule (test_heldout4_fighter_builds).
        variant = COMPLEX if line.split()[1].upper() == "F" else ENGINEERED
        turn = run([], {power[:3]: [line]}, "W1902A", variant)  # the start's centres, no unit
        assert result(turn, power[:3], place).outcome == Outcome.SUCCEEDS, line
