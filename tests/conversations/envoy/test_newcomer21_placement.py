"""Envoy's Winter 1913 placement turn (rule 4) as a newcomer meets it by mail: the start
notice said only "The first phase is Winter 1913 Placement", and the reply to his builds,
in a game that hides anything, said what is left unordered takes "the rules' default (a
unit holds)", which means nothing in a turn of builds."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, BOB, create, join, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import Player

ANN_FRANCE = Player("FRANCE", ANN, "pw-a")


def _started(talk: Conversation, hidden: str) -> str:
    """Ann's start notice (France; Bob is Russia)."""
    create(talk, f"hidden={hidden}")
    join(talk, ANN, "F G E I A R T")
    join(talk, BOB, "R F E I A G T")
    [notice] = [m for m in talk.mails_to(ANN) if m.subject == "beta: the game has started"]
    talk.mails_to(BOB)
    return notice.body


def test_the_start_notice_says_what_the_placement_turn_takes(talk: Conversation) -> None:
    notice = _started(talk, "none")
    assert ("Winter 1913 Placement is the rules' placement turn (Envoy 4): its orders are "
            "builds, not moves. Send Build D <space> (or Place D <space>) for each of your 4 "
            "diplomats, in France (Fra) or a space one diplomat move from it: Belgium (Bel), "
            "English Channel (Eng), Germany (Ger), Italy (Ita), Gulf of Lyon (Lyo), "
            "Mid-Atlantic Ocean (Mao), Spain (Spa). Build D Bel twice sends two there; "
            "diplomats you do not place stay in France.\n"
            "You may also change the type of one of your units, once: Build A Bre makes "
            "F Brest an army.\n") in notice, notice
    # What it says is what the turn takes: the example lines are accepted as written.
    sent = say(talk, ANN_FRANCE, "Build D Bel\nBuild D Bel\nBuild A Bre")
    assert "error" not in sent.body.lower(), sent.body
    assert "Still without orders: 2 more diplomats\n" in sent.body, sent.body


def test_the_placement_reply_names_no_unit_holding(talk: Conversation) -> None:
    _started(talk, "stab")
    sent = say(talk, ANN_FRANCE, "Build D Bel")
    assert "Counted as your answer" in sent.body, sent.body
    assert "a unit holds" not in sent.body, sent.body
    assert "what is still without orders takes the rules' default. Send" in sent.body
    # In Spring 1914 Movement the default is the hold again.
    say(talk, Player("RUSSIA", BOB, "pw-b"), "Build D Rus")
    moved = say(talk, ANN_FRANCE, "A Par - Bur")
    assert "takes the rules' default (a unit holds). Send" in moved.body, moved.body
