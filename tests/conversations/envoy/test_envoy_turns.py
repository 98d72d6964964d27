"""Envoy turns by mail: placement, allies' orders in the writer's message, late powers."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, envoy_game, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER
from tests.conversations.seating_helpers import reply as mail_reply


def test_placement_by_mail_is_processed_once_both_players_have_written(
        talk: Conversation) -> None:
    players = envoy_game(talk)
    first = say(talk, players["FRANCE"],
                "Place D Bel\nBuild D Bel\nBuild D Spa\nBuild D Fra\nBuild A Bre").body
    # Two diplomats to one space are two orders; the change of type is shown as written.
    assert ("  BUILD D Belgium.\n  BUILD D Belgium.\n  BUILD D Spain.\n  BUILD D France.\n"
            "  BUILD A Brest.\n") in first
    assert "Turn processed" not in first
    early = say(talk, players["GERMANY"], "Build D Hol\nBuild D Ger\nA kie-hol").body
    # The turn waits for all four diplomats (rule 4); two are placed so far.
    assert "line 4: A kie-hol\n    the placement turn takes only" in early
    assert "Still without orders: 2 more diplomats" in early
    assert "Turn processed" not in early
    second = say(talk, players["GERMANY"], "Build D Den\nBuild D Ger").body
    assert "Every power's orders were complete: W1913P has been processed" in second
    report = talk.mails_to(ANN)[-1]
    assert report.subject == "beta: Winter 1913 Placement results"
    assert "France:   BUILD A Brest.\n" in report.body
    assert "The next phase is Spring 1914 Movement." in report.body


def test_a_player_orders_his_major_allys_units_in_his_own_message(
        talk: Conversation) -> None:
    players = placed(talk)
    france = players["FRANCE"]
    first = say(talk, france, "A ven-tyr\nF bre-mao").body
    # Italy is France's Major Ally: its units are France's to order, and waited for.
    assert "Still without orders: A Marseilles, A Paris, A Rome, F Naples" in first
    last = say(talk, france, "A rom-apu\nF nap-ion\nA mar h\nA par h\nD Ita-Aus").body
    assert ("  A Venice -> Tyrolia.\n  F Brest -> Mid-Atlantic Ocean.\n  A Rome -> Apulia.\n"
            "  F Naples -> Ionian Sea.\n  A Marseilles HOLD.\n  A Paris HOLD.\n"
            "  D Italy -> Austria.\n") in last
    assert "Your orders are complete." in last
    assert "Turn processed" not in last  # Germany has not written
    germany = say(talk, players["GERMANY"],
                  "A kie h\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h").body
    assert "Turn processed" in germany
    master = talk.mails_to(MASTER)[-1].body
    # The results stand under the unit's country (rule 6), ordered by its player.
    assert "Italy:    A Venice -> Tyrolia.\n" in master
    assert "Italy:    F Naples -> Ionian Sea.\n" in master
    assert "Austria:  A Vienna HOLD.\n" in master


def test_an_order_for_another_players_ally_is_refused_and_neutrals_are_not_waited_for(
        talk: Conversation) -> None:
    players = placed(talk)
    reply = say(talk, players["FRANCE"], "A vie-gal\nA rus-ukr").body
    assert "line 2: A vie-gal\n    A Vienna belongs to Austria, not France" in reply
    listing = reply_of(talk, MASTER, "SIGNON Mbeta gmpw\nLIST beta")
    # England, Russia and Turkey are Major Neutrals (never visited): nobody orders them,
    # and they are never waited for; Italy's and Austria's units are their players' to order.
    assert "Orders missing or incomplete: France, Germany\n" in listing


def reply_of(talk: Conversation, sender: str, body: str) -> str:
    return mail_reply(talk, sender, body).body
