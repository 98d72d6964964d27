"""Envoy by mail: a line with no kind that the movement handler reads as a diplomat's
(variants/envoy/rules.py EnvoyMovement._main: no army or fleet of the writer's where his
diplomat stands) is an order for that diplomat, and sits in his slot of the order set.

It sat in a slot of its own (the province's, as an army's would), beside `D Bel H`'s: in
one message the engine refused the second line ("was given 2 different orders") and kept
the first, where DATC 4.D.3 (duplicate_orders=hold) keeps neither; across messages the
later did not replace the earlier (DATC 4.D.1). With a home province (5.ii: Munich is
Germany for a diplomat) the lines were taken both, "Your orders are complete", and both
were void as duplicates at the deadline."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import set_rule
from tests.conversations.seating_helpers import Player

ITALY = "A ven H\nA rom H\nF nap H"
FRANCE = f"A par H\nA mar H\nF bre H\n{ITALY}"
GERMANY = "A ber H\nF kie H\nA vie H\nA bud H\nF tri H\nA mun H"


def test_two_orders_for_one_diplomat_in_one_message_clash(talk: Conversation) -> None:
    players = placed(talk)  # France's diplomats: two in Italy, Spain, Belgium
    body = say(talk, players["FRANCE"], "D Bel H\nbel-hol").body
    assert "line 2: D Bel H\n    lines 2 and 3 give D Belgium different orders in one " \
        "message, so none of them stands" in body, body
    assert "line 3: bel-hol\n    lines 2 and 3 give D Belgium" in body, body
    assert "D Belgium HOLD." not in body and "D Belgium -> Holland." not in body, body


def test_a_later_line_with_no_kind_replaces_the_diplomats_order(talk: Conversation) -> None:
    players = placed(talk)
    say(talk, players["FRANCE"], "D Bel H")
    body = say(talk, players["FRANCE"], "bel-hol").body
    assert "Errors" not in body, body
    assert "  D Belgium -> Holland.\n" in body and "D Belgium HOLD." not in body, body
    body = say(talk, players["FRANCE"], "D Bel-Bur").body
    assert "  D Belgium -> Burgundy.\n" in body and "Holland" not in body, body


def _in_germany(talk: Conversation) -> dict[str, Player]:
    """France's diplomat of Belgium walks into Germany in Spring 1914 (Germany holds)."""
    players = placed(talk)
    say(talk, players["FRANCE"], f"{FRANCE}\nD bel-ger")
    assert "Turn processed" in say(talk, players["GERMANY"], GERMANY).body
    return players


def test_a_home_province_is_the_diplomats_country_in_one_message(
        talk: Conversation) -> None:
    players = _in_germany(talk)
    body = say(talk, players["FRANCE"], f"{FRANCE}\nD ger H\nmun-bel").body
    assert "give D Germany different orders in one message, so none of them stands" \
        in body, body
    assert "D Germany HOLD." not in body and "Belgium" not in body, body


def test_a_home_province_is_the_diplomats_country_across_messages(
        talk: Conversation) -> None:
    players = _in_germany(talk)
    say(talk, players["FRANCE"], f"{FRANCE}\nD ger H")
    body = say(talk, players["FRANCE"], "mun-bel").body
    assert "Errors" not in body, body
    # Shown as the judge reads it: the diplomat's move, not one for the army of Munich.
    assert "  D Germany -> Belgium.\n" in body and "D Germany HOLD." not in body, body
    assert "Munich" not in body.split("Orders for France")[1], body
    assert "Turn processed" in say(talk, players["GERMANY"], GERMANY).body
    report = talk.mails_to(players["FRANCE"].address)[-1].body
    assert "France:   D Germany -> Belgium.\n" in report, report


def test_under_duplicate_orders_last_the_later_line_stands_for_the_diplomat(
        talk: Conversation) -> None:
    """The lines name Germany and Munich, but one unit: they are told so by its name, not
    as lines for one slot at different places (which printed the set's key)."""
    players = _in_germany(talk)
    set_rule(talk, duplicate_orders="last")
    body = say(talk, players["FRANCE"], f"{FRANCE}\nD ger H\nmun-bel").body
    assert "line 8: D ger H\n    replaced by line 9: the last order for D Germany in a " \
        "message stands\n" in body, body
    assert "line 9: mun-bel\n    stands: it replaces line 8 (the last order for D Germany " \
        "in a message stands)\n" in body, body
    assert "  D Germany -> Belgium.\n" in body, body
