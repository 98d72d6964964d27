"""Turns of a two-player Envoy game (France and Germany) for the golden report files, one
game per hidden mode ("none", "secret", "stab"): the same boards and orders, worked out by
hand, so that the files of one turn differ only by what rules 11 and 12 let each reader know.

Diplomat neighbours (docs/variants/envoy.md): bel borders eng, fra, ger, hel, hol; engl
borders bel, eng, hel; aus and den border ger; ita, bel and spa border fra.

- Placement (Winter 1913, rule 4): France turns the fleet in Brest into an army, sends one
  diplomat to Italy (its Controlled Neutral then) and two to Belgium; Germany sends two
  to Austria (its Major Ally then), one to Belgium and one to Denmark. In Belgium France's
  two meet Germany's one (a contact, 4): one of each goes home, one French one stays.
- Spring 1914 (the board of tests/variants/envoy/test_stab.py, plus a diplomat standoff):
  France (Major Ally England) dislodges the German fleet in Holland from Belgium with the
  North Sea's support; Marseilles bounces off the neutral Italian army in Piedmont; Paris
  goes quietly to Gascony, a diplomat to Spain. Germany (Controlled Neutral Austria) moves
  Munich to Ruhr and Vienna to Tyrolia, a diplomat to Denmark. The French diplomat in the
  Channel and the German one in Helgoland Bight both try Belgium and bounce (a contact).
- Spring 1914 retreats: the German fleet retreats from Holland to Kiel.
- Autumn 1914 (the board of tests/variants/envoy/test_stab_autumn.py): Germany takes
  Belgium (the last unowned centre) and Venice (Italy's last) from Ruhr and Tyrolia;
  France walks Paris to Picardy and a diplomat from France to Spain. No one meets anyone.
- Winter 1914: Germany builds an army in Kiel and a diplomat in Berlin; Austria (Germany's
  Controlled Neutral) an army in Vienna; France an army in Paris and a fleet in Brest.

An Autumn of captures (the board of tests/conversations/envoy/test_envoy_report_centres.py):
Italy is France's Major Ally and Austria Germany's (two diplomats each). France's A Paris
and Germany's A Picardy, supported from Gascony, both move to Brest, which France's fleet
leaves: they meet (12d), Picardy takes Brest. Germany's A Piedmont walks into Marseilles,
which France's army leaves for Spain (unowned), and France's A Burgundy into Munich, which
Germany left empty: nobody meets there. England, Russia and Turkey stand as they started.
Germany then builds 1 (four centres, Berlin twice by rule 3, four units); no one else
adjusts: Italy and Austria, whose units each player sees (12c), have three of each.

A three-player Spring (England, France, Germany), for what a player learns of the other two:
France's army in Burgundy bounces off the German army holding Munich (a meeting of two
sides, 12d); the English and French diplomats both try Belgium and bounce (a contact, 11);
the French diplomat holding in Holland is dislodged by a German one from Germany with the
support of another from Denmark, and eliminated (5.iv): a contact too, in which the French
one was only moved into (its order is not told to others). England's fleet sails quietly
from London to the Channel, France's army from Paris to Picardy, Germany's fleet from Kiel
to Holland, and Russia's army (Germany's Controlled Neutral: one German diplomat in
Russia) from Warsaw to Silesia.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar import Grammar
from judge.variant import Variant
from judge.variant_loader import load_variant

MODES = ("none", "secret", "stab")
PLAYERS = ["FRANCE", "GERMANY"]
SEED = 7  # a game's secret seed: Stab's counts come in an order drawn from it (12e)
Orders = Mapping[str, Sequence[str]]


@cache
def envoy() -> Variant:
    return load_variant("envoy")


def _units(texts: Sequence[str]) -> tuple[Unit, ...]:
    """'GERMANY D ger' -> the unit."""
    out = []
    for text in texts:
        power, kind, loc = text.split()
        out.append(Unit(power, kind, loc))
    return tuple(out)


def _play(board: Position, orders: Orders) -> TurnResult:
    grammar = Grammar.for_variant(envoy())
    kind = board.phase.kind
    parsed = {p: [grammar.parse(t, kind) for t in texts] for p, texts in orders.items()}
    return adjudicate(envoy().rules, board, parsed)


def _state(mode: str, players: Sequence[str] = PLAYERS) -> dict[str, object]:
    return {"players": list(players), "hidden": mode, "seed": SEED}


def _board(phase: str, units: Sequence[str], mode: str,
           owners: Mapping[str, str] | None = None,
           players: Sequence[str] = PLAYERS) -> Position:
    return Position(Phase.parse(phase), _units(units),
                    envoy().start.owners if owners is None else owners,
                    state=_state(mode, players))


PLACEMENT: Orders = {
    "FRANCE": ["Build A Bre", "Build D Ita", "Build D Bel", "Build D Bel"],
    "GERMANY": ["Build D Bel", "Build D Aus", "Build D Aus", "Build D Den"],
}


@cache
def placement(mode: str) -> TurnResult:
    start = envoy().start
    board = start._replace(state=_state(mode))
    return _play(board, PLACEMENT)


SPRING_UNITS = [
    "FRANCE A bel", "FRANCE F nth", "FRANCE A mar", "FRANCE A par", "FRANCE D engl",
    "FRANCE D engl", "FRANCE D fra", "FRANCE D eng", "GERMANY F hol", "GERMANY A mun",
    "GERMANY D aus", "GERMANY D ger", "GERMANY D hel", "ITALY A pie", "ITALY A rom",
    "ITALY F nap", "AUSTRIA A vie", "AUSTRIA F tri", "ENGLAND F edi", "ENGLAND F lon",
    "ENGLAND A lvp"]
SPRING: Orders = {
    "FRANCE": ["A Bel-Hol", "F Nth S A Bel-Hol", "A Mar-Pie", "A Par-Gas", "D Fra-Spa",
               "D Eng-Bel"],
    "GERMANY": ["A Mun-Ruh", "A Vie-Tyr", "D Ger-Den", "D Hel-Bel"],
}


@cache
def spring(mode: str) -> TurnResult:
    return _play(_board("S1914M", SPRING_UNITS, mode), SPRING)


@cache
def retreat(mode: str) -> TurnResult:
    return _play(spring(mode).position, {"GERMANY": ["F Hol-Kie"]})


HELD = {"AUSTRIA": "vie bud tri rom nap", "ENGLAND": "lon edi lvp",
        "FRANCE": "bre par mar spa por tun", "GERMANY": "ber kie mun hol den", "ITALY": "ven",
        "RUSSIA": "mos stp war sev swe nwy", "TURKEY": "con ank smy bul gre rum ser"}
AUTUMN_UNITS = ["GERMANY A ruh", "GERMANY A tyr", "GERMANY F hol", "GERMANY D ger",
                "GERMANY D aus", "FRANCE A par", "FRANCE A bur", "FRANCE D fra"]
AUTUMN: Orders = {"GERMANY": ["A Ruh-Bel", "A Tyr-Ven"], "FRANCE": ["A Par-Pic", "D Fra-Spa"]}


@cache
def autumn(mode: str) -> TurnResult:
    owners = {c: p for p, cs in HELD.items() for c in cs.split()}
    return _play(_board("F1914M", AUTUMN_UNITS, mode, owners), AUTUMN)


WINTER: Orders = {
    "GERMANY": ["Build A Kie", "Build D Ber", "Build A Vie"],
    "FRANCE": ["Build A Par", "Build F Bre"],
}


@cache
def winter(mode: str) -> TurnResult:
    return _play(autumn(mode).position, WINTER)


THREE = ["ENGLAND", "FRANCE", "GERMANY"]
THREE_UNITS = [
    "ENGLAND F lon", "ENGLAND F edi", "ENGLAND D engl", "FRANCE A bur", "FRANCE A par",
    "FRANCE D fra", "FRANCE D hol", "GERMANY A mun", "GERMANY F kie", "GERMANY D ger",
    "GERMANY D den", "GERMANY D rus", "RUSSIA A war", "RUSSIA A mos"]
THREE_ORDERS: Orders = {
    "ENGLAND": ["F Lon-Eng", "D Engl-Bel"],
    "FRANCE": ["A Bur-Mun", "A Par-Pic", "D Fra-Bel", "D Hol H"],
    "GERMANY": ["A Mun H", "F Kie-Hol", "D Ger-Hol", "D Den S D Ger-Hol", "A War-Sil"],
}


@cache
def three_players(mode: str) -> TurnResult:
    return _play(_board("S1914M", THREE_UNITS, mode, players=THREE), THREE_ORDERS)


CAPTURE_UNITS = [
    "FRANCE F bre", "FRANCE A par", "FRANCE A bur", "FRANCE A mar", "FRANCE D ita",
    "FRANCE D ita", "GERMANY A pic", "GERMANY A gas", "GERMANY A pie", "GERMANY A ber",
    "GERMANY D aus", "GERMANY D aus", "ITALY A ven", "ITALY A rom", "ITALY F nap",
    "AUSTRIA A vie", "AUSTRIA A bud", "AUSTRIA F tri", "ENGLAND F edi", "ENGLAND F lon",
    "ENGLAND A lvp", "RUSSIA A mos", "RUSSIA A war", "RUSSIA F sev", "RUSSIA F stp/sc",
    "TURKEY A con", "TURKEY A smy", "TURKEY F ank"]
CAPTURES: Orders = {
    "FRANCE": ["F Bre-Mao", "A Par-Bre", "A Bur-Mun", "A Mar-Spa"],
    "GERMANY": ["A Pic-Bre", "A Gas S A Pic-Bre", "A Pie-Mar"],
}


@cache
def captures(mode: str) -> TurnResult:
    return _play(_board("F1914M", CAPTURE_UNITS, mode), CAPTURES)
