"""A newcomer's Engineered orders by mail: replies that once named the wrong place or left
out what he needed to put the line right."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.engineered.test_newcomer_builds import france_to_winter_1901
from tests.variants.folder_games import send_orders, started


def test_placements_replaced_name_the_placement_not_the_last_ones_place(
        talk: Conversation) -> None:
    # Lines 2 and 3 were once "replaced by line 4: the last order for Budapest in a message
    # stands", though they were about Vienna and Trieste (C1 1a: one engineer is placed).
    seats = started(talk, "engineered", players=7)
    sent = send_orders(talk, seats["AUSTRIA"], "E Vienna", "E Tri", "Place E Bud")
    replaced = "replaced by line 4: a power makes one engineer placement, and the last in a " \
        "message stands"
    assert f"line 2: E Vienna\n    {replaced}\nline 3: E Tri\n    {replaced}\n" in sent.body, \
        sent.body
    assert "line 4: Place E Bud\n    stands: it replaces lines 2 and 3 (a power makes one " \
        "engineer placement, and the last in a message stands)" in sent.body, sent.body
    assert "Budapest in a message" not in sent.body
    assert "  PLACE E Budapest.\n" in sent.body


def test_a_fighter_sent_to_sea_says_it_is_a_fighter_and_how_navies_are_written(
        talk: Conversation) -> None:
    # `F Nap - Ion` was once told only "a fighter cannot move to Ionian Sea": a newcomer
    # took F for a fleet and did not know Naples holds Italy's fighter (C1 1c).
    seats = started(talk, "engineered", players=7, options={"level": "complex"})
    sent = send_orders(talk, seats["ITALY"], "F Nap - Ion")
    assert "line 2: F Nap - Ion\n    a fighter cannot move to Ionian Sea: it moves only to " \
        "land (rn45 C7 7c); the unit in Naples is a fighter, not a navy (rn45 C1 1c: Italy " \
        "starts with a fighter in Naples instead of the navy); F is a fighter and N a navy " \
        "(B7); " in sent.body, sent.body


def test_an_engineer_over_the_count_says_how_many_france_may_have_and_has(
        talk: Conversation) -> None:
    # `build E Par` with six centres once said the limit without the number France has.
    # C3 3d (the default ratio): one always, one for every 4 centres: 1 for 6; France's
    # placed engineer (with the army, now in Belgium) is that one.
    seats = france_to_winter_1901(talk)
    sent = send_orders(talk, seats["FRANCE"], "build E Par")
    assert "line 2: build E Par\n    France may have no more engineers for its centres: 1 " \
        "for 6, and it has 1 (rn45 C3)\n" in sent.body, sent.body


def test_a_build_on_his_own_unit_beside_his_engineer_points_to_convert(
        talk: Conversation) -> None:
    # `Build A Bel` where France's army and engineer stand was once told only "Belgium is
    # not vacant"; what he can do there is convert the army (rn45 C2 2a).
    seats = france_to_winter_1901(talk, "E Bur - Bel")
    sent = send_orders(talk, seats["FRANCE"], "Build A Bel")
    assert "line 2: Build A Bel\n    Belgium is not vacant: your A Belgium stands there. To " \
        "change its kind, your engineer there converts it: CONVERT A Belgium TO N (or TO F) " \
        "(rn45 C2 2a)\n" in sent.body, sent.body
