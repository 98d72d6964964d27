"""A game on a map made for it alone, by mail: the test variant `atoll`
(tests/variants/folders/atoll) draws each game's ring from the game's seed, and the game's
orders are read and adjudicated on that ring, not on the folder's. With `standing=yes` its
movement handler runs without orders, and the deadline sweep processes the turn at once."""

from __future__ import annotations

import secrets

import pytest

from judge.game.games import find_game
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from tests.variants.folder_games import FOLDERS

# With seed 2 and 4 middle provinces, atoll's make_map closes nh-m2-m3-sh-m4-m1-nh (rules.py);
# the folder's map has nh-m1 and nh-m4 instead.
SEED = 2


@pytest.fixture
def atoll_talk(talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> Conversation:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    return talk


def test_a_game_is_created_joined_and_played_on_its_own_map(
        atoll_talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    talk = atoll_talk
    account(talk, MASTER, "Game Master")
    with monkeypatch.context() as m:
        m.setattr(secrets, "randbits", lambda bits: SEED)
        created = reply(talk, MASTER, "CREATE alpha gmpass atoll")
    assert "Game alpha (Atoll of 4) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        assert game.variant_seed == SEED
        stored = {frozenset((b["a"], b["b"])) for b in (game.variant_map or {})["borders"]}
    assert {frozenset(("nh", "m2")), frozenset(("nh", "m1"))} <= stored
    assert frozenset(("nh", "m4")) not in stored
    for power, letter in (("north", "N"), ("south", "S")):
        account(talk, f"{power}@example.org")
        joined = reply(talk, f"{power}@example.org", f"JOIN alpha pw-{power} {letter}")
        assert "You joined" in joined.body, joined.body
    talk.mails_to(MASTER)
    # nh-m4 is a border of the folder's map only: this game refuses it.
    refused = reply(talk, "north@example.org", "SIGNON Nalpha pw-north\nA nh - m4")
    # Both places by name, as the reports name them (a reason's parameters are places, not
    # words in a text: an id with a digit was once left as written).
    assert "line 2: A nh - m4\n    North Home is not adjacent to Middle Four" in refused.body
    moved = reply(talk, "north@example.org", "SIGNON Nalpha pw-north\nA nh - m2")
    assert "1 error" not in moved.body and "A North Home -> Middle Two" in moved.body
    # The last orders in: the turn is processed at once, on this game's ring.
    reply(talk, "south@example.org", "SIGNON Salpha pw-south\nA sh - m3")
    report = talk.mails_to("north@example.org")[-1]
    assert "Atoll of 4: Spring 1901 Movement" in report.body
    assert "North:    A North Home -> Middle Two.\n" in report.body
    assert "South:    A South Home -> Middle Three.\n" in report.body
    assert "The next phase is Fall 1901 Movement." in report.body


@pytest.mark.parametrize(("standing", "processed"), [("yes", True), ("no", False)])
def test_a_phase_that_runs_without_orders_is_processed_by_the_sweep(
        atoll_talk: Conversation, standing: str, processed: bool) -> None:
    talk = atoll_talk
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, f"CREATE alpha gmpass atoll standing={standing}")
    assert "1 done" in created.body, created.body
    for power, letter in (("north", "N"), ("south", "S")):
        account(talk, f"{power}@example.org")
        reply(talk, f"{power}@example.org", f"JOIN alpha pw-{power} {letter}")
    talk.mails_to("north@example.org")
    # Nobody has ordered; the deadline is days away.
    swept = sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    assert swept == (["alpha S1901M: processed (every power's orders are complete)"]
                     if processed else [])
    if processed:
        report = talk.mails_to("north@example.org")[-1]
        assert "North:    A North Home HOLD (no order).\n" in report.body
        assert "The next phase is Fall 1901 Movement." in report.body
