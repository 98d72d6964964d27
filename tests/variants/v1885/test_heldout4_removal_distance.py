"""1885-III's removal when neither player nor master chooses (Retreats and Removals b,
l.87-93). The master's judgment decides (test_removals.py); without his answer the regular
rule removes, and the regular rules are "as outlined in the 1971 and 1976 Rulebooks"
(l.1-2): the unit farthest from the power's home supply centres (DATC 4.D.8: "In the 1971
and 1982 rulebooks, the distance of each unit to the home supply centers must be
calculated"); the text's "There is no requirement that a GM must remove fleets before
armies, or Away units before Home units" frees the master only, and names that rule.

Italy owns Rome, Naples and Greece, with four units: one removal. Venice, her home, is 0
from home and 1 from Rome; Greece, not a home, is 0 from owned Greece and 2 from Naples.
Expected by the 1971 rule: Greece goes (the farthest from home); by the 2023 rule
(removal_distance=owned) Venice would (1 against 0)."""

from __future__ import annotations

from judge.game.instance import variant_instance
from tests.variants.v1885.adjudicate import ask, board, units


def test_without_an_answer_the_unit_farthest_from_home_is_removed() -> None:
    reply = ask({"phase": "DECB1885A",
                 "units": units("ITALY A rom", "ITALY F nap", "ITALY A ven", "ITALY A gre"),
                 "centers": {"ITALY": ["rom", "nap", "gre"]}, "orders": {}})
    assert board(reply) == {"ITALY A rom", "ITALY F nap", "ITALY A ven"}


def test_the_2023_distance_is_a_game_option() -> None:
    assert variant_instance("1885", {}, 0).rules.rulebook.removal_distance == "home"
    owned = variant_instance("1885", {"removal_distance": "owned"}, 0)
    assert owned.rules.rulebook.removal_distance == "owned"
