"""A message's order lines checked in one adjudication (issue #18) give each line the answer
it gets checked line by line, in the set as it stands when the line comes
(judge.game.ordering.merge): where the phase's handler refuses an order by itself
(`refused_alone`: the standard movement phase), else line by line as before."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from judge.engine.handler import PhaseHandler
from judge.engine.movement import MovementPhase
from judge.engine.position import Position
from judge.engine.types import Unit
from judge.game import ordering
from judge.grammar.reader import Writer
from judge.variant import Variant
from judge.variant_loader import load_variant

# France's lines on the two boards below: legal, impossible, another's unit, no unit, a
# support that dislodges, two lines for one unit, a coast, an army to sea.
LINES = ("A Par-Bur", "A Par-Pic", "A Par H", "A Par-Mun", "A Mar-Spa", "A Mar-Bur",
         "A Mar S A Par-Bur", "A Mar S A Mun-Bur", "F Bre-Mid", "F Bre-Eng", "F Bre H",
         "F Bre C A Par-Lon", "A Bre-Par", "A Ber-Kie", "A Mun H", "A Bur H", "A Bur-Mun",
         "A Boh S A Bur-Mun", "A Boh-Mun", "F Spa/sc-Wes", "A Bur S A Boh-Mun", "A Kie-Den",
         "A Tyr-Mun", "F Bre-Pic", "A Pic-Bel", "A Gas-Mar", "A Par-Gas", "A Par S A Mar")


def _boards(variant: Variant) -> Iterator[Position]:
    yield variant.start
    # France beside Germany's Munich: its moves and supports may dislodge a unit not its
    # own, which an order of France's for that unit names.
    yield variant.start.with_board((
        Unit("FRANCE", "A", "bur"), Unit("FRANCE", "A", "boh"), Unit("FRANCE", "A", "par"),
        Unit("FRANCE", "F", "bre"), Unit("FRANCE", "A", "mar"), Unit("GERMANY", "A", "mun"),
        Unit("GERMANY", "A", "tyr"), Unit("GERMANY", "A", "kie")))


def _read(variant: Variant, position: Position, lines: list[str]
          ) -> list[tuple[int, ordering.Written]]:
    read, errors = ordering.read_lines(variant, position.phase, enumerate(lines, 1),
                                       Writer("FRANCE"))
    assert errors == []
    return read


def _answers(errors: list[ordering.LineError]) -> list[tuple[Any, ...]]:
    # What a reply is made of (judge/game/refusals.py): the line, its reason, the refused
    # order and the engine's reason and words. (The result's `dislodged` mark may differ:
    # it depends on the other orders, and nothing reads it from a refusal.)
    return [(e.line_no, e.text, e.reason, e.refusal and
             (e.refusal.order, e.refusal.reason, e.refusal.outcome, e.refusal.message))
            for e in errors]


def _line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ordering, "_merged_at_once", lambda *_args: None)


def test_one_adjudication_answers_each_line_as_line_by_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("standard")
    rng = random.Random(18)
    at_once = 0
    for position in _boards(variant):
        for _ in range(300):
            before = _read(variant, position, rng.sample(LINES, rng.randint(0, 4)))
            message = _read(variant, position, rng.choices(LINES, k=rng.randint(1, 6)))
            start: dict[str, ordering.Written] = {}
            with monkeypatch.context() as patched:
                _line_by_line(patched)
                ordering.merge(variant, position, "FRANCE", start, before)
                by_line = dict(start)
                expected = ordering.merge(variant, position, "FRANCE", by_line, message)
            merged = dict(start)
            at_once += ordering._merged_at_once(variant, position, "FRANCE", dict(start),
                                                message, None) is not None
            got = ordering.merge(variant, position, "FRANCE", merged, message)
            assert _answers(got) == _answers(expected), [w.text for _, w in message]
            assert list(merged.items()) == list(by_line.items())
    assert at_once > 300  # most messages (a unit given two lines goes line by line)


def _adjudications(monkeypatch: pytest.MonkeyPatch, handler: type[PhaseHandler]
                   ) -> list[int]:
    calls: list[int] = []
    real = handler.adjudicate

    def counting(self: PhaseHandler, *args: Any) -> Any:
        calls.append(1)
        return real(self, *args)

    monkeypatch.setattr(handler, "adjudicate", counting)
    return calls


def test_a_standard_movement_message_is_one_adjudication(
        monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("standard")
    calls = _adjudications(monkeypatch, MovementPhase)
    message = _read(variant, variant.start, ["A Par-Bur", "A Mar-Mun", "F Bre-Mid"])
    merged: dict[str, ordering.Written] = {}
    [refused] = ordering.merge(variant, variant.start, "FRANCE", merged, message)
    assert (refused.line_no, refused.text) == (2, "A Mar-Mun")
    assert [w.text for w in merged.values()] == ["A Par-Bur", "F Bre-Mid"]
    assert len(calls) == 1  # was one a line


def test_a_handler_that_does_not_say_checks_line_by_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Weighing(MovementPhase):
        """A variant's movement that might weigh one order against another."""

    variant = load_variant("standard")
    calls = _adjudications(monkeypatch, MovementPhase)
    monkeypatch.setattr(type(variant.rules), "handler", lambda _self, _phase: Weighing())
    message = _read(variant, variant.start, ["A Par-Bur", "A Mar-Spa", "F Bre-Mid"])
    assert ordering.merge(variant, variant.start, "FRANCE", {}, message) == []
    assert len(calls) == 3
