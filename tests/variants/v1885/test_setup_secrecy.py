"""The set-up choices stay hidden until the first move (issue #16 item 2; l.14-15: "The
chosen type of the initially undetermined units in Italy, Russia and Sweden do not have to
[be] revealed before the first move"), by the non-interference harness's twin games
(tests/secrecy/twin.py): two games differing only in Italy's choice for Rome mail every
other player and an observer the same bytes, pictures included, until January 1885 is
adjudicated; then the January report tells them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conversations.seating_helpers import account
from tests.secrecy.twin import Twin, twin_databases
from tests.variants.v1885.mail_game import GAME, LETTERS, POWERS, address, started

OTHERS = [p for p in POWERS if p != "ITALY"]
OBSERVER = "obs@example.org"
JANUARY = {
    "AUSTRIA": ["A Vie H", "A Bud - Ser", "A Clu - Rum", "F Spl - Adr"],
    "ENGLAND": ["F Lon - Nth", "F Edi - Heb", "F Lvp - Iri"],
    "FRANCE": ["F Bre - Mao", "A Mar - Pie", "A Par - Bur"],
    "GERMANY": ["F Kie - Hol", "A Ber - Kie", "A Mun - Ruh", "A Dre - Boh"],
    "RUSSIA": ["A War - Gal", "A Mos - Ukr", "F Sev - Bla", "A StP - Lvn", "A Sib - Per"],
    "SPAIN": ["A Mad - Por", "F Cad - Als", "F Val - Lyo"],
    "SWEDEN": ["A Sto - Jam", "F Got - Ska", "A Osl H"],
    "TURKEY": ["A Con - Mac", "A Smy - Arm", "F Sin - Bla"],
}


@pytest.fixture
def twin(tmp_path: Path) -> Iterator[Twin]:
    with twin_databases(tmp_path) as made:
        yield Twin(made)


@pytest.fixture(autouse=True)
def pictures_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_PICTURES", "on")


def _signon(power: str) -> str:
    return f"SIGNON {LETTERS[power]}{GAME} pw\n"


def test_the_others_cannot_tell_italy_s_choice_until_january_is_adjudicated(
        twin: Twin) -> None:
    started(twin.a)
    started(twin.b)
    for talk in (twin.a, twin.b):
        account(talk, OBSERVER)
    watched = [address(p) for p in OTHERS] + [OBSERVER]
    twin.watch(*watched)
    joined, _ = twin.send(OBSERVER, f"OBSERVE {GAME} obspw\n")
    assert "error" not in joined.lower(), joined
    twin.send(address("ITALY"), _signon("ITALY") + "Build F Rom\n",
              _signon("ITALY") + "Build A Rom\n")
    twin.send(address("RUSSIA"), _signon("RUSSIA") + "Build A StP\n")
    twin.send(address("SWEDEN"), _signon("SWEDEN") + "Build F Osl\n")
    twin.send("gm@example.org", f"SIGNON M{GAME} gmpw\nPROCESS\n")
    # January: every other player asks what he may, writes orders naming Rome, and looks.
    for power in OTHERS:
        twin.send(address(power), _signon(power) + f"LIST {GAME}\nHISTORY {GAME}\n")
        lines = [*JANUARY[power], *(["A Mar S A Rom - Tus"] if power == "FRANCE" else [])]
        twin.send(address(power), _signon(power) + "\n".join(lines) + "\n")
    twin.send(OBSERVER, f"SIGNON O{GAME} obspw\nLIST {GAME}\nHISTORY {GAME}\n")
    assert twin.differences(watched) == ""
    # Italy's orders are the last: January is adjudicated, and its report tells the choice.
    twin.send(address("ITALY"), _signon("ITALY") + "F Nap - Ion\nA Ven H\nF Rom - Tys\n",
              _signon("ITALY") + "F Nap - Ion\nA Ven H\nA Rom - Tus\n")
    told = twin.differences(watched)
    assert "F Rome -> Tyrrhenian Sea" in told and "A Rome -> Tuscany" in told
    assert f"{OBSERVER} in game A" in told  # the observer's report tells it too
