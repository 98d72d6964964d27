"""The player madman by mail (rn45 D2, D3; the complex level): a player with no orders in
24 hours before the deadline is madmanned, everyone is told his units, the others bid for
them with BID lines and are answered, and the turn is adjudicated with D3's tally."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from judge.store.models import Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import MASTER, started

Seats = dict[str, tuple[str, str]]
CLOSED = ("bidding opens 24 hours before the deadline, for the units of players who have "
          "sent no orders by then (rn45 D2)")
DISORDER = ("(*in civil disorder: offered in the winning bid for the unit in Ankara "
            "(rn45 D3 3b)*)")


def _send(talk: Conversation, seats: Seats, power: str, *lines: str) -> Mail:
    reply = talk.send(seats[power][0], "\n".join((seats[power][1], *lines)) + "\n")
    assert reply is not None
    return reply


def _deadline(talk: Conversation) -> datetime:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        assert turn.deadline is not None
        return turn.deadline.replace(tzinfo=UTC)


def _sweep(talk: Conversation) -> list[str]:
    return sweep_all(talk.judge.db, talk.clock, talk.judge.postman)


def _game(talk: Conversation) -> Seats:
    return started(talk, "engineered", players=7, options={"level": "complex"})


ORDERS = {
    "AUSTRIA": ("A Bud - Ser", "A Vie - Gal", "N Tri H"),
    "ENGLAND": ("N Edi - Nth", "N Lon - Eng", "A Lvp - Yor"),
    "FRANCE": ("N Bre - Mao", "A Mar - Spa", "A Par - Bur"),
    "GERMANY": ("N Kie - Den", "A Ber - Kie", "A Mun - Ruh"),
    "ITALY": ("F Nap H", "A Rom - Apu", "A Ven H"),
    "RUSSIA": ("A War - Ukr", "N Sev - Rum", "N StP - Bot", "F Mos H"),
}


def test_turkey_is_madmanned_and_the_side_ahead_by_one_bid_orders_his_navy(
        talk: Conversation) -> None:
    seats = _game(talk)
    early = _send(talk, seats, "RUSSIA", "BID A War FOR N Ank - Bla")
    assert CLOSED in early.body
    for power, lines in ORDERS.items():
        _send(talk, seats, power, *lines)
    deadline = _deadline(talk)
    talk.clock.set(deadline - timedelta(hours=24))
    assert "alpha S1901M: bidding opened" in _sweep(talk)
    for address in (*(a for a, _ in seats.values()), MASTER):
        [notice] = [m for m in talk.mails_to(address) if "bidding" in m.subject]
        assert "Madmanned this season: Turkey.\nTurkish units: N Ankara, A Constantinople, " \
            "A Smyrna" in notice.body
    # D3 3c's sides: two bids and one for N Ank - Bla, two for N Ank holding.
    russia = _send(talk, seats, "RUSSIA", "BID A War, N Sev FOR N Ank - Bla")
    assert "Bid A Warsaw, N Sevastopol for N Ankara -> Black Sea." in russia.body
    _send(talk, seats, "AUSTRIA", "bid a vie for f ank - bla")
    _send(talk, seats, "ITALY", "BID A Rom A Ven FOR N Ank H")
    turkey = _send(talk, seats, "TURKEY", "A Con - Bul")
    assert "your units are madmanned this season and others bid for them" in turkey.body
    bad = _send(talk, seats, "ENGLAND", "BID A Lvp FOR N Lon - Wal")
    assert ("N London is not a madman's unit this season: bids are for units of Turkey and "
            "of the Neutral (rn45 D1, D2, D3)") in bad.body
    assert not any("processed" in line for line in _sweep(talk))  # held for the bids
    talk.clock.set(deadline)
    assert any("processed" in line for line in _sweep(talk))
    [report] = [m for m in talk.mails_to(seats["ITALY"][0])
                if m.subject == "alpha: Spring 1901 Movement results"]
    won = "(*won, 3 bids to 2: N Ankara takes this order, and the units offered for it " \
        "stand in civil disorder*)"
    for line in (f"Russia:   Bid A Warsaw, N Sevastopol for N Ankara -> Black Sea. {won}",
                 f"Austria:  Bid A Vienna for N Ankara -> Black Sea. {won}",
                 "Italy:    Bid A Rome, A Venice for N Ankara HOLD. (*lost, 2 bids to 3: "
                 "your units keep their orders*)",
                 "Turkey:   N Ankara -> Black Sea.",
                 # The winners' offered units stand in civil disorder (3c): they hold, and
                 # their lines say why, not "(no order)" (issue #15: their players sent
                 # orders; the bid took them).
                 f"Russia:   A Warsaw HOLD. {DISORDER}", f"Russia:   N Sevastopol HOLD. {DISORDER}",
                 f"Austria:  A Vienna HOLD. {DISORDER}",
                 # The loser's units keep their orders.
                 "Italy:    A Rome -> Apulia.", "Italy:    A Venice HOLD.",
                 "Turkey:   A Constantinople HOLD (no order)."):
        assert line in report.body.splitlines(), line
