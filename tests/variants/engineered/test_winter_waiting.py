"""Whom a Winter waits for, by mail (issue #15 items 1 and 2): exactly the players who have
a choice, a build or removal due or an engineer, prison or decoy that may act (rn45 C2 2a,
C2 2b, C3, C4 4d); their reminders say what they may order, and a WAIVE answers are true."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.store.db import Database
from judge.turns.deadlines import sweep_all
from tests.conversations.harness import START, Conversation
from tests.conversations.orders_board import put_board
from tests.variants.folder_games import send_orders, started

Seats = dict[str, tuple[str, str]]

# The start units, Spain France's (one build due, on Paris: its army is in Picardy), and
# each power's engineer where it can do nothing (alone, off any centre) but Germany's, with
# its army on Munich: it may convert it (C2 2a) though Germany has no build or removal.
UNITS = [
    "AUSTRIA A bud", "AUSTRIA A vie", "AUSTRIA N tri", "AUSTRIA E gal",
    "ENGLAND N edi", "ENGLAND N lon", "ENGLAND A lvp", "ENGLAND E yor",
    "FRANCE N bre", "FRANCE A mar", "FRANCE A pic", "FRANCE E bur",
    "GERMANY N kie", "GERMANY A ber", "GERMANY A mun", "GERMANY E mun",
    "ITALY F nap", "ITALY A rom", "ITALY A ven", "ITALY E tus",
    "RUSSIA A war", "RUSSIA F mos", "RUSSIA N sev", "RUSSIA N stp/sc", "RUSSIA E ukr",
    "TURKEY N ank", "TURKEY A con", "TURKEY A smy", "TURKEY E arm",
]
HOMES = {"AUSTRIA": "bud vie tri", "ENGLAND": "edi lon lvp", "FRANCE": "bre mar par spa",
         "GERMANY": "kie ber mun", "ITALY": "nap rom ven", "RUSSIA": "war mos sev stp",
         "TURKEY": "ank con smy"}
OWNERS = {centre: power for power, centres in HOMES.items() for centre in centres.split()}


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def winter(talk: Conversation, **options: object) -> Seats:
    seats = started(talk, "engineered", players=7, options=options or None)
    put_board(talk, "W1901A", UNITS, OWNERS)
    return seats


def test_the_winter_waits_for_an_engineer_that_may_convert(talk: Conversation) -> None:
    seats = winter(talk)
    built = send_orders(talk, seats["FRANCE"], "Build A Par")
    assert "Turn processed" not in built.body  # Germany has not answered
    # An adjustment phase is as long as the default reminder's lead: the late notice at
    # the deadline (the S1901M deadline this board was put on) tells him.
    talk.clock.set(START + timedelta(hours=72))
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    [late] = [m for m in talk.mails_to(seats["GERMANY"][0]) if "late" in m.subject]
    assert ("Still without orders: orders you may give (a conversion by your engineer in "
            "Munich (CONVERT A Mun TO F)), or WAIVE to give none\n") in late.body
    assert not any("late" in m.subject for m in talk.mails_to(seats["ITALY"][0]))
    waived = send_orders(talk, seats["GERMANY"], "WAIVE")
    assert "[errors]" not in waived.subject, waived.body
    assert "Turn processed" in waived.body
    report = [m for m in talk.mails_to(seats["ITALY"][0]) if "results" in m.subject][-1]
    assert "Germany:  WAIVE.\n" in report.body and "A Munich CONVERTS" not in report.body


def test_the_conversion_is_made_when_ordered(talk: Conversation) -> None:
    seats = winter(talk)
    send_orders(talk, seats["FRANCE"], "Build A Par")
    converted = send_orders(talk, seats["GERMANY"], "CONVERT A Mun TO F")
    assert "Turn processed" in converted.body
    report = [m for m in talk.mails_to(seats["ITALY"][0]) if "results" in m.subject][-1]
    assert "Germany:  A Munich CONVERTS TO FIGHTER.\n" in report.body


def test_a_waive_with_nothing_to_order_is_answered_truly(talk: Conversation) -> None:
    seats = winter(talk)
    reply = send_orders(talk, seats["ITALY"], "WAIVE")
    assert ("line 2: WAIVE\n    Italy has nothing to order this Winter: no build or removal "
            "is due and no engineer or prison of Italy can act (rn45 C2, C3, C4 4d); the turn "
            "does not wait for you\n") in reply.body
    assert "has no build to make" not in reply.body


def test_a_decoy_game_waits_only_for_those_with_a_choice(talk: Conversation) -> None:
    # C8's decoys are hidden, but not how many a power has: who has a choice is public, so
    # the Winter waits for France (a build) and Germany (a conversion, or a decoy of its
    # army on its home centre, 2b), not for the five with nothing to order.
    seats = winter(talk, level="complex", decoys=True)
    built = send_orders(talk, seats["FRANCE"], "Build A Par")
    assert "Turn processed" not in built.body
    converted = send_orders(talk, seats["GERMANY"], "DECOY A Mun")
    assert "Turn processed" in converted.body, converted.body


def test_a_conversion_is_no_build(talk: Conversation) -> None:
    # Germany owns Denmark too: one build due, and its engineer's conversion besides. The
    # conversion does not stand for the build: the reply still asks for it.
    seats = winter(talk)
    put_board(talk, "W1901A", UNITS, {**OWNERS, "den": "GERMANY"})
    converted = send_orders(talk, seats["GERMANY"], "CONVERT A Mun TO F")
    assert "Still without orders: 1 more build (or WAIVE)\n" in converted.body
    waived = send_orders(talk, seats["GERMANY"], "WAIVE")  # its homes are all occupied
    assert "Your orders are complete.\n" in waived.body
