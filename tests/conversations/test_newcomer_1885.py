"""1885-III played by mail as a newcomer reads it (docs/variants/1885-iii.md,
docs/commands.md): what confused a new player, each by the mail he sent and the reply."""

from __future__ import annotations

import random

from judge.game.lifecycle import create_game, join_game
from judge.game.starting import start_and_announce
from judge.store import repo
from tests.conversations.harness import Conversation, Mail
from tests.variants.v1885.mail_game import choose, master, orders, started

POWERS = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I",
          "RUSSIA": "R", "SPAIN": "S", "SWEDEN": "W", "TURKEY": "T"}


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def announced(talk: Conversation) -> dict[str, Mail]:
    """Game `nine` of 1885, nine players each given the power he asked for; each player's
    start notice."""
    with talk.judge.db.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address="gm@example.org")
        game = create_game(session, name="nine", password="gmpw", variant="1885",
                           master=master)
        for power in POWERS:
            player = repo.create_account(session, name=power.title(), address=address(power))
            join_game(session, game, player, "pw", [power])
        start_and_announce(session, game, talk.clock, talk.judge.postman, random.Random(1))
    return {power: talk.mails_to(address(power))[-1] for power in POWERS}


def send(talk: Conversation, power: str, *lines: str) -> Mail:
    mail = talk.send(address(power), "\n".join((f"SIGNON {POWERS[power]}nine pw", *lines)))
    assert mail is not None
    return mail


def test_the_start_notice_tells_each_player_what_the_set_up_turn_asks_of_him(
        talk: Conversation) -> None:
    # The notice said only "The first phase is December 1884 Set-up": Italy was not told
    # to choose her unit in Rome, nor England that he has nothing to order but that the
    # turn waits for his answer (l.9-15; docs/variants/1885-iii.md, "The set-up turn").
    notices = announced(talk)
    assert ("December 1884 Set-up is the rules' set-up turn (l.9-15): send your choice, "
            "Build F Rom (a fleet in Rome) or Build A Rom (an army); none leaves A Rom. "
            "Nobody else sees it until January 1885 is adjudicated.\n") in \
        notices["ITALY"].body, notices["ITALY"].body
    assert "Build A Sev (an army in Sevastopol, a fleet in St Petersburg) or Build A StP" \
        in notices["RUSSIA"].body, notices["RUSSIA"].body
    assert "Build F Osl (a fleet in Oslo) or Build A Osl" in notices["SWEDEN"].body
    assert ("December 1884 Set-up is the rules' set-up turn (l.9-15), in which only Italy, "
            "Russia and Sweden choose units: you have nothing to order in it. Send CLEAR to "
            "say so.\n") in notices["ENGLAND"].body, notices["ENGLAND"].body
    assert "Build F Rom" not in notices["ENGLAND"].body
    # What the notices say works: the three choices and six CLEARs process the turn.
    for power in POWERS:
        line = {"ITALY": "Build F Rom", "RUSSIA": "Build A Sev",
                "SWEDEN": "Build A Osl"}.get(power, "CLEAR")
        answer = send(talk, power, line)
        assert "error" not in answer.body.lower(), answer.body
    assert "DECB1884C has been processed" in answer.body, answer.body


def test_a_player_with_nothing_to_order_is_told_the_turn_still_waits_for_his_answer(
        talk: Conversation) -> None:
    # Spain's ORDERS was answered "You owe no orders this phase." while LIST named Spain
    # among those the set-up turn waited for (docs/commands.md, "Early processing").
    announced(talk)
    shown = send(talk, "SPAIN", "ORDERS")
    assert "You owe no orders this phase." in shown.body, shown.body
    assert ("Not yet answered\n----------------\nIn this game the turn is processed before "
            "its deadline only once every player has answered, and nothing you have sent "
            "counts as your answer for DECB1884C yet: send your orders, or CLEAR if you have "
            "none to give.") in shown.body, shown.body
    cleared = send(talk, "SPAIN", "CLEAR")
    assert "Not yet answered" not in cleared.body, cleared.body


def test_a_landing_named_by_the_sea_its_a_f_moves_to_is_told_the_line_to_write(
        talk: Conversation) -> None:
    # docs/variants/1885-iii.md: "A(Lon) boards F(ENG), A/F(ENG)-MAO, A disembarks Por" is
    # `A/F Eng disembarks Por`, the A/F named where it stands. A player who named the sea
    # it sails to, `A/F Nth disembarks Hol`, read only "France has no A/F in North Sea".
    started(talk)
    choose(talk)
    orders(talk, "FRANCE", "F Bre - Eng", "A Par - Pic")
    assert "January 1885 Movement is processed" in master(talk, "PROCESS").body
    sent = orders(talk, "FRANCE", "A Pic boards F Eng", "A/F Eng - Nth",
                  "A/F Nth disembarks Hol")
    assert ("line 4: A/F Nth disembarks Hol\n    France has no A/F in North Sea to land an "
            "army from: name the A/F where it stands before this month's move, A/F Eng "
            "disembarks Hol (it may land from the sea it moves to)") in sent.body, sent.body
    # The line the reply gives is taken, and lands the army in Holland.
    taken = orders(talk, "FRANCE", "A/F Eng disembarks Hol")
    assert "error" not in taken.body.lower(), taken.body
    assert "February 1885 Movement is processed" in master(talk, "PROCESS").body
    board = orders(talk, "FRANCE", "BOARD").body
    assert "France:   A Holland" in board, board
