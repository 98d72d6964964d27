"""Army/Fleets in a game by mail (issue #16): Italy's army boards its fleet in the Ionian,
the A/F sails to the Malta Sea and the army lands in Tunis, all in February 1885; the
orders are taken as written and the report tells each of them."""

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


def test_board_sail_and_land_by_mail(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    sent = orders(talk, "ITALY", "F Nap - Ion", "A Ven - Apu")
    assert "error" not in sent.body.lower(), sent.body
    master(talk, "PROCESS")
    assert str(_position(talk).phase) == "FEB1885M"
    sent = orders(talk, "ITALY", "A Apu boards F Ion", "A/F Ion - Mal",
                  "A/F Ion disembarks Tun")
    assert "error" not in sent.body.lower(), sent.body
    master(talk, "PROCESS")
    units = {(u.power, u.kind, u.loc) for u in _position(talk).units if u.power == "ITALY"}
    assert {("ITALY", "A", "tun"), ("ITALY", "F", "mal")} <= units
    assert not any(loc in ("apu", "ion") for _, _, loc in units)
    [report] = [m.body for m in talk.mails_to(address("FRANCE"))
                if "February 1885" in m.subject and "results" in m.subject]
    for line in ("A Apulia BOARDS THE FLEET IN Ionian Sea.",
                 "AF Ionian Sea -> Malta Sea.", "AF Ionian Sea DISEMBARKS ITS ARMY IN Tunis."):
        assert line in report, report
