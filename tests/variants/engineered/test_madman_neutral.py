"""The Neutral country (rn45 D1; the complex level): the centres nobody owns, no builds or
removals, a homeless country's units and centres, and the master's hand-over of a country
that missed its orders twice, asked and answered by mail (DECIDE)."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.codec import position_from_json
from judge.engine.orders import Move, Order
from judge.engine.outcome import Outcome
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from judge.store.models import Turn
from judge.variant_loader import load_variant, load_variant_folder
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_madman import ORDERS, _deadline, _game, _send, _sweep
from tests.variants.folder_games import MASTER, MASTER_SIGNON
from variants.engineered.fighters import NEUTRAL

FOLDER = load_variant("engineered").folder
COMPLEX = load_variant_folder(FOLDER, {"level": "complex"})
NEUTRAL_CENTRES = {"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa",
                   "swe", "tun"}


def test_the_neutral_holds_every_centre_no_player_owns_from_the_start() -> None:
    owners = COMPLEX.start.owners
    assert {c for c, p in owners.items() if p == NEUTRAL} == NEUTRAL_CENTRES
    simple = load_variant_folder(FOLDER, {"level": "simple"})
    assert NEUTRAL not in simple.start.owners.values()  # D is the complex level's


def test_the_neutral_neither_builds_nor_removes() -> None:
    rules = COMPLEX.rules
    board = COMPLEX.start._replace(units=(*COMPLEX.start.units, Unit(NEUTRAL, "A", "bul")))
    supply = rules.supply(rules, board)
    assert supply[NEUTRAL] == 1  # its one unit, whatever its twelve centres
    assert supply["RUSSIA"] == 4  # the players' counts as before


def _fall(units: tuple[Unit, ...], owners: dict[str, str]) -> Position:
    return Position(Phase.parse("F1903M"), units, owners)


def test_a_country_with_no_home_centre_left_becomes_the_neutrals() -> None:
    rules = COMPLEX.rules
    owners = {"ank": "RUSSIA", "con": "RUSSIA", "smy": "RUSSIA", "bul": "TURKEY",
              "sev": "RUSSIA"}
    board = _fall((Unit("TURKEY", "A", "bul"), Unit("RUSSIA", "A", "con")), owners)
    fall = STANDARD_CALENDAR.seasons[1]
    after, events = rules.season_end(rules, board, fall)
    assert Unit(NEUTRAL, "A", "bul") in after.units
    assert after.owners["bul"] == NEUTRAL
    assert any(getattr(e, "new_owner", None) == NEUTRAL for e in events)
    # A country with a home centre left keeps its units (1c).
    owners["smy"] = "TURKEY"
    after, _ = rules.season_end(rules, _fall(board.units, owners), fall)
    assert Unit("TURKEY", "A", "bul") in after.units


def _holds(talk: Conversation, power: str) -> tuple[str, ...]:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        board = position_from_json(turn.position_before)
    return tuple(f"{u.kind} {u.loc} H" for u in board.units
                 if u.power == power and u.kind in "ANF")


def _season(talk: Conversation, seats: dict[str, tuple[str, str]],
            orders: dict[str, tuple[str, ...]]) -> list[str]:
    for power, lines in orders.items():
        _send(talk, seats, power, *lines)
    deadline = _deadline(talk)
    talk.clock.set(deadline - timedelta(hours=24))
    assert any("bidding opened" in line for line in _sweep(talk))
    talk.clock.set(deadline)
    return _sweep(talk)


def test_the_master_hands_a_country_silent_twice_to_the_neutral(talk: Conversation) -> None:
    seats = _game(talk)
    _season(talk, seats, dict(ORDERS))  # Turkey silent once: nothing asked
    assert not [m for m in talk.mails_to(MASTER) if "decision" in m.subject]
    swept = _season(talk, seats, {p: _holds(talk, p) for p in ORDERS})
    assert any("held for the master's decision" in line for line in swept), swept
    [asked] = [m for m in talk.mails_to(MASTER) if "decision" in m.subject]
    assert ("neutral-turkey: Turkey has now missed its orders 2 times: do its units and "
            "centres become the Neutral's (rn45 D1 1d)?") in asked.body
    done = talk.send(MASTER, f"{MASTER_SIGNON}\nDECIDE neutral-turkey yes\n")
    assert done is not None and "Fall 1901 Movement is processed" in done.body
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.phase == "W1901A")).one()
        board = position_from_json(turn.position_before)
    assert {u.loc for u in board.units if u.power == NEUTRAL} == {"ank", "con", "smy"}
    assert not [u for u in board.units if u.power == "TURKEY"]
    assert {c for c, p in board.owners.items() if p == "TURKEY"} == set()


def _bid(line: str) -> Order:
    return reader_for(COMPLEX).read(line, "M", Writer("AUSTRIA"))


def test_the_neutrals_units_are_bid_for_once_the_bidding_is_open() -> None:
    rules = COMPLEX.rules
    units = (Unit("AUSTRIA", "A", "bud"), Unit("AUSTRIA", "A", "vie"), Unit(NEUTRAL, "A", "ser"))
    board = Position(Phase.parse("S1903M"), units, {"ser": NEUTRAL, "bud": "AUSTRIA"})
    handler = rules.handler(board.phase)
    orders = {"AUSTRIA": [_bid("BID A Bud FOR A Ser - Bul"), Move("vie", "gal", "A"),
                          Move("bud", "rum", "A")]}
    closed = handler.adjudicate(rules, board, orders)
    assert Unit(NEUTRAL, "A", "ser") in closed.position.units  # before the bidding: refused
    assert Unit("AUSTRIA", "A", "rum") in closed.position.units  # and A Bud kept its order
    [early] = [r for r in closed.results if r.order == orders["AUSTRIA"][0]]
    assert early.outcome == Outcome.ILLEGAL
    opened = board._replace(state={"stages": {"bidding": []}})  # nobody madmanned
    done = handler.adjudicate(rules, opened, orders)
    assert Unit(NEUTRAL, "A", "bul") in done.position.units
    assert Unit("AUSTRIA", "A", "bud") in done.position.units  # in civil disorder: holds
    assert Unit("AUSTRIA", "A", "gal") in done.position.units
