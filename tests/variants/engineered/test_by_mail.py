"""A year of Engineered by mail at the simple level (issue #15): seven players, every
engineer order of C1-C6 written as the rules write them, replies and reports read as the
players get them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.engine.codec import position_from_json
from judge.game.games import find_game
from judge.store.db import Database
from judge.store.repo_games import turns_of
from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import started

Seats = dict[str, tuple[str, str]]


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def send(talk: Conversation, seats: Seats, power: str, *lines: str) -> Mail:
    reply = talk.send(seats[power][0], "\n".join((seats[power][1], *lines)) + "\n")
    assert reply is not None
    return reply


def report(talk: Conversation, seats: Seats, power: str) -> str:
    """The turn report `power` got last (earlier ones were not read)."""
    return [m for m in talk.mails_to(seats[power][0]) if "results" in m.subject][-1].body


def orders(talk: Conversation, seats: Seats, turn: dict[str, tuple[str, ...]]) -> dict[str, Mail]:
    return {power: send(talk, seats, power, *lines) for power, lines in turn.items()}


SPRING = {
    "AUSTRIA": ("E Vie", "A Vie - Gal", "A Tri - Ser", "A Bud H"),
    "ENGLAND": ("E Lvp", "F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"),
    "FRANCE": ("PLACE E Par", "A Par - Bur", "A Mar H", "F Bre - Mao"),
    "GERMANY": ("E Ber", "A Ber - Kie", "F Kie - Den", "A Mun H"),
    "ITALY": ("E Rom", "F Nap H", "A Rom - Apu", "A Ven H"),
    "RUSSIA": ("E War", "A War - Ukr", "F Mos H", "N Sev - Rum", "N StP/sc - Bot"),
    "TURKEY": ("E Con", "A Con - Bul", "N Ank - Bla", "A Smy H"),
}
FALL = {
    "AUSTRIA": ("A Ser - Bul", "A Bud - Ser", "A Gal H"),
    "ENGLAND": ("N Nth H", "N Nwg H", "A Yor H"),
    "FRANCE": ("A Bur - Bel", "E Bur - Bel", "A Mar H", "N Mao - Por"),
    "GERMANY": ("A Mun T E Kie", "A Kie - Hol", "N Den H"),
    "ITALY": ("F Nap H", "A Apu H", "A Ven H"),
    "RUSSIA": ("A Ukr H", "F Mos H", "N Rum H", "N Bot - Swe"),
    "TURKEY": ("A Bul - Gre", "N Bla H", "A Smy H"),
}


WINTER = {
    "AUSTRIA": ("CONVERT A Bul TO N Bul/ec", "Build A Vie", "Build A Bud", "Build E Tri"),
    "TURKEY": ("Build E Con", "Build A Con"),
    "GERMANY": ("CONVERT A Mun TO F", "Build N Kie", "Build A Ber"),
    "FRANCE": ("CONVERT A Bel TO N", "Build A Par", "Build fleet Bre"),
    "RUSSIA": ("Build N StP/nc", "Build A War", "Build N Sev"),
}


def test_a_year_of_engineered_by_mail(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    replies = orders(talk, seats, SPRING)
    assert "  PLACE E Vienna.\n" in replies["AUSTRIA"].body  # C1 1a
    spring = report(talk, seats, "ENGLAND")
    assert "Austria:  A Trieste -> Serbia.\n" in spring  # C1 1d: Austria wrote an army
    assert "Austrian E Vienna: placed, to go with the unit there this Spring (C1 1a)." in spring
    assert ("Now: Austrian E Galicia, English E Yorkshire, French E Burgundy, German E Kiel, "
            "Italian E Apulia, Russian E Ukraine, Turkish E Bulgaria.") in spring

    orders(talk, seats, FALL)
    fall = report(talk, seats, "TURKEY")
    assert "France:   E Burgundy -> Belgium.\n" in fall  # C5 5a(1)
    assert "Germany:  A Munich TRANSPORTS E Kiel.\n" in fall  # C5 5d, not attacked
    # C4 4a: Turkey's army left Bulgaria without its engineer, and Austria's walked in.
    assert "Turkish E Bulgaria: captured by Austria, now its prison (C4 4a)." in fall
    assert "Now: Austrian P Bulgaria, Austrian E Galicia," in fall
    assert "French E Belgium, German E Munich," in fall

    replies = orders(talk, seats, WINTER)
    # C3b: Turkey's engineer is Austria's prison, so Turkey may not create another.
    assert "line 2: Build E Con\n    Turkey may not recreate its engineer held as a prison " \
           "in Bul until that prison is disbanded (rn45 C3 3b)" in replies["TURKEY"].body
    assert "line 5: Build E Tri\n    Austria may have no more engineers for its centres" \
           in replies["AUSTRIA"].body  # C3d: five centres, one engineer
    assert "line 2: Build N StP/nc\n    St Petersburg is not a home centre of Russia" \
           in replies["RUSSIA"].body  # C1 1b
    winter = report(talk, seats, "ITALY")
    assert "Austria:  A Bulgaria CONVERTS TO NAVY IN Bulgaria (ec).\n" in winter  # C4 4d
    assert "Germany:  A Munich CONVERTS TO FIGHTER.\n" in winter  # C2 2a
    assert "France:   A Belgium CONVERTS TO NAVY.\n" in winter  # C2 2a, coastal
    assert "France:   BUILD N Brest.\n" in winter  # "fleet" is a navy (B7)
    assert ("Austrian P Bulgaria (taken from Turkey): disbanded: its term ends with the "
            "spring (C4 4b).") in winter
    assert "The next phase is Spring 1902 Movement." in winter
    with talk.judge.db.unit_of_work() as session:
        [after] = [t.position_after for t in turns_of(session, find_game(session, "alpha"))
                   if t.phase == "W1901A"]
        assert after is not None
        units = {(u.power, u.kind, u.loc) for u in position_from_json(after).units}
    assert {("AUSTRIA", "N", "bul/ec"), ("GERMANY", "F", "mun"), ("FRANCE", "N", "bel"),
            ("RUSSIA", "A", "war"), ("RUSSIA", "N", "sev")} <= units
    assert not any(kind == "P" for _, kind, _ in units)

