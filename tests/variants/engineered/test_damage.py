"""Damage (rn45 C7 7f, 7g), worked out by hand from the rules; the 7g example exactly as
the rules state it."""

from __future__ import annotations

import pytest

from judge.grammar.notation import order_text, result_tag
from judge.grammar.reader import Writer, reader_for
from tests.variants.engineered.fighting import (
    BOUNCED,
    COMPLEX,
    CUT,
    SIMPLE,
    SUCCEEDS,
    VOID,
    board,
    dislodged,
    outcome,
    refusal,
    result,
    run,
)

# 7g: "F Rum S A Ser-Bud, F Sev S A Ser-Bud, F War D A Ser-Bud, A Bud H".
UNITS_7G = ["TURKEY A ser", "TURKEY F rum", "TURKEY F sev", "RUSSIA F war", "AUSTRIA A bud"]
ORDERS_7G = {"TURKEY": ["F Rum S A Ser-Bud", "F Sev S A Ser-Bud", "A Ser-Bud"],
             "RUSSIA": ["F War D A Ser-Bud"], "AUSTRIA": ["A Bud H"]}


def test_7g_the_damage_defeats_both_fighter_supports_and_a_bud_holds() -> None:
    turn = run(UNITS_7G, ORDERS_7G)
    assert outcome(turn, "bud") == SUCCEEDS  # "here A Bud hold succeeds"
    assert outcome(turn, "ser") == BOUNCED
    assert outcome(turn, "rum") == CUT
    assert outcome(turn, "sev") == CUT
    assert outcome(turn, "war") == SUCCEEDS
    assert "AUSTRIA A bud" in board(turn) and not dislodged(turn)


def test_7g_add_a_gal_and_a_bud_is_dislodged() -> None:
    orders = {**ORDERS_7G, "TURKEY": [*ORDERS_7G["TURKEY"], "A Gal S A Ser-Bud"]}
    turn = run([*UNITS_7G, "TURKEY A gal"], orders)
    # The damage no longer affects the army's support: A Ser 1 + A Gal 1 against A Bud 1.
    assert outcome(turn, "gal") == SUCCEEDS
    assert outcome(turn, "rum") == CUT and outcome(turn, "sev") == CUT
    assert outcome(turn, "ser") == SUCCEEDS
    assert dislodged(turn) == {"AUSTRIA A bud"}
    assert "TURKEY A bud" in board(turn)


def test_7g_take_away_the_two_fighter_supports_and_a_ser_bud_fails() -> None:
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Ser-Bud"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert outcome(turn, "gal") == CUT  # 7f (1): all supports of the damaged move
    assert outcome(turn, "ser") == BOUNCED
    assert not dislodged(turn)


def test_damage_of_a_holding_unit_cuts_the_supports_of_it() -> None:
    # 7f (2): A Vie's support of A Bud is cut, so A Ser with A Rum's support dislodges it.
    units = ["TURKEY A ser", "TURKEY A rum", "AUSTRIA A bud", "AUSTRIA A vie", "RUSSIA F war"]
    orders = {"TURKEY": ["A Ser-Bud", "A Rum S A Ser-Bud"], "RUSSIA": ["F War D A Bud"],
              "AUSTRIA": ["A Bud H", "A Vie S A Bud"]}
    turn = run(units, orders)
    assert outcome(turn, "vie") == CUT
    assert outcome(turn, "rum") == SUCCEEDS
    assert dislodged(turn) == {"AUSTRIA A bud"}


def test_without_the_damage_the_held_unit_stays() -> None:
    units = ["TURKEY A ser", "TURKEY A rum", "AUSTRIA A bud", "AUSTRIA A vie"]
    orders = {"TURKEY": ["A Ser-Bud", "A Rum S A Ser-Bud"],
              "AUSTRIA": ["A Bud H", "A Vie S A Bud"]}
    turn = run(units, orders)
    assert outcome(turn, "vie") == SUCCEEDS and not dislodged(turn)


def test_damage_of_a_supporting_unit_cuts_its_own_support() -> None:
    # 7f (2): A Gal, not attacked, loses its support of A Ser to the damage.
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Gal"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert outcome(turn, "gal") == CUT
    assert outcome(turn, "ser") == BOUNCED


