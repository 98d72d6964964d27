"""Decoys carrying an engineer or a prison (rn45 C8 8a: "This unit can move and carry a E or
P unit"), and a dislodged decoy's retreat; worked out by hand (issue #15 item 1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.grammar.reader import Writer, reader_for
from tests.variants.engineered.fighting import DECOYS, START

RULES = DECOYS.rules


def unit(text: str) -> Unit:
    """'RUSSIA A war decoy'; 'RUSSIA P gal AUSTRIA': a Russian prison holding an Austrian
    engineer."""
    power, kind, loc, *rest = text.split()
    if rest == ["decoy"]:
        return Unit(power, kind, loc, (("decoy", True),))
    return Unit(power, kind, loc, (("owner", rest[0]),) if rest else ())


def written(u: Unit) -> str:
    extra = {"decoy": " decoy", "owner": f" {dict(u.payload).get('owner')}"}
    return f"{u.power} {u.kind} {u.loc}" + "".join(extra[k] for k, _ in u.payload)


def play(phase: str, units: Sequence[str] | Position,
         orders: Mapping[str, Sequence[str]]) -> TurnResult:
    reader = reader_for(DECOYS)
    parsed = {p: [reader.read(t, phase[-1], Writer(p)) for t in texts]
              for p, texts in orders.items()}
    position = units if isinstance(units, Position) else \
        Position(Phase.parse(phase), tuple(unit(u) for u in units), dict(START))
    return adjudicate(RULES, position, parsed)


def board(turn: TurnResult) -> set[str]:
    return {written(u) for u in turn.position.units}


def happened(turn: TurnResult) -> set[str]:
    # By name: the game's rules.py loads the variant's modules as a package of its own.
    told: list[Any] = [e for e in turn.events if type(e).__name__ in
                       ("Engineering", "DecoyDisbanded")]
    return {f"{getattr(e, 'what', None) or e.why} {written(e.unit)}" for e in told}


def test_a_decoy_by_itself_carries_its_engineer() -> None:
    turn = play("F1903M", ["RUSSIA A war decoy", "RUSSIA E war"],
                {"RUSSIA": ["A War-Gal", "E War - Gal"]})
    assert board(turn) == {"RUSSIA A gal decoy", "RUSSIA E gal"}


def test_a_decoy_leaving_its_copy_carries_the_engineer_out() -> None:
    # 8a with 8b: the decoy moves out of Warsaw with the engineer; the army stays.
    turn = play("S1903M", ["RUSSIA A war", "RUSSIA A war decoy", "RUSSIA E war"],
                {"RUSSIA": ["A War H", "DECOY A War-Gal", "E War - Gal"]})
    assert board(turn) == {"RUSSIA A war", "RUSSIA A gal decoy", "RUSSIA E gal"}
    assert not happened(turn)


def test_an_engineer_follows_the_copy_when_the_decoy_stays() -> None:
    turn = play("S1903M", ["RUSSIA A war", "RUSSIA A war decoy", "RUSSIA E war"],
                {"RUSSIA": ["A War-Sil", "DECOY A War H", "E War - Sil"]})
    assert board(turn) == {"RUSSIA A sil", "RUSSIA A war decoy", "RUSSIA E sil"}


def test_a_decoy_that_cannot_leave_keeps_the_engineer() -> None:
    # Austria enters Galicia with two, as it would against a real army: the decoy stays
    # (zero power), so does the engineer, and the decoy, not by itself, is disbanded (8b);
    # the engineer is with its own army, safe.
    turn = play("S1903M", ["RUSSIA A war", "RUSSIA A war decoy", "RUSSIA E war",
                           "AUSTRIA A bud", "AUSTRIA A vie"],
                {"RUSSIA": ["A War H", "DECOY A War-Gal", "E War - Gal"],
                 "AUSTRIA": ["A Bud-Gal", "A Vie S A Bud-Gal"]})
    assert board(turn) == {"RUSSIA A war", "RUSSIA E war", "AUSTRIA A gal", "AUSTRIA A vie"}
    assert happened(turn) == {"not_alone RUSSIA A war decoy"}


def test_a_decoy_captures_an_engineer_as_any_unit_does() -> None:
    # C4 4a: "an enemy unit in the same area": others cannot tell the decoy from an army
    # (2b), so it captures as one would, and carries its prison (8a, 4c).
    turn = play("S1903M", ["RUSSIA A ukr decoy", "AUSTRIA E gal"],
                {"RUSSIA": ["A Ukr-Gal"]})
    assert board(turn) == {"RUSSIA A gal decoy", "RUSSIA P gal AUSTRIA"}
    assert happened(turn) == {"captured AUSTRIA E gal"}
    moved = play("F1903M", turn.position, {"RUSSIA": ["A Gal-Ukr"]})
    assert board(moved) == {"RUSSIA A ukr decoy", "RUSSIA P ukr AUSTRIA"}


def test_a_dislodged_decoy_retreats_still_a_decoy() -> None:
    # Dislodged by two against one, as a real army would be (8c: not exposed): it retreats
    # as that army would, and stays a decoy; the engineer it carried is not moved by a
    # dislodged unit (C5 5b) and is captured (C4 4a).
    units = ["RUSSIA A gal decoy", "RUSSIA E gal", "TURKEY A ukr", "TURKEY A rum"]
    turn = play("F1903M", units, {"RUSSIA": ["A Gal H"],
                                  "TURKEY": ["A Ukr-Gal", "A Rum S A Ukr-Gal"]})
    assert {written(d.unit) for d in turn.position.dislodged} == {"RUSSIA A gal decoy"}
    retreat = play("F1903R", turn.position, {"RUSSIA": ["A Gal-Sil"]})
    assert {"RUSSIA A sil decoy", "TURKEY P gal RUSSIA"} <= board(retreat)
    assert not any(type(e).__name__ == "DecoyDisbanded" for e in retreat.events)


def test_a_dislodged_decoys_prison_is_disbanded() -> None:
    # C5 5c: "A dislodged Army, Navy or Fighter's P unit is disbanded", the decoy's too.
    units = ["RUSSIA A gal decoy", "RUSSIA P gal AUSTRIA", "TURKEY A ukr", "TURKEY A rum"]
    turn = play("F1903M", units, {"RUSSIA": ["A Gal H"],
                                  "TURKEY": ["A Ukr-Gal", "A Rum S A Ukr-Gal"]})
    assert "captor_dislodged RUSSIA P gal AUSTRIA" in happened(turn)
    assert not any(u.kind == "P" for u in turn.position.units)


def test_a_decoy_leaving_its_copy_attacks_as_a_move_does() -> None:
    # C5 5d: the transport fails if its unit "is attacked by another countries unit"; the
    # others see the decoy's move as its copy's (2b), so it attacks as that move would.
    turn = play("S1903M", ["RUSSIA A war", "RUSSIA A war decoy", "AUSTRIA A gal",
                           "AUSTRIA E vie"],
                {"RUSSIA": ["A War H", "DECOY A War-Gal"], "AUSTRIA": ["A Gal T E Vie"]})
    assert "AUSTRIA E vie" in board(turn)
    [transport] = [r for r in turn.results if type(r.order).__name__ == "Transport"]
    assert "is attacked by Russia (rn45 C5 5d)" in transport.message
