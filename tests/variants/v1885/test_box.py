"""The High Ocean Box (shared/rules/1885-iii.txt l.98-106): any number of fleets and A/Fs,
entry never fails, never dislodged, the supports of l.101-104; the Azores beside it."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.game.instance import variant_instance

from .board import V1885, dislodged, move, result, standing


def test_any_number_of_fleets_enter_the_box_at_once() -> None:
    # l.100-101: "Any number of Fleets may simultaneously occupy the High Ocean Box, a move
    # to the Box can never fail".
    out = move(V1885, ["ENGLAND F nao", "SPAIN F mao", "FRANCE F hob", "TURKEY F red"],
               {"ENGLAND": ["F Nao - Hob"], "SPAIN": ["F Mao - Hob"], "TURKEY": ["F Red - Hob"]})
    assert standing(out) == {"ENGLAND F hob", "SPAIN F hob", "FRANCE F hob", "TURKEY F hob"}


def test_a_fleet_in_the_box_is_never_dislodged() -> None:
    # l.101: "a Fleet can never be dislodged from the Box".
    out = move(V1885, ["FRANCE F hob", "ENGLAND F nao", "ENGLAND F mao"],
               {"ENGLAND": ["F Nao - Hob", "F Mao S F Nao - Hob"]})
    assert not dislodged(out)
    assert standing(out) == {"FRANCE F hob", "ENGLAND F hob", "ENGLAND F mao"}


def test_a_fleet_entering_the_box_and_one_leaving_it_pass() -> None:
    out = move(V1885, ["FRANCE F hob", "ENGLAND F nao"],
               {"FRANCE": ["F Hob - Nao"], "ENGLAND": ["F Nao - Hob"]})
    assert standing(out) == {"FRANCE F nao", "ENGLAND F hob"}


def test_fleets_leaving_the_box_for_one_sea_bounce() -> None:
    out = move(V1885, ["FRANCE F hob", "ENGLAND F hob"],
               {"FRANCE": ["F Hob - Mao"], "ENGLAND": ["F Hob - Mao"]})
    assert standing(out) == {"FRANCE F hob", "ENGLAND F hob"}


def test_a_fleet_in_the_box_supports_another_leaving_it() -> None:
    # l.101-102: "A Fleet within the Box may support another Fleet within the Box attempting
    # to move into an adjacent sea space."
    out = move(V1885, ["FRANCE F hob", "FRANCE F hob", "SPAIN F mao"],
               {"FRANCE": ["F Hob - Mao", "F Hob S F Hob - Mao"], "SPAIN": ["F Mao H"]})
    assert "SPAIN F mao" in dislodged(out)
    assert standing(out) == {"FRANCE F hob", "FRANCE F mao"}


def test_a_fleet_next_to_the_box_supports_one_leaving_it() -> None:
    # l.102-104: "a Fleet in an adjacent sea space may also support another Fleet within
    # the Box attempting to move into an adjacent sea space".
    out = move(V1885, ["FRANCE F hob", "FRANCE F sao", "SPAIN F mao"],
               {"FRANCE": ["F Hob - Mao", "F Sao S F Hob - Mao"], "SPAIN": ["F Mao H"]})
    assert "SPAIN F mao" in dislodged(out)


def test_a_fleet_in_the_box_supports_nothing_else() -> None:
    # Reading: l.101-104 name the supports a fleet in the Box gives; no others.
    out = move(V1885, ["FRANCE F hob", "FRANCE F sao", "SPAIN F mao"],
               {"FRANCE": ["F Sao - Mao", "F Hob S F Sao - Mao"], "SPAIN": ["F Mao H"]})
    assert result(out, "FRANCE", "loc='hob'").outcome == Outcome.ILLEGAL
    assert not dislodged(out)


def test_an_army_fleet_crosses_the_box() -> None:
    # l.104-105: "Armies may be convoyed by the A/F method through the High Ocean Box".
    out = move(V1885, ["SPAIN AF hob", "SPAIN F hob"],
               {"SPAIN": ["A/F Hob - Red", "A/F Hob disembarks Egy", "F Hob H"]})
    assert standing(out) == {"SPAIN A egy", "SPAIN F red", "SPAIN F hob"}


def test_an_army_occupies_the_azores_and_is_ferried_from_them() -> None:
    # l.105-106: "An Army may occupy Azores": it stands there and leaves by a fast ferry.
    out = move(V1885, ["SPAIN A azo", "SPAIN F mao"],
               {"SPAIN": ["A Azo - Por", "F Mao C A Azo - Por"]})
    assert standing(out) == {"SPAIN A por", "SPAIN F mao"}


def test_the_azores_are_no_convoy_route() -> None:
    # l.104-105: armies cross the Box by the A/F method, "but not Azores".
    out = move(V1885, ["SPAIN F azo", "SPAIN A por"],
               {"SPAIN": ["F Azo C A Por - Ire", "A Por - Ire"]})
    assert result(out, "SPAIN", "Convoy").outcome == Outcome.ILLEGAL
    assert "SPAIN A por" in standing(out)


def test_the_option_any_lets_a_fleet_in_the_box_support_like_a_fleet_at_sea() -> None:
    anything = variant_instance("1885", {"box_supports": "any"}, 0)
    out = move(anything, ["FRANCE F hob", "FRANCE F sao", "SPAIN F mao"],
               {"FRANCE": ["F Sao - Mao", "F Hob S F Sao - Mao"], "SPAIN": ["F Mao H"]})
    assert "SPAIN F mao" in dislodged(out)
