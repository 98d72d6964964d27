"""Envoy by mail, rule 5.ii: a line for a diplomat written with a home province and no kind
(`mun-bel`: Munich is Germany for a diplomat) is an order for the diplomat in Germany. So
after the phase has moved on, it is no late order when the writer's own orders for that
phase held one for the diplomat (`D ger H`): those came in time (judge/game/refusals.py
`_late`); and it is a late order when they held none. Likewise `D ger-bel` after an
in-time `mun H`. `D ger-bel` itself was answered in the engine's ids ("not
Move(loc='ger', ...)") with no note: it is a move, which a winter does not take. An
army's line after its in-time order is no late one either, with its kind or without; nor
a numbered line for a stack his orders held a line for (5.v), numbered or not. In every
flavour: plain, Secret and Stab."""

from __future__ import annotations

import pytest

from tests.conversations.envoy.envoy_setup import placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import Player

ITALY = "A ven H\nA rom H\nF nap H"
SPRING = f"A par H\nA mar-spa\nF bre H\n{ITALY}\nD bel-ger"
FALL = f"A par H\nA spa H\nF bre H\n{ITALY}"
GERMANY = "A ber H\nF kie H\nA vie H\nA bud H\nF tri H\nA mun H"
MOVED_ON = "The phase has moved on"
WRONG_KIND = "is a move, but Winter 1914 Adjustments takes only builds"
FLAVOURS = ["none", "secret", "stab"]


def _winter(talk: Conversation, hidden: str, fall: str) -> Player:
    """France's diplomat walks into Germany in Spring 1914 and France takes Spain, sending
    `fall` for the autumn: a build is due in Winter 1914, which opens."""
    players = placed(talk, hidden)
    france = players["FRANCE"]
    say(talk, france, SPRING)
    assert "Turn processed" in say(talk, players["GERMANY"], GERMANY).body
    say(talk, france, f"{FALL}\n{fall}")
    assert "Turn processed" in say(talk, players["GERMANY"], GERMANY).body
    report = talk.mails_to(france.address)[-1].body
    assert "Envoy: Fall 1914 Movement\n" in report and "D Germany" in report, report
    return france


@pytest.mark.parametrize("hidden", FLAVOURS)
@pytest.mark.parametrize(("fall", "late"), [("D ger H", "mun-bel"), ("mun H", "D ger-bel"),
                                            ("mun H", "mun-bel"), ("D ger H", "D ger-bel"),
                                            ("", "par-pic"), ("", "A par-pic"),
                                            ("D ita H", "2 D ita-fra"),
                                            ("2 D ita H", "D ita-fra"),
                                            ("1 D ita H", "1 D ita-fra")])
def test_a_line_for_a_diplomat_ordered_in_time_is_not_late(
        talk: Conversation, hidden: str, fall: str, late: str) -> None:
    france = _winter(talk, hidden, fall)
    body = say(talk, france, late).body
    assert WRONG_KIND in body or late[0].isdigit(), body  # a numbered line reads in movement only
    assert MOVED_ON not in body, body


@pytest.mark.parametrize("hidden", FLAVOURS)
@pytest.mark.parametrize("late", ["mun-bel", "D ger-bel", "Germany - Belgium", "2 D ita-fra"])
def test_a_line_for_a_diplomat_not_ordered_in_time_is_late(
        talk: Conversation, hidden: str, late: str) -> None:
    france = _winter(talk, hidden, "D ger H" if late[0].isdigit() else "")
    body = say(talk, france, late).body
    assert WRONG_KIND in body or late[0].isdigit(), body
    assert f"{MOVED_ON}: it is now Winter 1914 Adjustments. This order fits Fall 1914 " \
        "Movement" in body, body
