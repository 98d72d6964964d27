"""Envoy by mail: a diplomat's order for a space where the writer has no diplomat, written
with a home province for its country (5.ii: `D Fra-Bur` and `D Par-Bur` are `D Fra-Fra`),
was taken on arrival and shown in his order set ("D Paris -> Burgundy."), though the
adjudication finds it illegal: the refusal named the order as read, not as given."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import placed, say
from tests.conversations.harness import Conversation


def test_an_order_for_a_diplomat_not_there_is_refused_on_arrival(talk: Conversation) -> None:
    players = placed(talk)  # France's four diplomats: two in Italy, Spain, Belgium
    sent = say(talk, players["FRANCE"], "D Fra-Bur\nD Par - Bur\nD Bel-Hol")
    assert "line 2: D Fra-Bur\n    there is no unit in France\n" in sent.body, sent.body
    assert "line 3: D Par - Bur\n    there is no unit in France\n" in sent.body, sent.body
    assert "  D Belgium -> Holland.\n" in sent.body, sent.body
    assert "D Paris -> Burgundy." not in sent.body and "D France -> Burgundy." not in \
        sent.body, sent.body
