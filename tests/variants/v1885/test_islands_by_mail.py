"""An army in Ireland by mail (issue #16 item 1): England takes Ireland with a fleet, builds
an army there in March (Ireland is England's build site while she owns it, l.27-29; an
army may stand on the island, provinces.csv `stands`), and ferries it to Liverpool in
April. The game plays with `centres_change=monthly`, so that Ireland is England's after
February and empty again when the March builds come."""

from __future__ import annotations

from judge.engine.position import Position
from judge.game.games import find_game, position_of
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import GAME, address, choose, master, orders, started


def _position(talk: Conversation) -> Position:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        assert turn is not None
        return position_of(turn)


def _england(talk: Conversation, phase: str, *lines: str) -> None:
    assert str(_position(talk).phase) == phase
    sent = orders(talk, "ENGLAND", *lines)
    assert "error" not in sent.body.lower(), sent.body
    done = master(talk, "PROCESS")
    assert "is processed" in done.body, done.body


def _report(talk: Conversation, title: str) -> str:
    [found] = [m.body for m in talk.mails_to(address("FRANCE")) if f"1885-III: {title}" in m]
    return found


def test_england_builds_an_army_in_ireland_and_ferries_it_home(talk: Conversation) -> None:
    started(talk, "centres_change=monthly")
    choose(talk)
    _england(talk, "JAN1885M", "F Lvp - Iri")
    _england(talk, "FEB1885M", "F Iri - Ire")
    assert _position(talk).owners["ire"] == "ENGLAND"
    _england(talk, "MAR1885M", "F Ire - Nao")
    _england(talk, "MARB1885A", "Build A Ire")
    assert ("ENGLAND", "A", "ire") in {(u.power, u.kind, u.loc) for u in _position(talk).units}
    march = _report(talk, "March 1885 Adjustments")
    assert "England:  BUILD A Ireland." in march, march
    _england(talk, "APR1885M", "A Ire - Lvp", "F Nao C A Ire - Lvp")
    english = {(u.kind, u.loc) for u in _position(talk).units if u.power == "ENGLAND"}
    assert {("A", "lvp"), ("F", "nao")} <= english and ("A", "ire") not in english
    april = _report(talk, "April 1885 Movement")
    assert "England:  A Ireland -> Liverpool." in april, april
