"""Rule 2, the allocation of countries from preference lists, worked out by hand."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from variants.envoy.allocation import allocate

NAMES = {n[0]: n for n in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                           "TURKEY")}
AUS, ENG, FRA, GER, ITA, RUS, TUR = NAMES.values()


def ranks(letters: str) -> list[str]:
    """'FGIEART' -> France, Germany, Italy, England, Austria, Russia, Turkey."""
    return [NAMES[c] for c in letters]


class Lots(random.Random):
    """Lots drawn as the test says: kept in name order, or reversed."""

    def __init__(self, reverse: bool = False) -> None:
        super().__init__(0)
        self.reverse = reverse
        self.draws = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self.draws += 1
        if self.reverse:
            x.reverse()


def test_different_first_choices() -> None:
    lots = Lots()
    assert allocate({"ann": ranks("FGIEART"), "bob": ranks("GFIEART")}, lots) == {
        "ann": FRA, "bob": GER}


def test_the_same_first_choice_gives_both_their_second() -> None:
    # Nobody gets France, though both wanted it most: the rule's own words.
    assert allocate({"ann": ranks("FGIEART"), "bob": ranks("FIGEART")}, Lots()) == {
        "ann": GER, "bob": ITA}


def test_the_same_first_and_second_choices_give_the_third() -> None:
    assert allocate({"ann": ranks("FGIEART"), "bob": ranks("FGREAIT")}, Lots()) == {
        "ann": ITA, "bob": RUS}


@pytest.mark.parametrize(("reverse", "expected"), [
    (False, {"ann": FRA, "bob": GER}), (True, {"ann": GER, "bob": FRA})])
def test_identical_lists_are_settled_by_lot(reverse: bool, expected: dict[str, str]) -> None:
    # The winner of the lot (drawn first) gets the first choice, the loser the second.
    same = ranks("FGIEART")
    lots = Lots(reverse)
    assert allocate({"ann": same, "bob": list(same)}, lots) == expected
    assert lots.draws == 1


@pytest.mark.parametrize("seed", range(5))
def test_a_real_draw_gives_one_the_first_choice_and_the_other_the_second(seed: int) -> None:
    same = ranks("TRAIGFE")
    got = allocate({"ann": same, "bob": same}, random.Random(seed))
    assert sorted(got.values()) == sorted([TUR, RUS])


def test_three_players_a_unique_choice_is_given_while_others_clash() -> None:
    # Rank 1: ann and bob clash on France, cat alone wants Germany and gets it. Rank 2:
    # ann's Germany is gone, bob gets Italy. Rank 3: ann's Italy is gone; rank 4: England.
    got = allocate({"ann": ranks("FGIEART"), "bob": ranks("FIGEART"),
                    "cat": ranks("GFIEART")}, Lots())
    assert got == {"ann": ENG, "bob": ITA, "cat": GER}


def test_three_players_two_identical_lists_draw_lots_for_what_is_left() -> None:
    # cat gets Germany at rank 1; ann and bob clash at every rank and draw: the first drawn
    # takes France, the other his first free choice, Italy (Germany is cat's).
    same = ranks("FGIEART")
    prefs = {"ann": same, "bob": same, "cat": ranks("GFIEART")}
    assert allocate(prefs, Lots()) == {"ann": FRA, "bob": ITA, "cat": GER}
    assert allocate(prefs, Lots(reverse=True)) == {"ann": ITA, "bob": FRA, "cat": GER}


def test_four_players_all_identical_take_their_lists_in_drawn_order() -> None:
    same = ranks("RTAIGFE")
    prefs = {name: same for name in ("ann", "bob", "cat", "dan")}
    assert allocate(prefs, Lots(reverse=True)) == {"dan": RUS, "cat": TUR, "bob": AUS, "ann": ITA}


def test_seven_players_with_distinct_first_choices() -> None:
    powers = ranks("AEFGIRT")
    prefs = {f"p{n}": powers[n:] + powers[:n] for n in range(7)}
    assert allocate(prefs, Lots()) == {f"p{n}": powers[n] for n in range(7)}


@pytest.mark.parametrize(("prefs", "message"), [
    ({"ann": ranks("FGIEART")}, "Envoy takes 2 to 7 players, not 1"),
    ({"ann": ranks("FGIEART"), "bob": ranks("FGIEAR")},
     "bob's list must rank all of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY "
     "once each (Envoy 2)"),
    ({"ann": ranks("FFIEART"), "bob": ranks("FGIEART")},
     "ann's list must rank all of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY "
     "once each (Envoy 2)")])
def test_lists_must_rank_all_seven(prefs: dict[str, list[str]], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        allocate(prefs, Lots())
    assert str(caught.value) == message
