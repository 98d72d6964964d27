"""A newcomer's 1885-III orders by mail: replies that once said something untrue or left
out what he needed to put the line right."""

from __future__ import annotations

from judge.game.games import find_game, position_of
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import GAME, choose, master, orders, started


def test_an_order_for_a_unit_his_own_order_moved_is_not_called_late(
        talk: Conversation) -> None:
    # `f val h` in February, the fleet having left Valencia by his January order, was once
    # answered "This order fits January 1885 Movement ...: orders for it came too late",
    # though his January orders had come in time and this one was never meant for January.
    started(talk)
    choose(talk)
    assert "error" not in orders(talk, "SPAIN", "F Val - Wes").body.lower()
    master(talk, "PROCESS")
    sent = orders(talk, "SPAIN", "f val h")
    assert "line 2: f val h\n    there is no unit in Valencia\n" in sent.body, sent.body
    assert "too late" not in sent.body and "moved on" not in sent.body


def test_one_landing_written_two_ways_is_one_order(talk: Conversation) -> None:
    # `A/F Ion disembarks Tun` and `A Ion - Tun` (the plain form, l.50-60 as the docs
    # write it) once drew "lines 4 and 5 give F Ionian Sea different orders in one
    # message, so none of them stands", and the landing was dropped.
    started(talk)
    choose(talk)
    assert "error" not in orders(talk, "ITALY", "F Nap - Ion", "A Ven - Apu").body.lower()
    master(talk, "PROCESS")
    sent = orders(talk, "ITALY", "A Apu boards F Ion", "A/F Ion - Mal",
                  "A/F Ion disembarks Tun", "A Ion - Tun")
    assert "error" not in sent.body.lower() and "different orders" not in sent.body, \
        sent.body
    master(talk, "PROCESS")
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        assert turn is not None
        units = {(u.kind, u.loc) for u in position_of(turn).units if u.power == "ITALY"}
    assert {("A", "tun"), ("F", "mal")} <= units, units


def test_a_landing_on_a_coast_no_sea_of_its_touches_cites_the_landing_lines(
        talk: Conversation) -> None:
    # Once cited "(l.44-48)"; the rules say where an army lands at l.46-47 ("into a coastal
    # space adjacent to the second sea space") and l.51-53 (from the A/F's own sea while
    # the fleet moves elsewhere); the Ionian does not touch Tunis on 1885-III's map.
    started(talk)
    choose(talk)
    assert "error" not in orders(talk, "ITALY", "F Nap - Ion", "A Ven - Apu").body.lower()
    master(talk, "PROCESS")
    sent = orders(talk, "ITALY", "A Apu boards F Ion", "A Ion - Tun")
    assert "line 3: A Ion - Tun\n    the army aboard the A/F in Ionian Sea cannot land in " \
        "Tunis: it lands on a coast next to the A/F's sea, or next to the sea the A/F moves " \
        "to (l.46-47, 51-53)\n" in sent.body, sent.body


def test_lisbon_names_portugal(talk: Conversation) -> None:
    # `F Lis - Mao` was once read as an unknown 'lis', suggesting the Gulf of Lyon; Lisbon
    # is Portugal's capital, and no other place on the map is written so.
    started(talk)
    choose(talk)
    sent = orders(talk, "SPAIN", "F Lis - Mao", "F Lisbon - Mao")
    for line_no, line in ((2, "F Lis - Mao"), (3, "F Lisbon - Mao")):
        assert f"line {line_no}: {line}\n    there is no unit in Portugal\n" in sent.body, \
            sent.body
    assert "Lyon" not in sent.body
