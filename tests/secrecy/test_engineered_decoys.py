"""rn45 C8 by mail, with the non-interference harness: two games that differ only in which
of Russia's two armies is the decoy give every other player and the observer the same mail,
turn reports, replies, LIST, HISTORY, SUMMARY and BOARD included; the same two games where
Austria's attack exposes the decoy (8c) do not, so the comparison can fail."""

from __future__ import annotations

import difflib
import re
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from judge.engine.codec import position_from_json
from judge.engine.types import Unit
from judge.store.db import Database
from judge.store.models import Game, Turn
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.pictures.mailed import svg_source, units_drawn, wired
from tests.secrecy.engineered import (
    MASTER,
    OBSERVER,
    decoy_board,
    decoy_made_in_warsaw,
    engineered_table,
)
from tests.secrecy.noninterference import Table
from tests.secrecy.twin import Twin
from variants.engineered.bids_pairs import copy_first

READS = "ORDERS\nLIST beta\nHISTORY beta\nSUMMARY beta\nBOARD"
# Russia's A Ukr is the decoy in game A, its A Gal in game B (Turkey's A Rum is added to
# write orders naming both).
ADDED = [Unit("RUSSIA", "A", "ukr"), Unit("RUSSIA", "A", "gal"), Unit("TURKEY", "A", "rum")]
RUSSIA = "A war H\nA ukr H\nA gal H\nF mos H\nN sev H\nN stp H"


def game_of(databases: tuple[Database, Database]) -> tuple[Twin, Table]:
    twin = Twin(databases)
    return twin, engineered_table(twin)


def game(databases: tuple[Database, Database]) -> tuple[Twin, Table]:
    twin, table = game_of(databases)
    decoy_board(twin, "S1902M", ADDED, (0, 1))
    return twin, table


def spring(twin: Twin, table: Table, orders: dict[str, str]) -> None:
    """The powers write `orders` (each his own), then the master processes Spring 1902."""
    for power, body in orders.items():
        seat = table.players[power]
        twin.send(seat.address, f"{seat.signon}\n{body}")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1902M")


def others(table: Table) -> list[str]:
    return [s.address for p, s in table.players.items() if p != "RUSSIA"] + [OBSERVER.address]


