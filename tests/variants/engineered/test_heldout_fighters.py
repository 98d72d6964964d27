"""DATC corners met by rn45 C7's fighters (zero moving and holding power, support 1),
predicted from the rules: a fighter holds with 0 plus its supports (7b), moves only
unopposed or with more support than its opposition (7d), and otherwise the 1971 rules."""

from __future__ import annotations

from judge.game.instance import variant_instance
from judge.variant import Variant

from .scenario import board, run

COMPLEX: Variant = variant_instance("engineered", {"level": "complex"}, 0)


def _turn(units: list[str], orders: dict[str, list[str]]) -> tuple[set[str], set[str]]:
    turn = run(units, orders, phase="S1902M", variant=COMPLEX)
    gone = {f"{d.unit.power[:3]} {d.unit.kind} {d.unit.loc}" for d in turn.position.dislodged}
    return board(turn), gone


def test_a_beleaguered_fighter_stays_when_its_attackers_bounce_each_other() -> None:
    # a beleaguered garrison (DATC 6.E): each army (1) beats the fighter's hold (0) but not
    # the other army's prevent (1), so both fail and nobody is dislodged.
    after, gone = _turn(["RUS F gal", "AUS A bud", "GER A sil"],
                        {"AUS": ["A Bud - Gal"], "GER": ["A Sil - Gal"], "RUS": ["F Gal H"]})
    assert after == {"RUS F gal", "AUS A bud", "GER A sil"} and not gone


def test_an_army_wins_a_head_to_head_with_an_unsupported_fighter() -> None:
    # The army's 1 beats the fighter's 0 coming the other way; the fighter's 0 moves nothing.
    after, gone = _turn(["RUS F gal", "AUS A bud"],
                        {"AUS": ["A Bud - Gal"], "RUS": ["F Gal - Bud"]})
    assert after == {"AUS A gal"} and gone == {"RUS F gal"}


def test_a_fighter_s_support_does_not_help_dislodge_its_own_country_s_unit() -> None:
    # DATC 6.D.12: a power's support does not count against its own unit, so
    # Austria's 1 against Russia's hold of 1 bounces.
    after, gone = _turn(["RUS F war", "RUS A gal", "AUS A bud"],
                        {"RUS": ["F War S A Bud - Gal", "A Gal H"], "AUS": ["A Bud - Gal"]})
    assert after == {"RUS F war", "RUS A gal", "AUS A bud"} and not gone


def test_a_fighter_with_two_supports_dislodges_a_holding_army() -> None:
    # 7d: more additive support (2) than the opposing unit's power (1).
    after, gone = _turn(["RUS F gal", "RUS A rum", "RUS A ser", "AUS A bud"],
                        {"RUS": ["F Gal - Bud", "A Rum S F Gal - Bud", "A Ser S F Gal - Bud"],
                         "AUS": ["A Bud H"]})
    assert "RUS F bud" in after and gone == {"AUS A bud"}


def test_a_fighter_with_one_support_does_not_dislodge_a_holding_army() -> None:
    # 7d: 1 is not more than the army's 1.
    after, gone = _turn(["RUS F gal", "RUS A rum", "AUS A bud"],
                        {"RUS": ["F Gal - Bud", "A Rum S F Gal - Bud"], "AUS": ["A Bud H"]})
    assert after == {"RUS F gal", "RUS A rum", "AUS A bud"} and not gone
