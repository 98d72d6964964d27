"""Orders that name what their writer cannot see, under Secret and Stab Envoy (issue #13
items 1, 3 and 8, and the confirmation of an army beside a diplomat).

An order naming a unit, place or fact outside its writer's knowledge is taken as written
and judged at adjudication: the reply is the same whatever really stands there. The
`same_replies` tests send one order twice, naming a unit the writer cannot see and then a
place that is really empty, and the two replies must be one text but for the place's name;
the others follow such orders to the deadline and read what their writer is told.
"""

from __future__ import annotations

import re

from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, Player, reply

FRANCE, GERMANY = "FRANCE", "GERMANY"
# Spring 1914 for the tests that need a board after one turn: France's fleet enters the
# Channel and two armies move (Burgundy, Spain, where France's diplomat stands); all of
# Germany's units hold. Nothing meets anything: under Stab (12d) France sees nothing of
# Germany's armies and fleets, nor of England's (a Major Neutral's units, 12c).
SPRING = {FRANCE: "F bre-eng\nA par-bur\nA mar-spa\nA ven h\nA rom h\nF nap h",
          GERMANY: "F kie h\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h"}


def after_spring(talk: Conversation, hidden: str) -> dict[str, Player]:
    players = placed(talk, hidden)
    say(talk, players[FRANCE], SPRING[FRANCE])
    say(talk, players[GERMANY], SPRING[GERMANY])  # complete: the turn is processed
    for who in (MASTER, ANN, BOB):
        talk.mails_to(who)
    return players


def same_replies(player: Player, talk: Conversation, hidden: str, empty: str,
                 names: dict[str, str]) -> str:
    """The reply to `hidden`, after checking that the reply to `empty` is the same text
    once `names` (what `hidden` names -> what `empty` names) are swapped."""
    first = say(talk, player, hidden).body
    second = say(talk, player, empty).body
    swapped = first
    for old, new in names.items():  # whole words: 'hol' is no part of 'holds'
        swapped = re.sub(rf"\b{re.escape(old)}\b", new, swapped)
    assert swapped == second
    return first


def test_a_support_of_an_unseen_army_is_taken_as_one_of_an_empty_province(
        talk: Conversation) -> None:
    # Germany's army in Munich is hidden from France (12); Bohemia is empty.
    players = placed(talk, hidden="stab")
    answer = same_replies(players[FRANCE], talk, "A ven S A mun-tyr", "A ven S A boh-tyr",
                          {"mun": "boh", "Munich": "Bohemia"})
    assert "Errors" not in answer
    assert "A Venice SUPPORT A Munich -> Tyrolia." in answer


def test_a_unit_of_the_wrong_type_or_not_there_gets_one_answer(talk: Conversation) -> None:
    # Kiel holds a German fleet, which cannot reach Ruhr, and London an English fleet,
    # which cannot be convoyed; Holland and Wales hold no army or fleet. France sees none.
    players = after_spring(talk, "stab")
    france = players[FRANCE]
    support = same_replies(france, talk, "A bur S A kie-ruh", "A bur S A hol-ruh",
                           {"kie": "hol", "Kiel": "Holland"})
    convoy = same_replies(france, talk, "F eng C A lon-bel", "F eng C A wal-bel",
                          {"lon": "wal", "London": "Wales"})
    for answer in (support, convoy):
        assert "Errors" not in answer and "cannot" not in answer and "fleet" not in answer
    assert "A Burgundy SUPPORT A Kiel -> Ruhr." in support
    assert "F English Channel CONVOY A London -> Belgium." in convoy


def test_an_army_order_is_confirmed_as_the_army_s_beside_a_diplomat(
        talk: Conversation) -> None:
    # France's army entered Spain, where France's diplomat stands (`placed`).
    players = after_spring(talk, "stab")
    answer = say(talk, players[FRANCE], "A spa-por").body
    assert "  A Spain -> Portugal.\n" in answer
    assert "D Spain -> Portugal" not in answer


