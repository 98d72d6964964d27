"""Stab Envoy by mail: nothing a player receives names the other's diplomats or the units
he has not seen (rule 12); the master sees everything."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, reply

# What each player must not learn in this game: where the other's diplomats stand (worked
# out from `placed`: France's in Italy x2, Spain, Belgium; Germany's in Austria x2,
# Denmark, Holland) and the other's own armies and fleets, which meet nothing below.
HIDDEN_FROM = {
    ANN: ("D Austria", "D Denmark", "D Holland", "Kiel", "Berlin", "Munich"),
    BOB: ("D Italy", "D Spain", "D Belgium", "Brest", "Paris", "Marseilles", "Mid-Atlantic"),
}
FRANCE_ORDERS = "F bre-mao\nA par h\nA mar h\nA ven h\nA rom h\nF nap h"
GERMANY_ORDERS = "F kie-hel\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h"


def leaks(address: str, mails: list[Mail]) -> list[str]:
    return [f"{word!r} in {m.subject!r}" for m in mails for word in HIDDEN_FROM[address]
            if word in m.body]


def test_an_unseen_unit_gets_the_answer_of_an_empty_province(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    answer = say(talk, players["FRANCE"], "A ber-sil\nA bur-par\nS kie\n").body
    # What she knows: a unit of another power there would be hidden from her (12d), so
    # "there is no unit" would say more than she may know.
    assert "line 2: A ber-sil\n    you have no unit in Berlin\n" in answer
    assert "line 3: A bur-par\n    you have no unit in Burgundy\n" in answer
    assert "Germany" not in answer and "GERMANY" not in answer and "Kiel" not in answer


def test_a_stab_envoy_turn_shows_each_player_nothing_of_the_other(
        talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    say(talk, players["FRANCE"], FRANCE_ORDERS)
    say(talk, players["GERMANY"], GERMANY_ORDERS)  # complete: the turn is processed
    for player in players.values():
        for command in ("LIST beta", "HISTORY beta", "SUMMARY beta"):
            say(talk, player, command)
    ann, bob = talk.mails_to(ANN), talk.mails_to(BOB)
    assert any("Spring 1914 Movement results" in m.subject for m in ann)
    assert any("Spring 1914 Movement results" in m.subject for m in bob)
    assert leaks(ANN, ann) == []
    assert leaks(BOB, bob) == []
    # Each sees his own: the check above would have found these in the other's mail.
    assert any("F Brest -> Mid-Atlantic Ocean." in m.body for m in ann)
    assert any("F Kiel -> Helgoland Bight." in m.body for m in bob)


def test_the_master_sees_everything(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    say(talk, players["FRANCE"], FRANCE_ORDERS)
    say(talk, players["GERMANY"], GERMANY_ORDERS)
    report = talk.mails_to(MASTER)[-1].body
    for word in (*HIDDEN_FROM[ANN], *HIDDEN_FROM[BOB]):
        if not word.startswith("D "):
            assert word in report, word
    board = reply(talk, MASTER, "SIGNON Mbeta gmpw\nHISTORY beta").body
    assert "D Denmark" in board and "D Spain" in board


def test_without_hidden_movement_the_same_scan_finds_the_other_players_units(
        talk: Conversation) -> None:
    players = placed(talk, hidden="none")
    say(talk, players["FRANCE"], FRANCE_ORDERS)
    say(talk, players["GERMANY"], GERMANY_ORDERS)
    ann = talk.mails_to(ANN)
    assert "'D Denmark' in 'beta: Spring 1914 Movement results'" in leaks(ANN, ann)
    assert "'Kiel' in 'beta: Spring 1914 Movement results'" in leaks(ANN, ann)