def test_7g_a_fighter_support_of_the_damaged_army_takes_the_damage() -> None:
    # F Ukr supports A Gal's hold; F War's damage of A Gal defeats that fighter support and
    # no longer affects the army, whose support of A Ser stands.
    units = ["TURKEY A ser", "TURKEY A gal", "TURKEY F ukr", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud", "F Ukr S A Gal"],
              "RUSSIA": ["F War D A Gal"], "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert outcome(turn, "ukr") == CUT
    assert outcome(turn, "gal") == SUCCEEDS
    assert dislodged(turn) == {"AUSTRIA A bud"}


def test_a_damaged_supporting_fighter_loses_its_support_even_when_supported() -> None:
    # 7g spares only army and navy units: F Rum's own support is cut, as is F Sev's of it.
    units = ["TURKEY A ser", "TURKEY F rum", "TURKEY F sev", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "F Rum S A Ser-Bud", "F Sev S F Rum"],
              "RUSSIA": ["F War D F Rum"], "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert outcome(turn, "rum") == CUT
    assert outcome(turn, "sev") == CUT
    assert outcome(turn, "ser") == BOUNCED


def test_damage_of_a_move_not_made_is_void() -> None:
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Ser-Rum"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders)
    assert outcome(turn, "war") == VOID
    assert outcome(turn, "gal") == SUCCEEDS
    assert dislodged(turn) == {"AUSTRIA A bud"}


def test_damage_of_a_unit_that_moves_is_void() -> None:
    units = ["TURKEY A ser", "RUSSIA F war", "AUSTRIA A bud", "AUSTRIA A vie"]
    orders = {"TURKEY": ["A Ser H"], "RUSSIA": ["F War D A Vie"],
              "AUSTRIA": ["A Bud H", "A Vie-Tyr"]}
    turn = run(units, orders)
    assert outcome(turn, "war") == VOID


def test_an_attack_on_the_damaging_fighter_does_not_stop_its_damage() -> None:
    # 7a: movement into its base has no effect on its damage, even when it is dislodged.
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud",
             "GERMANY A sil", "GERMANY A pru"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Ser-Bud"],
              "AUSTRIA": ["A Bud H"], "GERMANY": ["A Sil-War", "A Pru S A Sil-War"]}
    turn = run(units, orders)
    assert dislodged(turn) == {"RUSSIA F war"}
    assert outcome(turn, "gal") == CUT
    assert outcome(turn, "ser") == BOUNCED


def test_damage_only_by_a_fighter_and_only_within_two_areas() -> None:
    units = ["TURKEY A ser", "RUSSIA A war", "RUSSIA F mos", "AUSTRIA A bud", "ITALY A ven"]
    orders = {"RUSSIA": ["A War D A Ser-Bud", "F Mos D A Ven"], "TURKEY": ["A Ser-Bud"],
              "AUSTRIA": ["A Bud H"], "ITALY": ["A Ven H"]}
    turn = run(units, orders)
    assert "not a fighter" in refusal(turn, "war").message
    assert "more than two areas" in refusal(turn, "mos").message


def test_the_simple_level_has_no_damage_order() -> None:
    # rn45 A: the simple game excludes the complex rules, C7 among them.
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Ser-Bud"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders, variant=SIMPLE)
    assert "complex game" in refusal(turn, "war").message
    assert dislodged(turn) == {"AUSTRIA A bud"}


def test_the_level_given_in_the_state_is_the_games() -> None:
    # judge adjudicate gives a game's options in the request's "state" (docs/adjudicate.md).
    units = ["TURKEY A ser", "TURKEY A gal", "RUSSIA F war", "AUSTRIA A bud"]
    orders = {"TURKEY": ["A Ser-Bud", "A Gal S A Ser-Bud"], "RUSSIA": ["F War D A Ser-Bud"],
              "AUSTRIA": ["A Bud H"]}
    turn = run(units, orders, variant=SIMPLE, state={"level": "complex"})
    assert outcome(turn, "gal") == CUT and not dislodged(turn)


@pytest.mark.parametrize("line, target, dest", [
    ("F War D A Ser-Bud", "ser", "bud"), ("F War DAMAGE A Ser - Bud", "ser", "bud"),
    ("F War damages Gal", "gal", None), ("F War D A Gal", "gal", None)])
def test_damage_lines_read(line: str, target: str, dest: str | None) -> None:
    order = reader_for(COMPLEX).read(line, "M", Writer("RUSSIA"))
    assert type(order).__name__ == "Damage"
    assert (order.loc, order.target, order.dest) == ("war", target, dest)  # type: ignore[union-attr]


def test_reports_write_a_damage_and_mark_it_void_when_it_hit_nothing() -> None:
    units = ["TURKEY A ser", "RUSSIA F war", "AUSTRIA A bud"]
    turn = run(units, {"TURKEY": ["A Ser H"], "RUSSIA": ["F War D A Ser-Bud"],
                       "AUSTRIA": ["A Bud H"]})
    damage = result(turn, "war")
    kinds = {u.loc: u.kind for u in turn.position.units}
    text = order_text(COMPLEX.rules, damage, "M", kinds)
    assert f"{text} {result_tag(damage)}" == \
        "F Warsaw DAMAGE A Serbia -> Budapest. (*void*)"
