"""Three game years of two-player Envoy by mail, with hidden="stab" and hidden="secret":
after every processed phase, a scan of every message each player received that phase for
facts he must not know: reports, and his replies to LIST, HISTORY of the phase and SUMMARY
(asked every phase), and in Fall 1915 his orders for the other's hidden units and the
other's press to him and to everyone, headers included (issue #5).

The forbidden facts come from the master's structured view (the stored turn: position
before, events, position after), derived here by a deliberately cruder rule than
variants/envoy/contact.py, one that errs towards forbidding less:

- an opponent's diplomat result is *quiet* when none of the spaces it names (where it
  stood, where it moved or whose diplomat it supported) is named by any diplomat result of
  the reader; a quiet diplomat's "D <space>" before and after the phase is forbidden
  (both modes, rule 11);
- Stab only (rule 12 d, e): an army or fleet of the opponent's own power is quiet in a
  movement phase when none of the provinces its order names is named by any order of a unit
  of another power, and it was not dislodged; in retreat and adjustment phases every one of
  his units not dislodged is quiet; "A <province>" / "F <province>" of a quiet unit, before
  and after, is forbidden;
- a phrase that also names a unit the reader may see (any unit not forbidden, before or
  after) is dropped, so a substring hit is always a real leak.

It cannot see leaks in another form (a bare province name, a count, the order of lines),
nor facts about the opponent's allies and controlled neutrals, and a diplomat that met
only the reader's allies' armies is not looked for. Each player must see his own diplomats'
orders in every movement report, and the hand-worked contacts of the script. SUMMARY's
counts are checked apart: under Stab a player learns no count of the other's countries
(12e gives them in random order only), under Secret every count is public (11).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from judge.engine.codec import event_from_json, position_from_json
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.types import Unit, province_of
from judge.game.games import find_game
from judge.store.repo_games import current_turn, turns_of
from judge.variant_loader import load_variant
from judge.variant_map import read_provinces
from tests.conversations.envoy.envoy_script import (
    FRANCE,
    GERMANY,
    PRESS,
    PRESS_COPIES,
    PROBE_ANSWERS,
    PROBE_PHASE,
    PROBES,
    SCRIPT,
)
from tests.conversations.envoy.envoy_setup import (
    ANN,
    BOB,
    GAME,
    centre_counts,
    placed,
    say,
    summary_counts,
)
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, reply

NAMES = {p.id: p.name for p in read_provinces(
    Path(__file__).parents[3] / "variants" / "envoy" / "provinces.csv")}
READER = {ANN: FRANCE, BOB: GERMANY}
RIVAL = {FRANCE: GERMANY, GERMANY: FRANCE}
# Each player's countries: his own and his Major Ally throughout (envoy_setup.placed).
COUNTRIES = {FRANCE: (FRANCE, "ITALY"), GERMANY: (GERMANY, "AUSTRIA")}
LOOK_UP = f"LIST {GAME}\nHISTORY {GAME} {{}}\nSUMMARY {GAME}"
LAST = "W1916A"


@dataclass(frozen=True)
class Stored:
    phase: str
    before: Position
    after: Position
    results: tuple[OrderResult, ...]

    @property
    def phase_name(self) -> str:
        """As the report's subject names it: "Spring 1915 Retreats"."""
        kinds = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}
        seasons = {"S": "Spring", "F": "Fall", "W": "Winter"}
        return f"{seasons[self.phase[0]]} {self.phase[1:5]} {kinds[self.phase[5]]}"


def phrase(unit: Unit) -> str:
    return f"{unit.kind} {NAMES[province_of(unit.loc)]}"


def open_phase(talk: Conversation) -> str | None:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, GAME))
        return None if turn is None else turn.phase


def stored(talk: Conversation, phase: str) -> Stored:
    with talk.judge.db.unit_of_work() as session:
        turn = next(t for t in turns_of(session, find_game(session, GAME)) if t.phase == phase)
        assert turn.position_after is not None and turn.events is not None
        registry = load_variant("envoy").rules.registry
        events: list[Any] = [event_from_json(registry, e) for e in turn.events]
        return Stored(phase, position_from_json(turn.position_before),
                      position_from_json(turn.position_after),
                      tuple(e for e in events if isinstance(e, OrderResult)))


