"""1885-III's game options by mail (issue #16 item 6): CREATE takes `alliance_months`,
`centres_change`, `right_hand`, `macedonia_build`, `af_retreat`, `box_support_from` and
`ferry_bounce` with the values variant.toml lists, and refuses others."""

from __future__ import annotations

from judge.game.games import find_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply


def test_create_takes_the_options_and_refuses_other_values(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE opt gmpw 1885 alliance_months=dec "
                                  "centres_change=monthly right_hand=anticlockwise "
                                  "macedonia_build=also_march af_retreat=right_hand "
                                  "box_support_from=box_side ferry_bounce=aboard")
    assert "Game opt (1885-III) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        options = find_game(session, "opt").variant_options
    assert options is not None
    assert (options["alliance_months"], options["centres_change"]) == ("dec", "monthly")
    assert (options["right_hand"], options["macedonia_build"]) == ("anticlockwise",
                                                                   "also_march")
    assert options["af_retreat"] == "right_hand"
    assert (options["box_support_from"], options["ferry_bounce"]) == ("box_side", "aboard")
    refused = reply(talk, MASTER, "CREATE bad gmpw 1885 alliance_months=oct")
    assert "alliance_months=oct is not allowed: alliance_months must be sep or builds or " \
           "dec" in refused.body, refused.body
