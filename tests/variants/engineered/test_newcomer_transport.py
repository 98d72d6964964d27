"""A newcomer's transport by mail (rn45 C5 5d): `A StP T E Rum` names an engineer where he
has none; the reply refuses the line at once, so he can give the unit another order."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_a_transport_of_an_engineer_that_is_not_there_is_refused(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    sent = send_orders(talk, seats["RUSSIA"], "E War", "A War H")
    assert "error" not in sent.body.lower(), sent.body
    process_turn(talk, "Spring 1901 Movement")
    # His engineer stayed in Warsaw with the army; he thinks it went to the Ukraine.
    wrong = send_orders(talk, seats["RUSSIA"], "F Mos T E Ukr")
    assert "line 2: F Mos T E Ukr\n    there is no engineer of yours in Ukraine " \
        "(rn45 C5 5d)" in wrong.body, wrong.body
    assert "Still without orders: " in wrong.body and "F Moscow" in \
        wrong.body.split("Still without orders: ")[1], wrong.body
    right = send_orders(talk, seats["RUSSIA"], "F Mos T E War")
    assert "error" not in right.body.lower(), right.body
    assert "F Moscow TRANSPORTS E Warsaw." in right.body, right.body
