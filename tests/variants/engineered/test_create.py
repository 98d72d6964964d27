"""A game of Engineered is created by mail with its options (docs/variants/engineered.md),
and starts from rn45 C1's position."""

from __future__ import annotations

from judge.game.games import find_game
from judge.variant_loader import load_variant
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply


def test_a_game_is_created_by_mail_with_its_level(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE alpha gmpass engineered level=complex")
    assert "Game alpha (Hugh's Engineered Diplomacy) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        assert find_game(session, "alpha").variant_options["level"] == "complex"


def test_an_unknown_level_is_refused(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, "CREATE alpha gmpass engineered level=expert")
    assert "is created" not in refused.body
    assert "simple" in refused.body, refused.body  # the choices are named


def test_the_start_is_c1s() -> None:
    variant = load_variant("engineered")
    units = {(u.power, u.kind, u.loc) for u in variant.start.units}
    assert ("RUSSIA", "F", "mos") in units  # 1b: Fighter Field Moscow
    assert ("ITALY", "F", "nap") in units   # 1c: Fighter Field Naples
    assert ("AUSTRIA", "N", "tri") in units  # 1d: a navy unless Austria writes an army
    # 1b: three build centres, St Petersburg a supply centre only (still Russia's).
    assert variant.rules.homes["RUSSIA"] == frozenset({"mos", "war", "sev"})
    assert variant.start.owners["stp"] == "RUSSIA"
