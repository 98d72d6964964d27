"""The first Spring by mail (rn45 C1, issue #15 items 3 and 5): the replies name Austria's
Trieste unit as its orders take it (1d); the start notice, the replies and the reminders
tell every player to place his engineer, how, and what happens if he does not (1a)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.game.lifecycle import create_game, join_game
from judge.game.starting import start_and_announce
from judge.store import repo
from judge.store.db import Database
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import START, Conversation
from tests.variants.folder_games import MASTER, send_orders, started


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def test_the_reply_names_the_army_austria_takes_in_trieste(talk: Conversation) -> None:
    # C1 1d: `A Tri - Ser` takes the unit as an army, and the report says so; the reply
    # to the order said "N Trieste -> Serbia", a navy that cannot go inland.
    seats = started(talk, "engineered", players=7)
    reply = send_orders(talk, seats["AUSTRIA"], "A Tri - Ser", "A Vie H")
    assert "  A Trieste -> Serbia.\n" in reply.body
    assert "N Trieste" not in reply.body
    kept = send_orders(talk, seats["AUSTRIA"], "N Tri - Adr")  # the navy after all
    assert "  N Trieste -> Adriatic Sea.\n" in kept.body
    assert "A Trieste" not in kept.body


PLACING = ("the placement of your engineer with one of your units, E Bud (or PLACE E Bud): "
           "it goes where that unit goes this Spring. Place none and you have no engineer "
           "until you create one in a Winter (rn45 C1 1a, C3)")


def test_the_start_notice_tells_each_player_to_place_his_engineer(
        talk: Conversation) -> None:
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address=MASTER)
        game = create_game(session, name="alpha", password="gmpw", variant="engineered",
                           master=master)
        for i in range(7):
            player = repo.create_account(session, name=f"P{i}", address=f"p{i}@example.org")
            join_game(session, game, player, f"pw{i}", [])
        start_and_announce(session, game, talk.clock, talk.judge.postman, random.Random(1))
        address = {s.power: s.account.addresses[0].address for s in game.seats if s.power}
    [austria] = talk.mails_to(address["AUSTRIA"])
    assert f"With your orders for this first Spring, send {PLACING}.\n" in austria.body
    assert ("Your N Tri may be an army instead (rn45 C1 1d): order it as one (A Tri - Ser, "
            "A Tri H) and it is.\n") in austria.body
    [russia] = talk.mails_to(address["RUSSIA"])
    assert "send the placement of your engineer with one of your units, E War" in russia.body
    assert "C1 1d" not in russia.body
    [gm] = talk.mails_to(MASTER)
    assert "placement of your engineer" not in gm.body


def test_the_reply_and_the_reminder_tell_what_a_spring_without_placement_does(
        talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    unplaced = send_orders(talk, seats["AUSTRIA"], "A Vie H")
    assert f"\nYou may also order: {PLACING}\n" in unplaced.body
    talk.clock.set(START + timedelta(hours=49))  # the reminder, a day before the deadline
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    [reminder] = [m for m in talk.mails_to(seats["AUSTRIA"][0]) if "reminder" in m.subject]
    assert ("Still without orders: A Budapest, N Trieste\n"
            f"You may also order: {PLACING}\n") in reminder.body
    placed = send_orders(talk, seats["AUSTRIA"], "E Vie")
    assert "You may also order" not in placed.body