def play(talk: Conversation, players: dict[str, Any], phase: str,
         hidden: str) -> dict[str, list[Mail]]:
    """The script's orders for `phase`, the master's PROCESS if it is still open; then
    every mail each player received since the last phase, the replies to LIST, HISTORY of
    the phase and SUMMARY among them."""
    if phase == PROBE_PHASE:
        probe(talk, players, hidden)
    for power, orders in SCRIPT.get(phase, {}).items():
        answer = say(talk, players[power], orders).body
        assert "error" not in answer.splitlines()[0], answer  # "9 done, 1 error"
    if open_phase(talk) == phase:
        done = reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS {phase}").body
        assert "is processed" in done, done
    for player in players.values():
        say(talk, player, LOOK_UP.format(phase))
    return {address: talk.mails_to(address) for address in READER}


def probe(talk: Conversation, players: dict[str, Any], hidden: str) -> None:
    """Orders for the other's units, answered as the writer sees the board; then press.
    Each player first asks to WAIT: in a hidden game the first set each sends would let
    the turn process (docs/variants/envoy.md), and the script's orders follow the probe."""
    for power in PROBES:
        say(talk, players[power], "SET WAIT")
    for power, orders in PROBES.items():
        answer = say(talk, players[power], orders).body
        for expected in PROBE_ANSWERS[hidden][power]:
            assert expected in answer, (power, expected, answer)
        # Only the unit Secret shows may be answered with its owner's name.
        assert answer.count(RIVAL[power].title()) == (0 if hidden == "stab" else 1), answer
        sent = say(talk, players[power], PRESS[power]).body
        assert f"Press sent to {RIVAL[power].title()}.\n" in sent, sent
        assert "Press sent to everyone.\n" in sent, sent


def named(result: OrderResult) -> set[str]:
    order = result.order
    found = {province_of(result.unit.loc)} if result.unit is not None else set()
    for field in ("loc", "dest", "target"):
        value = getattr(order, field, None)
        if isinstance(value, str):
            found.add(province_of(value))
    return found


def quiet_units(s: Stored, rival: str, stab: bool) -> set[Unit]:
    """The rival's units (before and after) the reader must not see: diplomats in both
    modes, his own power's armies and fleets under Stab."""
    def hidden(u: Unit) -> bool:
        return u.power == rival and (u.kind == "D" or stab)

    if not s.phase.endswith("M"):  # no meetings outside movement; retreats are public
        return {u for u in (*s.before.units, *s.after.units) if hidden(u)}
    out: set[Unit] = set()
    for r in s.results:
        if r.unit is None or not hidden(r.unit) or r.dislodged:
            continue
        diplomat = r.unit.kind == "D"
        others = set().union(*(named(o) for o in s.results if o.unit is not None
                               and o.power != rival and (o.unit.kind == "D") == diplomat))
        if not named(r) & others:
            dest = getattr(r.order, "dest", None)
            out.add(r.unit)
            if isinstance(dest, str) and r.outcome == Outcome.SUCCEEDS:
                out.add(r.unit.moved(dest))
    return out


def forbidden(s: Stored, reader: str, stab: bool) -> set[str]:
    rival = GERMANY if reader == FRANCE else FRANCE
    quiet = quiet_units(s, rival, stab)
    shown = (*s.before.units, *s.after.units, *(d.unit for d in s.before.dislodged))
    seen = {phrase(u) for u in shown if u not in quiet}
    return {phrase(u) for u in quiet} - seen


def text_of(mail: Mail) -> str:
    """The message as its reader gets it: every header, then the body."""
    return "".join(f"{name}: {value}\n" for name, value in mail.message.items()) + mail.body


def leaks(mails: list[Mail], words: set[str]) -> list[str]:
    texts = [(m.subject, text_of(m)) for m in mails]
    return [f"{w!r} in {subject!r}" for subject, text in texts for w in sorted(words)
            if w in text]


