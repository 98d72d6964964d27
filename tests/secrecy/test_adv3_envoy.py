"""Adversary advsec3 on this session's new surfaces, in Stab Envoy (rules 11, 12): SUMMARY's
CREATE options and rule-12e lines (variants/envoy/summary.py, through
judge/variant_hooks.summary_lines), the "did you mean" after an unknown place and the unit
letters after a lone letter (judge/grammar/hints.py). Game A and game B differ only in
Germany's A Munich staying or walking unseen into Tyrolia (test_envoy_items.tyrolia);
France and the observer must receive the same mail in both. The master's HISTORY, which
may show the walk, is the control that the two games do differ."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.seating_helpers import account
from tests.secrecy.envoy import OBSERVER
from tests.secrecy.test_envoy_items import (
    FRANCE_TAKES_SPAIN,
    MASTER_SIGNON,
    Script,
    autumn,
    tyrolia,
)

HEAD = "Centre counts you were told after each Autumn (rule 12e)"
READS = "SUMMARY beta\nHISTORY beta\nLIST beta"
# Unknown places and lone letters written about the spaces Germany's army may stand in,
# in every place of an order: the hint is drawn from the map's names alone.
PROBES = ("A tyrol H\nA tyroli - mun\nA ven - tyrolla\nA ven S A tyr - munic\n"
          "A ven S A munich - tyro\nD tyr H\nA ven S D tyr\nX mun H\nA ven - T\n"
          "A mun - boh\nA tyr H\nF tyrolia H\nBuild A tyrolea")


def _master_history(script: Script) -> tuple[str, str]:
    return script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nHISTORY beta")


def test_the_games_differ_for_the_master(databases: tuple[Database, Database]) -> None:
    """The control: the walk into Tyrolia is in the master's HISTORY of game B only."""
    script = tyrolia(databases, "stab")
    history, history_b = _master_history(script)
    assert "tyr" not in history.lower() and "tyrolia" in history_b.lower(), history_b


def test_summary_history_and_list_before_any_autumn_tell_nothing(
        databases: tuple[Database, Database]) -> None:
    """After the Spring no 12e was told: no counts line for anybody, and the same mail."""
    script = tyrolia(databases, "stab")
    france, france_b = script.twin.send(script.france.address,
                                        f"{script.france.signon}\n{READS}")
    observer, _ = script.twin.send(OBSERVER.address, f"{OBSERVER.signon}\n{READS}")
    assert "Options (fixed at CREATE): players=2, hidden=stab." in france, france
    assert HEAD not in france and HEAD not in observer
    assert france == france_b
    assert script.leaks() == ""


def test_the_observer_is_told_no_count_and_no_telling(
        databases: tuple[Database, Database]) -> None:
    """The observer (no seat with a record) reads every count as '?' and no 12e line, the
    same in both games, after the Autumn that told the players their counts."""
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    observer, observer_b = script.twin.send(OBSERVER.address, f"{OBSERVER.signon}\n{READS}")
    table = observer.split("Supply centres:")[1].split("(?:")[0]
    assert HEAD not in observer
    assert all(row.split()[1:] == ["?", "?"] for row in table.strip().split("\n")[1:]), table
    assert observer == observer_b
    assert script.leaks() == ""


def test_a_misspelt_place_or_a_lone_letter_gets_the_same_hint(
        databases: tuple[Database, Database]) -> None:
    """Misspellings of Tyrolia and Munich, a lone letter where Tyrolia goes, a diplomat
    letter: the same refusals and hints whether or not Germany's army is in Tyrolia."""
    script = tyrolia(databases, "stab")
    france, france_b = script.twin.send(script.france.address,
                                        f"{script.france.signon}\n{PROBES}")
    assert "did you mean Tyrolia (tyr)?" in france, france
    assert "a unit is written" in france, france
    assert france == france_b
    autumn(script, FRANCE_TAKES_SPAIN)
    script.france_writes(PROBES)
    assert script.leaks() == ""


OUTSIDER = "outsider@example.org"


def test_what_observers_see_all_of_stays_with_the_signed_on_observer(
        databases: tuple[Database, Database]) -> None:
    """observers_see_all (docs/variants/envoy.md): the observer who signs on reads the walk
    in HISTORY and every count in SUMMARY; somebody who only names the observer's address,
    an outsider, and France read the same in both games (issue #13 item 6: only a password
    opens a seat's view)."""
    script = tyrolia(databases, "stab observers_see_all=yes")
    autumn(script, FRANCE_TAKES_SPAIN)
    for talk in (script.twin.a, script.twin.b):
        account(talk, OUTSIDER)
    script.twin.watch(OUTSIDER)
    seen, seen_b = script.twin.send(OBSERVER.address, f"{OBSERVER.signon}\n{READS}")
    assert "?" not in seen.split("Supply centres:")[1] and "Tyrolia" in seen_b  # the control
    unsigned, unsigned_b = script.twin.send(OBSERVER.address, READS)
    assert unsigned == unsigned_b and "Tyrolia" not in unsigned_b, unsigned_b
    script.twin.send(OUTSIDER, READS)
    script.twin.send(script.france.address, f"{script.france.signon}\n{READS}")
    assert script.twin.differences([script.france.address, OUTSIDER]) == ""


NEW_FRANCE = "newfrance@example.org"


def test_a_replaced_player_reads_no_longer_through_his_old_password(
        databases: tuple[Database, Database]) -> None:
    """The 12e lines and the known board come from the power's records (judge/game/
    knowledge.py), which the player who takes France over inherits: the one replaced must
    not read them on. His old password no longer signs on (the seat is abandoned), so he
    reads as anybody, the same in both games; his successor reads France's tellings, the
    same in both games too."""
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    for talk in (script.twin.a, script.twin.b):
        account(talk, NEW_FRANCE)
    script.twin.watch(NEW_FRANCE)
    script.twin.send(MASTER_SIGNON[0],
                     f"{MASTER_SIGNON[1]}\nREPLACE France {NEW_FRANCE} pw-new")
    old, _ = script.twin.send(script.france.address, f"{script.france.signon}\n{READS}")
    assert ("you no longer play France in beta: its master took it from you" in old
            and HEAD not in old), old
    new, _ = script.twin.send(NEW_FRANCE, f"SIGNON Fbeta pw-new\n{READS}")
    assert HEAD in new and "France:   france (abandoned), then newfrance" in new, new
    assert script.twin.differences([script.france.address, NEW_FRANCE, OBSERVER.address]) == ""
