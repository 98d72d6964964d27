"""Non-interference of the answers to order lines (issue #13 item 1, issue #12 item 4).

For a Stab Envoy board and variants of it that differ only in units the rules keep from
France (rule 12: the armies and fleets of Germany and of the neutral countries, none of
which met anything of France's), every probe France may write (each of his units
supporting a hold or a move of every province within two steps, and convoying from every
one) gets the same refusal, or none, and the same confirmation, on each. The hidden
units are moved by the test from the map alone: each to a random province of its kind that
no French unit holds, never by asking the judge what France sees. Under Secret Envoy (rule
11) the same holds of France's diplomats' supports, whatever other diplomats stand where.
"""

from __future__ import annotations

import random

import pytest

from judge.engine.position import Position
from judge.engine.types import Phase, Unit, province_of
from judge.game import ordering
from judge.grammar import Grammar, OrderSyntaxError
from judge.variant_loader import load_variant

ENVOY = load_variant("envoy")
GRAMMAR = Grammar.for_variant(ENVOY)
GEO = ENVOY.rules.geo
FRANCE = "FRANCE"
STATE = {"players": ["FRANCE", "GERMANY"], "hidden": "stab"}
DIPLOMAT = GEO.kinds["D"]
FRENCH_DIPLOMATS = (Unit(FRANCE, "D", "bel"), Unit(FRANCE, "D", "spa"))


def board(units: tuple[Unit, ...], hidden: str = "stab") -> Position:
    return Position(Phase.parse("S1914M"), units, ENVOY.start.owners,
                    state={**STATE, "hidden": hidden})


def shuffled(seed: int) -> Position:
    """The start, every army and fleet but France's moved to a random free province."""
    rng = random.Random(seed)
    french = [u for u in ENVOY.start.units if u.power == FRANCE]
    taken = {province_of(u.loc) for u in french}
    moved = []
    for unit in ENVOY.start.units:
        if unit.power == FRANCE:
            continue
        kind = GEO.kinds[unit.kind]
        free = sorted(p for p in GEO.provinces if p not in taken and GEO.stand_locations(kind, p))
        prov = rng.choice(free)
        taken.add(prov)
        moved.append(unit.moved(GEO.stand_locations(kind, prov)[0]))
    return board((*french, *moved))


def probes() -> list[str]:
    lines = []
    for unit in ENVOY.start.units_of(FRANCE):
        near = {province_of(loc) for k in GEO.kinds.values() if k.layer == "main"
                for loc in GEO.neighbours(k, unit.loc)}
        around = near | {province_of(x) for p in near for k in GEO.kinds.values()
                         if k.layer == "main" for x in GEO.neighbours(k, p)}
        for target in sorted(around - {province_of(unit.loc)}):
            lines.append(f"{unit.kind} {unit.loc} S {target}")
            for dest in sorted(near):
                lines.append(f"{unit.kind} {unit.loc} S A {target}-{dest}")
                lines.append(f"{unit.kind} {unit.loc} S F {target}-{dest}")
                lines.append(f"{unit.kind} {unit.loc} C A {target}-{dest}")
    return lines


def answers(position: Position, lines: list[str]) -> list[tuple[str, ...]]:
    out = []
    for text in lines:
        try:
            order = GRAMMAR.parse(text, "M")
        except OrderSyntaxError:
            continue
        written = ordering.Written(text, order)
        refused = ordering.refusal(ENVOY, position, FRANCE, {"x": written}, written)
        said = ordering.describe_set(ENVOY, position, FRANCE, {"x": written})
        out.append((text, refused.message if refused else "", *said))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_france_is_answered_alike_whatever_stands_where_he_cannot_see(seed: int) -> None:
    lines = probes()[seed::7]  # a different seventh of the probes for each seed
    start, other = board(ENVOY.start.units), shuffled(seed)
    assert start.units != other.units
    told = answers(start, lines)
    assert told == answers(other, lines)
    assert any(message for _, message, *_ in told)  # the probes do meet refusals


def diplomats_scattered(seed: int) -> tuple[Unit, ...]:
    """Germany's four diplomats in random spaces that France's do not hold."""
    spaces = sorted(p for p in GEO.provinces if GEO.stand_locations(DIPLOMAT, p)
                    and p not in {u.loc for u in FRENCH_DIPLOMATS})
    return tuple(Unit("GERMANY", "D", p) for p in random.Random(seed).sample(spaces, 4))


def diplomat_probes() -> list[str]:
    lines = []
    for unit in FRENCH_DIPLOMATS:
        near = sorted(GEO.neighbours(DIPLOMAT, unit.loc))
        for target in sorted({x for p in near for x in GEO.neighbours(DIPLOMAT, p)}):
            lines.append(f"D {unit.loc} S D {target}")
            lines += [f"D {unit.loc} S D {target}-{dest}" for dest in near]
    return lines


@pytest.mark.parametrize("seed", [1, 2])
def test_under_secret_other_diplomats_change_no_answer(seed: int) -> None:
    # Rule 11: every army and fleet is public, other players' diplomats are not.
    lines = diplomat_probes()[seed::3]
    armies = ENVOY.start.units + FRENCH_DIPLOMATS
    told = answers(board(armies, "secret"), lines)
    assert told == answers(board(armies + diplomats_scattered(seed), "secret"), lines)
    assert any(message for _, message, *_ in told)
