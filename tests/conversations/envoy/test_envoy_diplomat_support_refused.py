"""A diplomat's support of an army is refused on arrival, with Envoy's rule 5.iv
("Diplomats may hold, give, and receive support as regular units, but only between
themselves"), also when the army stands in a major country's home province, which
diplomats read as the whole country (5.ii): it was taken ("Your orders are complete"
path) and only shown void in the report."""

from __future__ import annotations

import pytest

from tests.conversations.envoy.envoy_setup import placed, say
from tests.conversations.harness import Conversation


@pytest.mark.parametrize("hidden", ["none", "stab"])
def test_a_diplomat_supporting_an_army_in_a_home_province_is_refused(
        talk: Conversation, hidden: str) -> None:
    players = placed(talk, hidden)
    reply = say(talk, players["GERMANY"], "D Hol S A Mun-Bur").body
    assert "line 2: D Hol S A Mun-Bur\n    diplomats support only diplomats (Envoy 5.iv)" \
        in reply
    assert "D Holland SUPPORT" not in reply


def test_a_diplomat_supporting_an_army_outside_the_countries_is_refused(
        talk: Conversation) -> None:
    players = placed(talk)
    reply = say(talk, players["GERMANY"], "D Hol S A Bel-Pic").body
    assert "line 2: D Hol S A Bel-Pic\n    diplomats support only diplomats (Envoy 5.iv)" \
        in reply
