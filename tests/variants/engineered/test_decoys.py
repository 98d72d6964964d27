"""Decoys (rn45 C8) in a movement phase, worked out by hand: zero power, no support (8a),
disbanded when exposed (8c: the outcome differs from the one the unit it copies would have
had), and shown to other players as the unit it copies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.outcome import Event, OrderResult
from judge.engine.turn import TurnResult
from judge.engine.types import Unit
from judge.engine.visibility import Viewer
from tests.variants.engineered.fighting import (
    BOUNCED,
    DECOYS,
    SUCCEEDS,
    board,
    dislodged,
    outcome,
    run,
    unit,
    written,
)


def decoy_run(units: list[str], orders: dict[str, list[str]]) -> TurnResult:
    return run(units, orders, variant=DECOYS)


def disbanded(turn: TurnResult) -> list[tuple[str, str]]:
    # By name: the game's rules.py loads the variant's modules as a package of its own.
    found: list[Any] = [e for e in turn.events if type(e).__name__ == "DecoyDisbanded"]
    return [(written(e.unit), e.why) for e in found]


def shown_units(events: Sequence[Event]) -> list[Unit | None]:
    return [e.unit for e in events if isinstance(e, OrderResult)]


def test_an_unopposed_decoy_moves_and_stays_a_decoy() -> None:
    turn = decoy_run(["RUSSIA A war decoy"], {"RUSSIA": ["A War-Gal"]})
    assert board(turn) == {"RUSSIA A gal decoy"}
    assert not disbanded(turn)


def test_a_decoy_holding_against_an_equal_attack_is_exposed_and_disbanded() -> None:
    # A real army holds against A Ukr; the decoy, of zero power, would be dislodged.
    turn = decoy_run(["RUSSIA A gal decoy", "TURKEY A ukr"],
                     {"RUSSIA": ["A Gal H"], "TURKEY": ["A Ukr-Gal"]})
    assert disbanded(turn) == [("RUSSIA A gal decoy", "exposed")]
    assert not dislodged(turn)
    assert board(turn) == {"TURKEY A gal"}


def test_a_decoy_receives_no_support_8a() -> None:
    # Supported, a real A Gal would dislodge A Bud; the decoy fails, and so is exposed.
    turn = decoy_run(["RUSSIA A gal decoy", "RUSSIA A vie", "AUSTRIA A bud"],
                     {"RUSSIA": ["A Gal-Bud", "A Vie S A Gal-Bud"], "AUSTRIA": ["A Bud H"]})
    assert outcome(turn, "gal") == BOUNCED
    assert disbanded(turn) == [("RUSSIA A gal decoy", "exposed")]
    assert board(turn) == {"RUSSIA A vie", "AUSTRIA A bud"}


def test_a_decoys_support_adds_nothing() -> None:
    turn = decoy_run(["TURKEY A ser", "TURKEY A rum decoy", "AUSTRIA A bud"],
                     {"TURKEY": ["A Ser-Bud", "A Rum S A Ser-Bud"], "AUSTRIA": ["A Bud H"]})
    assert outcome(turn, "ser") == BOUNCED
    assert disbanded(turn) == [("TURKEY A rum decoy", "exposed")]


def test_a_decoy_cannot_stand_off_an_army() -> None:
    turn = decoy_run(["RUSSIA A war decoy", "AUSTRIA A bud"],
                     {"RUSSIA": ["A War-Gal"], "AUSTRIA": ["A Bud-Gal"]})
    assert outcome(turn, "bud") == SUCCEEDS
    assert disbanded(turn) == [("RUSSIA A war decoy", "exposed")]
    assert board(turn) == {"AUSTRIA A gal"}


def test_a_decoy_dislodged_as_the_real_unit_would_be_is_not_exposed() -> None:
    turn = decoy_run(["RUSSIA A gal decoy", "TURKEY A ukr", "TURKEY A rum"],
                     {"RUSSIA": ["A Gal H"], "TURKEY": ["A Ukr-Gal", "A Rum S A Ukr-Gal"]})
    assert not disbanded(turn)
    assert dislodged(turn) == {"RUSSIA A gal decoy"}


def test_a_decoy_fighter_is_a_fighter_to_everyone() -> None:
    # A fighter holds with zero anyway: the decoy fighter's dislodgement exposes nothing.
    turn = decoy_run(["RUSSIA F gal decoy", "TURKEY A ukr"],
                     {"RUSSIA": ["F Gal H"], "TURKEY": ["A Ukr-Gal"]})
    assert not disbanded(turn)
    assert dislodged(turn) == {"RUSSIA F gal decoy"}


def test_other_players_and_observers_see_the_unit_it_copies() -> None:
    turn = decoy_run(["RUSSIA A war decoy", "RUSSIA A mos", "TURKEY A ukr"],
                     {"RUSSIA": ["A War-Gal", "A Mos H"], "TURKEY": ["A Ukr H"]})
    visibility = DECOYS.rules.visibility
    decoy = unit("RUSSIA A gal decoy")
    for viewer in (Viewer.player("TURKEY"), Viewer.observer(), Viewer.public()):
        seen = visibility.board(turn.position, viewer)
        assert unit("RUSSIA A gal") in seen.units and decoy not in seen.units
        shown = shown_units(visibility.project(turn.results, viewer))
        assert unit("RUSSIA A war") in shown and unit("RUSSIA A war decoy") not in shown
    for viewer in (Viewer.player("RUSSIA"), Viewer.master()):
        assert decoy in visibility.board(turn.position, viewer).units
        assert unit("RUSSIA A war decoy") in shown_units(
            visibility.project(turn.results, viewer))
    assert visibility.hides(turn.position, Viewer.player("TURKEY"))  # type: ignore[attr-defined]
