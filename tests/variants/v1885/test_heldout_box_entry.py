"""A move into the High Ocean Box and the supports given from it (shared/rules/1885-iii.txt
l.100-104): "a move to the Box can never fail and a Fleet can never be dislodged from the
Box"; whether such a move still cuts a support given from the Box the text does not say:
the option `box_entry` (docs/variants/1885-iii.md, "The High Ocean Box")."""

from __future__ import annotations

from judge.game.instance import variant_instance

from .board import V1885, dislodged, move, standing

# France's fleet in the Box, supported by another there (l.101-102), attacks Spain's fleet
# in the Mid-Atlantic, while England's fleet sails from the North Atlantic into the Box.
UNITS = ["FRANCE F hob", "FRANCE F hob", "SPAIN F mao", "ENGLAND F nao"]
ORDERS = {"FRANCE": ["F Hob - Mao", "F Hob S F Hob - Mao"], "SPAIN": ["F Mao H"],
          "ENGLAND": ["F Nao - Hob"]}


def test_by_default_entering_the_box_cuts_no_support_given_there() -> None:
    # Entering is no attack on the Box's units: 2 against 1, Spain's fleet is dislodged.
    out = move(V1885, UNITS, ORDERS)
    assert "SPAIN F mao" in dislodged(out)
    assert standing(out) == {"FRANCE F hob", "FRANCE F mao", "ENGLAND F hob"}


def test_the_option_cuts_makes_entering_the_box_cut_the_support() -> None:
    cuts = variant_instance("1885", {"box_entry": "cuts"}, 0)
    out = move(cuts, UNITS, ORDERS)
    # The support is cut: 1 against 1, France bounces; England still enters, nobody is
    # dislodged from the Box.
    assert not dislodged(out)
    assert sorted(f"{u.power} {u.kind} {u.loc}" for u in out.position.units) == [
        "ENGLAND F hob", "FRANCE F hob", "FRANCE F hob", "SPAIN F mao"]


def test_entering_from_the_sea_supported_into_cuts_nothing_under_cuts() -> None:
    # The 1971 rules: an attack from the province the support goes into cuts it only by
    # dislodging the supporter, which no move into the Box does. Spain's fleet leaves the
    # Mid-Atlantic for the Box as France's enters it: France arrives.
    cuts = variant_instance("1885", {"box_entry": "cuts"}, 0)
    out = move(cuts, ["FRANCE F hob", "FRANCE F hob", "SPAIN F mao", "SPAIN F sao"],
               {"FRANCE": ["F Hob - Mao", "F Hob S F Hob - Mao"],
                "SPAIN": ["F Mao - Hob", "F Sao - Mao"]})
    assert standing(out) == {"FRANCE F hob", "FRANCE F mao", "SPAIN F hob", "SPAIN F sao"}


def test_a_move_into_the_box_by_the_supporter_s_own_power_never_cuts() -> None:
    cuts = variant_instance("1885", {"box_entry": "cuts"}, 0)
    out = move(cuts, ["FRANCE F hob", "FRANCE F hob", "SPAIN F mao", "FRANCE F nao"],
               {"FRANCE": ["F Hob - Mao", "F Hob S F Hob - Mao", "F Nao - Hob"],
                "SPAIN": ["F Mao H"]})
    assert "SPAIN F mao" in dislodged(out)
