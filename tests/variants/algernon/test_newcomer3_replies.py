"""A newcomer's first Algernon orders by mail: refusals of lines that do not read once ran
into the HELP ORDERS hint with no full stop ("you know no space called ZZ HELP ORDERS
shows how ...")."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import seat_knowledge, started
from tests.variants.folder_games import send_orders

HINT = "HELP ORDERS shows how to write orders, with examples."


def test_refusals_end_their_sentence_before_the_hint(talk: Conversation) -> None:
    seats = started(talk, 3, seed=7)
    power = next(iter(seats))
    known = seat_knowledge(talk, power)
    space = known["units"][0]
    count = known["spaces"][space]["portals"]
    sent = send_orders(talk, seats[power], "ZZ h", f"{space} to 9")
    assert f"line 2: ZZ h\n    you know no space called ZZ. {HINT}\n" in sent.body, sent.body
    assert f"line 3: {space} to 9\n    {space} has portals 1 to {count}, not 9. {HINT}\n" \
        in sent.body, sent.body