def test_under_secret_a_hidden_diplomat_is_supported_as_an_empty_space(
        talk: Conversation) -> None:
    # Germany's diplomat in Holland is hidden from France (11); Norway is empty.
    players = placed(talk, hidden="secret")
    answer = same_replies(players[FRANCE], talk, "D bel S D hol", "D bel S D nwy",
                          {"hol": "nwy", "Holland": "Norway"})
    assert "Errors" not in answer
    assert "D Belgium SUPPORT D Holland." in answer


def test_under_secret_armies_and_fleets_are_known_so_an_empty_province_is_refused(
        talk: Conversation) -> None:
    # Secret Envoy publishes every army and fleet (11): France knows Bohemia is empty.
    players = placed(talk, hidden="secret")
    answer = say(talk, players[FRANCE], "A ven S A boh-tyr").body
    assert "line 2: A ven S A boh-tyr\n    there is no unit in Bohemia to support\n" in answer


def test_orders_sent_ahead_are_checked_on_what_their_writer_knows(
        talk: Conversation) -> None:
    # Sent in Spring for the Fall: a support of Germany's hidden army in Munich and one of
    # an army in empty Ruhr. When the Fall opens, both are France's orders; the report that
    # opens it says nothing of either.
    players = placed(talk, hidden="stab")
    ahead = say(talk, players[FRANCE], "PHASE F1914M\nA ven S A mun-tyr\nA par S A ruh-bur\n"
                "PHASE\n" + SPRING[FRANCE].replace("A par-bur", "A par h")).body
    assert "Errors" not in ahead
    say(talk, players[GERMANY], SPRING[GERMANY])
    opening = [m.body for m in talk.mails_to(ANN) if "Spring 1914" in m.subject]
    assert opening and all("sent ahead" not in body for body in opening)
    status = say(talk, players[FRANCE], "A mar h").body
    assert "A Venice SUPPORT A Munich -> Tyrolia." in status
    assert "A Paris SUPPORT A Ruhr -> Burgundy." in status


def test_a_support_or_convoy_of_what_is_not_there_reads_as_void_after_the_turn(
        talk: Conversation) -> None:
    # Judged at adjudication, the support (Kiel's unit is a fleet) and the convoy (Wales is
    # empty) are illegal on the real board; their writer is told only that they were void.
    players = after_spring(talk, "stab")
    say(talk, players[FRANCE], "A bur S A kie-ruh\nF eng C A wal-bel\nA spa h\nA ven h\n"
        "A rom h\nF nap h")
    say(talk, players[GERMANY], SPRING[GERMANY])
    report = next(m.body for m in talk.mails_to(ANN) if "Fall 1914 Movement" in m.subject)
    assert "  A Burgundy SUPPORT A Kiel -> Ruhr. (*void*)\n" in report
    assert "  F English Channel CONVOY A Wales -> Belgium. (*void*)\n" in report
    assert "illegal" not in report and "fleet" not in report


def test_a_diplomat_build_beside_a_hidden_rival_is_taken_and_meets_it_as_a_contact(
        talk: Conversation) -> None:
    # Germany's diplomat goes Holland -> English Channel -> France, meeting no diplomat of
    # France's (all of them stand abroad: `placed`), so France cannot see it (12d). France
    # takes Spain and builds a diplomat at home: the line is taken like any other, and at
    # the deadline the new diplomat meets Germany's, a contact told to both players.
    players = placed(talk, hidden="stab")
    say(talk, players[FRANCE], SPRING[FRANCE])
    say(talk, players[GERMANY], SPRING[GERMANY] + "\nD Hol-Eng")
    say(talk, players[FRANCE], "A bur h\nA spa h\nF eng h\nA ven h\nA rom h\nF nap h")
    say(talk, players[GERMANY], SPRING[GERMANY] + "\nD Eng-Fra")
    for who in (MASTER, ANN, BOB):
        talk.mails_to(who)
    answer = say(talk, players[FRANCE], "Build D Par").body
    assert "Errors" not in answer and "Germany" not in answer and "GERMANY" not in answer
    assert "  BUILD D Paris.\n" in answer
    # France is due two builds: the diplomat takes one, as far as France may be told.
    more = say(talk, players[FRANCE], "Build A Mar\nBuild F Bre").body
    assert ("France may build 2 units in Winter 1914 Adjustments, and 'Build D Par' (sent "
            "earlier), 'Build A Mar' (line 2) already take them") in more
    reply(talk, MASTER, "SIGNON Mbeta gmpw\nPROCESS W1914A")
    for address in (ANN, BOB):
        report = next(m.body for m in talk.mails_to(address) if "Winter 1914" in m.subject)
        assert "France:   BUILD D France. (*bounce*)\n" in report


