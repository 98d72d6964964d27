"""Boards for the picture tests and docs/pictures/: the standard start, a movement with every
kind of arrow, the retreat phase after it, and an Envoy board with diplomats."""

from __future__ import annotations

from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar import Grammar
from judge.variant import Variant
from judge.variant_loader import load_variant

STANDARD = load_variant("standard")
ENVOY = load_variant("envoy")

# F1901M: England convoys A lon to nwy and supports its fleet to hold; France takes bur with
# support, Germany's A mun bounces there; Russia and Turkey bounce in bla; Austria, with
# Italian support, dislodges the German army in tyr (it may retreat to pie or tri).
MOVEMENT_UNITS = ["ENGLAND F nth", "ENGLAND A lon", "ENGLAND F edi", "FRANCE A par",
                  "FRANCE A mar", "GERMANY A mun", "GERMANY A tyr", "RUSSIA F sev",
                  "TURKEY F ank", "AUSTRIA A boh", "ITALY A ven"]
MOVEMENT_ORDERS = {
    "ENGLAND": ["F nth C A lon - nwy", "A lon - nwy", "F edi S F nth"],
    "FRANCE": ["A par - bur", "A mar S A par - bur"],
    "GERMANY": ["A mun - bur", "A tyr H"],
    "RUSSIA": ["F sev - bla"],
    "TURKEY": ["F ank - bla"],
    "AUSTRIA": ["A boh - tyr"],
    "ITALY": ["A ven S A boh - tyr"],
}


def unit(text: str) -> Unit:
    power, kind, loc = text.split()
    return Unit(power, kind, loc)


def turn(variant: Variant, phase: str, units: list[str], orders: dict[str, list[str]],
         owners: dict[str, str] | None = None) -> TurnResult:
    grammar = Grammar.for_variant(variant)
    board = Position(Phase.parse(phase), tuple(unit(u) for u in units),
                     variant.start.owners if owners is None else owners)
    kind = board.phase.kind
    parsed = {p: [grammar.parse(t, kind) for t in texts] for p, texts in orders.items()}
    return adjudicate(variant.rules, board, parsed)


def movement() -> tuple[Position, tuple[Event, ...]]:
    """The board after the movement (the retreat phase's) and the movement's events."""
    done = turn(STANDARD, "F1901M", MOVEMENT_UNITS, MOVEMENT_ORDERS)
    return done.position, done.events


def retreat() -> tuple[Position, tuple[Event, ...]]:
    """The German army dislodged from tyr retreats to pie."""
    position, _ = movement()
    grammar = Grammar.for_variant(STANDARD)
    done = adjudicate(STANDARD.rules, position, {"GERMANY": [grammar.parse("A tyr R pie",
                                                                          "R")]})
    return done.position, done.events


def envoy() -> tuple[Position, tuple[Event, ...]]:
    """Two Austrian diplomats stay in Austria's space, a French one bounces off the Italian
    one in Italy's, and an English diplomat stays in lon as the fleet there leaves."""
    done = turn(ENVOY, "S1914M", ["AUSTRIA D aus", "AUSTRIA D aus", "FRANCE D fra",
                                  "ITALY D ita", "ENGLAND D lon", "ENGLAND F lon"],
                {"FRANCE": ["D fra - ita"], "ENGLAND": ["F lon - nth"]})
    return done.position, done.events


def adjustment() -> tuple[Position, tuple[Event, ...]]:
    """W1901A: France builds an army in par, Germany (three centres, four units) removes
    the army in ruh."""
    done = turn(STANDARD, "W1901A", ["FRANCE A mar", "GERMANY A ber", "GERMANY A mun",
                                     "GERMANY F kie", "GERMANY A ruh"],
                {"FRANCE": ["Build A par"], "GERMANY": ["Remove A ruh"]})
    return done.position, done.events


SAMPLES = {
    "standard-F1901M": (STANDARD, movement, "Standard: Fall 1901 Movement"),
    "standard-F1901R": (STANDARD, retreat, "Standard: Fall 1901 Retreats"),
    "envoy-S1914M": (ENVOY, envoy, "Envoy: Spring 1914 Movement"),
}


def main(folder: str) -> None:
    """Writes the sample pictures of docs/pictures/ (PNG and SVG):
    python -m tests.pictures.scenarios docs/pictures"""
    from pathlib import Path

    from judge.pictures import render_png, render_svg

    for name, (variant, scenario, title) in SAMPLES.items():
        position, events = scenario()
        Path(folder, f"{name}.png").write_bytes(render_png(variant, position, events, title))
        Path(folder, f"{name}.svg").write_text(render_svg(variant, position, events, title),
                                               encoding="utf-8")


if __name__ == "__main__":
    import sys

    main(sys.argv[1])
