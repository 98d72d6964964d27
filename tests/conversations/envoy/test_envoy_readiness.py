"""When a hidden-information game's turn processes (issue #13 item 7): what a player owes
depends on what the others may not know (his hidden diplomats and the allies they make,
rule 11; his centres and builds, rule 12e), so the turn waits for every player's answer,
whatever he owes, or for the deadline (docs/variants/envoy.md, "Playing by mail").

Ann plays France, Bob Germany (envoy_setup.placed: Italy is France's Major Ally, Austria
Germany's).
"""

from __future__ import annotations

import pytest

from judge.game.games import find_game
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, envoy_game, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import Player, account, reply

FRANCE_HOLDS = "F bre h\nA par h\nA mar h\nA ven h\nA rom h\nF nap h"
PROCESSED = "Every player has sent orders: {} has been processed and the reports sent."


def open_phase(talk: Conversation) -> str:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        assert turn is not None
        return turn.phase


def to_winter_with_germany_owing_nothing(talk: Conversation, hidden: str) -> dict[str, Player]:
    """France takes Munich in 1914; Germany is left Berlin (twice, rule 3) and Kiel for its
    three units, and owes nothing in Winter 1914 (Austria, his ally, neither)."""
    players = placed(talk, hidden=hidden)
    say(talk, players["FRANCE"], FRANCE_HOLDS.replace("A par h", "A par-bur"))
    say(talk, players["GERMANY"], "F kie h\nA ber h\nA mun-ruh\nF tri h\nA vie h\nA bud h")
    say(talk, players["FRANCE"], FRANCE_HOLDS.replace("A par h", "A bur-mun"))
    say(talk, players["GERMANY"], "F kie h\nA ber h\nA ruh h\nF tri h\nA vie h\nA bud h")
    assert open_phase(talk) == "W1914A"
    return players


def test_an_adjustment_turn_waits_for_a_player_who_owes_nothing(talk: Conversation) -> None:
    # Under Stab France cannot know Germany owes nothing (12e).
    players = to_winter_with_germany_owing_nothing(talk, "stab")
    builds = say(talk, players["FRANCE"], "Build A Par\nWAIVE").body
    assert "Your orders are complete." in builds
    assert "Turn processed" not in builds and open_phase(talk) == "W1914A"
    # Germany, with nothing to order, answers all the same (CLEAR: an empty set).
    answer = say(talk, players["GERMANY"], "CLEAR").body
    assert PROCESSED.format("W1914A") in answer
    assert open_phase(talk) == "S1915M"


@pytest.mark.parametrize("germany", [
    "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol",  # Austria: Germany's Major Ally
    "Build D Den\nBuild D Den\nBuild D Hol\nBuild D Hol",  # Austria: a Major Neutral
])
def test_when_a_turn_processes_tells_nothing_of_a_hidden_major_ally(
        talk: Conversation, germany: str) -> None:
    # Germany orders his own three units only. Whether Austria's three are his to order
    # too is hidden from France (rule 11: Germany's diplomats met none of France's), so
    # France's answer must be the same in both games.
    players = envoy_game(talk, hidden="secret")
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], germany)
    say(talk, players["GERMANY"], "F kie h\nA ber h\nA mun h")
    answer = say(talk, players["FRANCE"], FRANCE_HOLDS).body
    assert answer.split("Turn processed\n--------------\n")[1] == PROCESSED.format("S1914M") + "\n"
    assert open_phase(talk) == "F1914M"


@pytest.mark.parametrize("germany", [
    "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol",
    "Build D Den\nBuild D Den\nBuild D Hol\nBuild D Hol",
])
def test_the_deadline_does_not_wait_on_a_hidden_major_allys_orders(
        talk: Conversation, germany: str) -> None:
    # The same two games at the deadline: Germany asked to WAIT and ordered his own
    # units only. Grace (a later processing everyone sees) would tell France that Austria
    # is Germany's; the turn processes at the deadline in both.
    players = envoy_game(talk, hidden="secret")
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], germany)
    say(talk, players["GERMANY"], "SET WAIT\nF kie h\nA ber h\nA mun h")
    say(talk, players["FRANCE"], FRANCE_HOLDS)
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        assert turn is not None and turn.phase == "S1914M" and turn.deadline is not None
        deadline = turn.deadline
    talk.clock.set(deadline)
    swept = sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    assert swept == ["beta S1914M: processed (the deadline passed with every power's orders "
                     "complete)"]
    assert open_phase(talk) == "F1914M"


def test_list_names_the_players_yet_to_send_orders_to_every_reader(
        talk: Conversation) -> None:
    # Under Stab Germany's units are hidden from France and from the public, so whether
    # they are all ordered is too; who has sent nothing yet is what LIST can say to all.
    players = placed(talk, hidden="stab")
    account(talk, "watcher@example.org")
    reply(talk, "watcher@example.org", "OBSERVE beta seepw")
    say(talk, players["FRANCE"], FRANCE_HOLDS.replace("F nap h", ""))  # one unit short
    readers = {"public": ("stranger@example.org", "LIST beta"),
               "observer": ("watcher@example.org", "SIGNON Obeta seepw\nLIST beta"),
               "France": (ANN, "SIGNON Fbeta pw-a\nLIST beta"),
               "Germany": (BOB, "SIGNON Gbeta pw-b\nLIST beta")}
    for who, (address, body) in readers.items():
        account(talk, address)
        text = reply(talk, address, body).body
        assert "    Orders not yet sent by: Germany\n" in text, who
        assert "Orders missing or incomplete" not in text, who
    say(talk, players["GERMANY"], "SET WAIT\nF kie h")
    assert "    Orders not yet sent by: nobody\n" in reply(talk, ANN, "LIST beta").body


def test_plain_envoy_still_processes_once_every_order_owed_is_in(talk: Conversation) -> None:
    # Nothing is hidden: France's builds are the last orders owed, as everyone can see.
    players = to_winter_with_germany_owing_nothing(talk, "none")
    builds = say(talk, players["FRANCE"], "Build A Par\nWAIVE").body
    assert ("Every power's orders were complete: W1914A has been processed and the reports "
            "sent.") in builds
    assert open_phase(talk) == "S1915M"


COUNTED = "Counted as your answer\n"


def test_a_short_answer_is_told_it_counts_where_the_game_hides_anything(
        talk: Conversation) -> None:
    # Under Stab the turn goes ahead on every player's answer, so France, one unit short
    # (and with a line refused), must learn that her message was her answer all the same.
    players = placed(talk, hidden="stab")
    short = say(talk, players["FRANCE"], FRANCE_HOLDS.replace("F nap h", "F nap - Mos")).body
    assert "Still without orders: " in short and COUNTED in short
    assert "even if none of its orders were taken" in short
    complete = say(talk, players["FRANCE"], FRANCE_HOLDS).body
    assert "Your orders are complete." in complete and COUNTED not in complete


def test_no_such_note_where_nothing_is_hidden(talk: Conversation) -> None:
    # Plain Envoy waits for every order owed: a short answer does not move the turn.
    players = placed(talk, hidden="none")
    short = say(talk, players["FRANCE"], FRANCE_HOLDS.replace("F nap h", "")).body
    assert "Still without orders: " in short and COUNTED not in short