# Worked out by hand from the script: each diplomat move below bounces off the other
# player's diplomats (1 against 1, or two stacks of two), so both players see it (11).
CONTACTS = {
    "S1914M": ("D Belgium -> Holland. (*bounce*)",),
    "F1914M": ("D Austria -> Italy. (*bounce*)",),
    "S1915M": ("D France -> Germany. (*bounce*)",),
    "F1915M": ("D Germany -> France. (*bounce*)",),
    "S1916M": ("D Belgium -> Holland. (*bounce*)",),
}
# Under Stab the armies that met are told to both (12d) and every retreat (12b).
MET = {
    "S1914M": ("A Paris -> Burgundy. (*bounce*)", "A Munich -> Burgundy. (*bounce*)"),
    "S1915R": ("A Burgundy -> Marseilles.",),
    "F1915M": ("A Picardy -> Belgium. (*bounce*)",),
}


def check(s: Stored, mails: dict[str, list[Mail]], stab: bool) -> int:
    """Asserts the phase's mails; returns how many phrases were looked for."""
    looked = 0
    for address, power in READER.items():
        got = mails[address]
        assert any(s.phase_name in m.subject for m in got), (s.phase, address)
        words = forbidden(s, power, stab)
        looked += len(words)
        assert leaks(got, words) == [], s.phase
        text = "\n".join(m.body for m in got)
        own = [phrase(r.unit) for r in s.results
               if r.unit is not None and r.unit.kind == "D" and r.power == power]
        assert all(p in text for p in own), (s.phase, own)
        must = CONTACTS.get(s.phase, ()) + (MET.get(s.phase, ()) if stab else ())
        assert all(p in text for p in must), (s.phase, address, must)
        if s.phase == PROBE_PHASE:
            copies = {(m.subject, m.body) for m in got}
            assert set(PRESS_COPIES[power]) <= copies, (address, copies)
    return looked


def look_ups(talk: Conversation, s: Stored, mails: dict[str, list[Mail]], stab: bool) -> None:
    """The reply to LIST, HISTORY and SUMMARY: the phase's report, and SUMMARY's counts of
    the player's countries; of the other's, none under Stab (12e), all under Secret (11)."""
    real: dict[str, Counter[str]] = {}
    for address, power in READER.items():
        (answer,) = [m.body for m in mails[address] if f"HISTORY {GAME} {s.phase}" in m.body]
        history, summary = answer.split(f"SUMMARY {GAME}\n")
        assert s.phase_name in history, (s.phase, history)
        shown = summary_counts(summary)
        for year in (label for label in shown[power] if label != "Start"):
            if year not in real:
                real[year] = centre_counts(talk, year)
            held = real[year]
            for mine in COUNTRIES[power]:
                assert shown[mine][year] == held[mine], (s.phase, power, mine, year)
            for theirs in COUNTRIES[RIVAL[power]]:
                assert held[theirs] > 0  # else a count hidden as nothing would agree
                # Stab (12e): shown as unknown, never as a false number; Secret: the count.
                assert shown[theirs][year] == (None if stab else held[theirs]), \
                    (s.phase, power, theirs, year)


@pytest.mark.parametrize("hidden", ["stab", "secret"])
def test_three_years_by_mail_leak_nothing_either_player_must_not_know(
        talk: Conversation, hidden: str) -> None:
    players = placed(talk, hidden=hidden)
    for address in READER:
        talk.mails_to(address)
    phases: list[str] = []
    looked = 0
    while (phase := open_phase(talk)) is not None and phase != "S1917M":
        mails = play(talk, players, phase, hidden)
        turn = stored(talk, phase)
        looked += check(turn, mails, hidden == "stab")
        look_ups(talk, turn, mails, hidden == "stab")
        phases.append(phase)
    # The scan is never empty: hidden diplomats every phase (Stab: hidden units as well).
    assert looked >= 2 * len(phases)
    assert phases[0] == "S1914M" and phases[-1] == LAST
    assert "S1915R" in phases and len(phases) == 10
