"""Refusals that say why in the player's terms (adversary findings on issue #11): a retreat
meant for the retreat phase is not called a late movement order, and a build on a centre
lost in the autumn says it is no longer owned before it says it is occupied."""

from __future__ import annotations

import pytest

from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import entry, put_board, send
from tests.conversations.seating_helpers import MASTER, Player
from tests.conversations.seating_helpers import reply as mail_reply

MOVED_ON = "The phase has moved on"


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_a_refused_retreat_is_not_called_a_late_order(
        talk: Conversation, players: dict[str, Player]) -> None:
    # Russia dislodges Austria's army in Galicia; Ukraine, where Austria then tries to
    # retreat, is Russian: an illegal retreat, though it was a legal move in the spring.
    put_board(talk, "S1901M", ["AUSTRIA A gal", "RUSSIA A war", "RUSSIA A ukr"],
              {"war": "RUSSIA", "vie": "AUSTRIA"})
    send(talk, players["RUSSIA"], "A war - gal", "A ukr S A war - gal")
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS S1901M")
    reply = send(talk, players["AUSTRIA"], "A gal - ukr")
    assert "line 2: A gal - ukr" in reply.body and "[errors]" in reply.subject
    assert MOVED_ON not in reply.body


def test_a_late_order_still_says_the_phase_has_moved_on(
        talk: Conversation, players: dict[str, Player]) -> None:
    # France sent nothing for the spring, and its army was dislodged: a hold for it now,
    # in the retreats, is the spring's order come too late.
    put_board(talk, "S1901M", ["FRANCE A bur", "GERMANY A mun", "GERMANY A ruh"],
              {"par": "FRANCE", "mun": "GERMANY"})
    send(talk, players["GERMANY"], "A mun - bur", "A ruh S A mun - bur")
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS S1901M")
    reply = send(talk, players["FRANCE"], "A bur H")
    assert MOVED_ON in reply.body, reply.body


def test_a_line_for_a_unit_his_own_order_moved_is_no_late_order(
        talk: Conversation, players: dict[str, Player]) -> None:
    # His spring order for the army came in time and was carried out: "orders for it came
    # too late" would be untrue (the newcomer's `f val h`, issue replies2 item 2).
    put_board(talk, "S1901M", ["FRANCE A par", "AUSTRIA A vie"], {"par": "FRANCE"})
    send(talk, players["FRANCE"], "A par - bur")
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS S1901M")
    reply = send(talk, players["FRANCE"], "A par - pic")  # the army stands in Burgundy now
    assert "line 2: A par - pic\n    there is no unit in Paris\n" in reply.body, reply.body
    assert MOVED_ON not in reply.body


def test_a_build_on_a_centre_lost_says_it_is_not_owned(
        talk: Conversation, players: dict[str, Player]) -> None:
    put_board(talk, "W1901A", ["TURKEY A sev", "RUSSIA A mos"],
              {"sev": "TURKEY", "mos": "RUSSIA", "war": "RUSSIA", "stp": "RUSSIA"})
    reply = send(talk, players["RUSSIA"], "build A Sev")
    assert entry(reply, 2, "build A Sev", "Russia does not own Sevastopol. Russia may "
                 "build in St Petersburg, Warsaw."), reply.body


def test_orders_sent_ahead_that_the_phase_refuses_are_named_in_its_report(
        talk: Conversation, players: dict[str, Player]) -> None:
    # Fall 1901: France holds five centres with three units, so it will build two, on
    # Paris and Brest; a third build, sent ahead with them by PHASE, has no build left: told
    # as the reply would tell it (judge/game/refusals.py `_too_many`).
    owners = {"par": "FRANCE", "bre": "FRANCE", "mar": "FRANCE", "spa": "FRANCE",
              "por": "FRANCE"}
    put_board(talk, "F1901M", ["FRANCE A bur", "FRANCE F mao", "FRANCE A mar"], owners)
    send(talk, players["FRANCE"], "PHASE W1901A", "build A Par", "build F Bre",
         "build A Mar")
    talk.mails_to(players["FRANCE"].address)
    talk.mails_to(players["GERMANY"].address)
    mail_reply(talk, MASTER, "SIGNON Malpha gmpw\nPROCESS F1901M")
    [report] = [m for m in talk.mails_to(players["FRANCE"].address) if "results" in m.subject]
    assert ("Orders you sent ahead for Winter 1901 Adjustments that it does not take (send "
            "them again as you mean them):\n  'build A Mar': France may build 2 units in "
            "Winter 1901 Adjustments, and 'build A Par' (sent earlier), 'build F Bre' (sent "
            "earlier) already take them; to change them, send CLEAR and then the ones you "
            "want\n"
            in report.body), report.body
    assert "'build A Par':" not in report.body.split("does not take")[1]
    [german] = [m for m in talk.mails_to(players["GERMANY"].address) if "results" in m.subject]
    assert "sent ahead" not in german.body  # only the writer is told
