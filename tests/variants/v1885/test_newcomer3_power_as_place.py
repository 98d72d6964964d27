"""A newcomer to 1885-III writes the regular board's `A Mar - Spa`: Spain is a power
there, no province, and the reply once said only "I don't understand 'Spa' ...: expected
the province to move to", where `F Kie - Den` is told the name is no province."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import choose, orders, started


def test_a_powers_name_where_a_province_goes_is_no_province(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    sent = orders(talk, "FRANCE", "A Mar - Spa", "A Par - Spain")
    assert "line 2: A Mar - Spa\n    'Spa' is not a province on this map: it names the " \
        "power Spain. Spain is now Madrid (mad), Asturia (ast), Navarre (nav), Catalonia " \
        "(cat), Valencia (val) and Cadiz (cad); write the one you mean." in sent.body, \
        sent.body  # variants/1885/former.csv (polish18 item 2)
    assert "line 3: A Par - Spain\n    'Spain' is not a province on this map: it names the " \
        "power Spain." in sent.body, sent.body