def read_everything(twin: Twin, table: Table) -> None:
    for seat in (*(s for p, s in table.players.items() if p != "RUSSIA"), OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")


def test_which_army_is_the_decoy_is_kept_from_the_others(
        databases: tuple[Database, Database]) -> None:
    twin, table = game(databases)
    twin.watch(*others(table))
    spring(twin, table, {"RUSSIA": RUSSIA,
                         "TURKEY": "A rum S A ukr\nA con H\nA smy H\nN ank H",
                         "AUSTRIA": "A bud S A gal\nA vie H\nN tri H"})
    read_everything(twin, table)
    assert twin.differences(others(table)) == ""


def test_a_decoy_exposed_by_an_attack_is_told_to_all(
        databases: tuple[Database, Database]) -> None:
    # A real A Gal holds against A Bud (one against one); the decoy in game B is exposed.
    twin, table = game(databases)
    twin.watch(*others(table))
    spring(twin, table, {"RUSSIA": RUSSIA, "AUSTRIA": "A bud-gal\nA vie H\nN tri H"})
    told = twin.differences(others(table))
    assert "+The Russian A Galicia is disbanded: exposed as a decoy" in told, told


def decoy_walk(databases: tuple[Database, Database]) -> tuple[Twin, Table]:
    """Russia's engineer and army in Warsaw make a decoy (2b) in Winter 1902; in Spring 1903
    the army holds and the decoy goes to Galicia in game A, the other way round in game B;
    the Spring processed, then everyone but Russia reads everything."""
    twin = Twin(databases)
    table = engineered_table(twin)
    russia = decoy_made_in_warsaw(twin, table, *others(table), table.players["RUSSIA"].address)
    twin.send(russia.address, f"{russia.signon}\nA War H\nDECOY A War-Gal",
              f"{russia.signon}\nA War-Gal\nDECOY A War H")
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1903M")
    read_everything(twin, table)
    return twin, table


def test_a_decoy_made_by_mail_leaves_its_copy_unseen(
        databases: tuple[Database, Database]) -> None:
    """Russia's engineer and army in Warsaw make a decoy (2b) in Winter 1902; in Spring 1903
    the army holds and the decoy goes to Galicia in game A, the other way round in game B."""
    twin, table = decoy_walk(databases)
    russia = table.players["RUSSIA"]
    assert any("Russia:   New unit: A Warsaw." in mail
               for mail in twin.transcript(OBSERVER.address))
    assert twin.differences(others(table)) == ""
    assert twin.differences([russia.address]) != ""  # Russia knows which is which


def winter_twin(databases: tuple[Database, Database],
                *more: Unit) -> tuple[Twin, Table]:
    """Winter 1902, Russia's engineer beside its army in Warsaw (a decoy may be made)."""
    twin = Twin(databases)
    table = engineered_table(twin)
    for talk in (twin.a, twin.b):
        edit_board(talk, "W1902A", lambda b: b._replace(
            units=(*b.units, Unit("RUSSIA", "E", "war"), *more)))
    twin.watch(*others(table))
    return twin, table


def test_a_refused_decoy_order_is_kept_from_the_others(
        databases: tuple[Database, Database]) -> None:
    """Issue #15 item 4: in game A Russia writes a decoy of the army in Warsaw, then removes
    that army (two units over his four centres), so no decoy is made; in game B he only
    removes. The others see the same, byte for byte: the attempt is his own."""
    twin, table = winter_twin(databases, Unit("RUSSIA", "A", "ukr"), Unit("RUSSIA", "A", "lvn"))
    russia = table.players["RUSSIA"]
    twin.watch(russia.address)
    removals = f"{russia.signon}\nremove A War\nremove A Ukr"
    twin.send(russia.address, f"{russia.signon}\nDECOY A War", russia.signon)
    twin.send(russia.address, removals)
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    # ... while Russia's report tells him why (the order was taken before the removal).
    assert any("Russia:   DECOY A Warsaw. (*illegal: A Warsaw is removed this Winter: no "
               "decoy is made of it*)" in mail for mail in twin.transcript(russia.address))
    read_everything(twin, table)
    assert twin.differences(others(table)) == ""


def test_the_others_see_a_new_unit_not_a_decoy(
        databases: tuple[Database, Database]) -> None:
    """Issue #15 item 4: Russia makes a decoy in game A, none in game B. The others may see
    the new unit appear, as a piece put on the board (2b, rn45 E), and nothing else: no
    line of theirs says a decoy was made, and their mail differs only where it shows the
    units in Warsaw."""
    twin, table = winter_twin(databases)
    russia = table.players["RUSSIA"]
    twin.send(russia.address, f"{russia.signon}\nDECOY A War", russia.signon)
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS W1902A")
    read_everything(twin, table)
    for address in others(table):
        # LIST's line of the options CREATE fixed names `decoys=yes`: the game's public
        # rules, alike in both games, not a decoy made.
        told = [line for mail in twin.transcript(address) for line in mail.splitlines()
                if "decoy" in line.lower()
                and not line.strip().startswith("Options (fixed at CREATE): ")]
        assert told == [], told
    changed = [line for line in twin.differences(others(table)).splitlines()
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert "-Russia:   New unit: A Warsaw." in changed
    # The Winter's line (game B's report has no order line at all) and the new unit in
    # the board's lists: nothing else in the text; the pictures differ by that one unit.
    assert {line[0] + line[1:].strip() for line in changed
            if not PICTURE_LINE.match(line)} == {
        "-Russia:   New unit: A Warsaw.", "-Russia:   A Warsaw",
        "+No orders that you may see were given."}
    for address in others(table):
        _pictures_differ_by_one_russian_unit(twin, address)


PICTURE_LINE = re.compile(r"[+-]\d+ bytes: b")


def _pictures_differ_by_one_russian_unit(twin: Twin, address: str) -> None:
    """Each picture `address` got in game A draws what game B's draws, but that from the
    Winter's report on Warsaw's stack reads "2" (the engineer and the new army, 2b): the
    same unit symbols, and no other line of the SVG differs."""
    svgs = [[svg_source(m) for m in wired(talk, address, "") if m.is_multipart()]
            for talk in (twin.a, twin.b)]
    assert len(svgs[0]) == len(svgs[1]) > 0
    changed = []
    for a, b in zip(*svgs, strict=True):
        assert units_drawn(a) == units_drawn(b)
        changed += [line for line in difflib.unified_diff(a.splitlines(), b.splitlines(),
                                                          lineterm="", n=0)
                    if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed and all(STACK_OF_TWO.fullmatch(line) for line in changed), changed


STACK_OF_TWO = re.compile(r'-<text x="\d+" y="\d+" [^>]*>2</text>')


HOLDS = {"AUSTRIA": "A vie H\nN tri H\nA bud H", "ENGLAND": "N edi H\nN lon H\nA lvp H",
         "FRANCE": "N bre H\nA mar H\nA par H", "GERMANY": "N kie H\nA ber H\nA mun H",
         "ITALY": "F nap H\nA rom H\nA ven H", "RUSSIA": "A war H\nF mos H\nN stp H\nN sev H"}


def _seed(talk: Conversation, seed: int | None = None) -> int:
    """The game's seed, set to `seed` if given (the lot of bids_pairs.py is drawn from it)."""
    with talk.judge.db.unit_of_work() as session:
        game = session.scalars(sa.select(Game)).one()
        if seed is not None:
            game.variant_seed = seed
        return game.variant_seed


def _open_turn(talk: Conversation) -> Turn:
    with talk.judge.db.unit_of_work() as session:
        turn = session.scalars(sa.select(Turn).where(Turn.processed_at.is_(None))).one()
        session.expunge(turn)
        return turn


def _at(twin: Twin, when: datetime) -> None:
    for talk in (twin.a, twin.b):
        talk.clock.set(when)
        sweep_all(talk.judge.db, talk.clock, talk.judge.postman)


def test_which_of_the_madmans_two_units_took_which_bid_is_kept_from_the_others(
        databases: tuple[Database, Database]) -> None:
    """Issue #15 item 3: Turkey, madmanned, has an army and its decoy in Constantinople;
    Austria wins one of the two for A Con - Bul, Russia the other for A Con H. The games
    differ only in the lot (their seeds): in one the army went to Bulgaria, in the other
    its decoy. Everyone but Turkey receives the same mail."""
    twin, table = game_of(databases)
    decoy_board(twin, "S1902M", [Unit("TURKEY", "A", "con")], (0, 0))
    seed = _seed(twin.a)
    other = next(s for s in range(1, 100)
                 if copy_first(s, "S1902M", "con") != copy_first(seed, "S1902M", "con"))
    _seed(twin.b, other)
    watched = [s.address for p, s in table.players.items() if p != "TURKEY"]
    twin.watch(*watched, OBSERVER.address)
    for power, seat in table.players.items():
        if power != "TURKEY":  # Turkey sends nothing: madmanned (D2)
            twin.send(seat.address, f"{seat.signon}\n{HOLDS[power]}")
    deadline = _open_turn(twin.a).deadline
    assert deadline is not None
    _at(twin, deadline.replace(tzinfo=UTC) - timedelta(hours=24))
    for power, bid in (("AUSTRIA", "BID A Bud FOR A Con - Bul"),
                       ("RUSSIA", "BID N Sev FOR A Con H")):
        seat = table.players[power]
        mine = twin.send(seat.address, f"{seat.signon}\n{bid}")
        assert "for A Constantinople" in mine[0], mine[0]
    twin.send(MASTER.address, f"{MASTER.signon}\nPROCESS S1902M")
    read_everything(twin, table)
    boards = [position_from_json(_open_turn(t).position_before).units for t in (twin.a, twin.b)]
    assert [{u.loc for u in b if u.payload} for b in boards] in ([{"bul"}, {"con"}],
                                                                  [{"con"}, {"bul"}])
    assert twin.differences([*watched, OBSERVER.address]) == ""
