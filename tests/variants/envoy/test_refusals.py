"""Envoy's own checks refuse with reasons and parameters, not text (issue #12 item 4): a
`Why` the variant registers (variants/envoy/reasons.py), its units, places and powers as
values, so the reply goes through the projection on the writer's board as the engine's
reasons do, and a refusal stored with a turn reads back."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.refusal import Loc, Power, Refusal, Words, refusal_from_json, refusal_to_json
from judge.engine.types import Phase, Unit
from judge.game import reasons as G
from judge.game.arrival import take
from judge.game.reasons import every_reason
from judge.game.refusals import project, say
from judge.grammar.reader import Writer
from judge.grammar.wording import ReaderNames
from judge.variant_loader import load_variant
from variants.envoy import reasons as E

ENVOY = load_variant("envoy")
FRANCE = "FRANCE"


def _said(position: Position, *lines: str) -> list[tuple[Refusal, ...]]:
    out = take(ENVOY, position, FRANCE, {}, list(enumerate(lines, start=1)),
               writer=Writer(FRANCE))
    return [f.said for f in out]


def _spring() -> Position:
    """Spring 1914, France and Germany playing, two French diplomats at home."""
    start = ENVOY.start
    return start._replace(phase=Phase.parse("S1914M"),
                          units=(*start.units, *[Unit(FRANCE, "D", "fra")] * 2),
                          state={"players": [FRANCE, "GERMANY"]})


def test_the_placement_checks_answer_with_envoys_reasons() -> None:
    assert _said(ENVOY.start, "Build F Par", "Build F Bre", "Build A Kie") == [
        (Refusal.of(E.CANNOT_STAND, kind="fleet", place=Loc("par")),),
        (Refusal.of(E.OTHER_TYPE, unit=Unit(FRANCE, "F", "bre"), other="an army"),),
        (Refusal.of(E.NO_UNIT_TO_CHANGE, power=Power(FRANCE), place=Loc("kie")),)]


def test_the_movement_checks_answer_with_envoys_reasons() -> None:
    assert _said(_spring(), "A par S D fra", "D fra - nth", "3 D fra - bel") == [
        (Refusal.of(E.NOT_FOR_DIPLOMATS),),
        (Refusal.of(E.NO_SEA_FOR_DIPLOMATS, sea="the North Sea"),),
        (Refusal.of(E.TOO_MANY_OF_STACK, count=3, order=Words("D fra - bel"), size=2,
                    place=Loc("fra"), left=2),)]


def test_they_are_worded_in_the_readers_names() -> None:
    [said] = _said(ENVOY.start, "Build F Bre")
    assert say(said, ReaderNames(ENVOY)) == \
        "write the other type: F Brest can only become an army (Envoy 4)"


def test_a_unit_they_name_goes_through_the_writers_board() -> None:
    # The check runs on the board the writer knows; were a unit off it ever named, the
    # reply would say only that the order cannot be done as written.
    german = Refusal.of(E.OTHER_TYPE, unit=Unit("GERMANY", "F", "kie"), other="an army")
    hidden = ENVOY.start._replace(units=tuple(u for u in ENVOY.start.units
                                              if u.power != "GERMANY"))
    assert project((german,), ENVOY.start) == (german,)
    assert project((german,), hidden) == (Refusal.of(G.NOT_AS_WRITTEN),)


def test_every_reason_is_registered_and_reads_back() -> None:
    reasons = every_reason(ENVOY.rules.registry.reasons)
    assert all(reasons[why.code] == why for why in E.ENVOY_REASONS)
    stored = Refusal.of(E.RIVAL_DIPLOMATS, rival=Power("GERMANY"), place=Loc("fra"))
    assert refusal_from_json(reasons, refusal_to_json(stored)) == stored
    assert not set(E.ENVOY_REASONS) & set(
        every_reason(load_variant("standard").rules.registry.reasons).values())