def test_retreats_told_leave_out_only_what_their_reader_knows_is_barred(
        talk: Conversation) -> None:
    # Germany's army takes Ruhr and Berlin's army takes Munich, meeting nothing; in the Fall
    # Ruhr, supported by Munich (a support is not told, 12d), dislodges France's army in
    # Burgundy. France sees its own army in Marseilles, knows the attack came from Ruhr,
    # and sees nothing in Munich: the retreats it is told include Munich, where the army
    # then bounces off the unseen unit and is disbanded (1971 rules).
    players = placed(talk, hidden="stab")
    say(talk, players[FRANCE], "A par-bur\nA mar h\nF bre h\nA ven h\nA rom h\nF nap h")
    say(talk, players[GERMANY], "A mun-ruh\nA ber-mun\nF kie h\nF tri h\nA vie h\nA bud h")
    say(talk, players[FRANCE], "A bur h\nA mar h\nF bre h\nA ven h\nA rom h\nF nap h")
    say(talk, players[GERMANY], "A ruh-bur\nA mun S A ruh-bur\nF kie h\nF tri h\nA vie h\n"
        "A bud h")
    report = next(m.body for m in talk.mails_to(ANN) if "Fall 1914 Movement" in m.subject)
    assert ("  The French A Burgundy can retreat to Belgium, Gascony, Munich, Paris, "
            "Picardy.\n") in report
    refused = say(talk, players[FRANCE], "A bur-ber").body
    assert ("    A Burgundy cannot retreat to Berlin; it may retreat to Belgium, Gascony, "
            "Munich, Paris, Picardy\n") in refused
    taken = say(talk, players[FRANCE], "A bur-mun").body
    assert "Errors" not in taken and "  A Burgundy -> Munich.\n" in taken
    # Germany has no retreat, but a hidden game waits for every player's answer (issue #13
    # item 7): the master processes the phase.
    reply(talk, MASTER, "SIGNON Mbeta gmpw\nPROCESS F1914R")
    retreats = next(m.body for m in talk.mails_to(ANN) if "Fall 1914 Retreats" in m.subject)
    # The bounce's line tells the army's end, as a standard bounced retreat's does: no
    # second DISBAND line for it, which a real bounce never has (blind.py).
    assert "France:   A Burgundy -> Munich. (*bounce, destroyed*)\n" in retreats
    assert "DISBAND" not in retreats
    assert "illegal" not in retreats
    # 12b, "All retreats, including disbandments", to every player: Germany, whose army
    # barred Munich, reads France's retreat and its end as France does (advsec8 found it
    # told to nobody else: the illegal order was no retreat, and its disbandment gone).
    theirs = next(m.body for m in talk.mails_to(BOB) if "Fall 1914 Retreats" in m.subject)
    assert "France:   A Burgundy -> Munich. (*bounce, destroyed*)\n" in theirs
    assert "DISBAND" not in theirs and "illegal" not in theirs


def test_a_move_counting_on_unseen_fleets_is_taken_and_fails_for_want_of_a_convoy(
        talk: Conversation) -> None:
    # No fleet stands in the Gulf of Lyon or the seas beyond, but France cannot know it
    # (12): the move is taken, and at the deadline it fails for want of a convoy.
    players = placed(talk, hidden="stab")
    answer = say(talk, players[FRANCE], "A mar-tun\nA par h\nF bre h\nA ven h\nA rom h\n"
                 "F nap h").body
    assert "Errors" not in answer and "  A Marseilles -> Tunis.\n" in answer
    say(talk, players[GERMANY], SPRING[GERMANY])
    report = next(m.body for m in talk.mails_to(ANN) if "Spring 1914 Movement" in m.subject)
    assert "France:   A Marseilles -> Tunis. (*no convoy*)\n" in report
    assert "fleets" not in report and "illegal" not in report
