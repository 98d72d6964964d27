"""The phase cycle: skipped phases, centres changing hands after Fall, builds, victory."""

from __future__ import annotations

from judge.engine.calendar import STANDARD_CALENDAR
from judge.engine.orders import Build, Disband, Move, Order, Retreat, Support, Waive
from judge.engine.outcome import CentreChange, Outcome
from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant

V = load_variant("standard")
RULES = V.rules


def _board(phase: str, *units: tuple[str, str, str], owners: dict[str, str] | None = None
           ) -> Position:
    return Position(Phase.parse(phase), tuple(Unit(*u) for u in units),
                    dict(V.start.owners) if owners is None else owners)


def test_calendar_order() -> None:
    names = []
    phase = Phase.parse("S1901M")
    for _ in range(6):
        names.append(str(phase))
        phase = STANDARD_CALENDAR.following(phase)
    assert names == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert STANDARD_CALENDAR.describe(Phase.parse("F1905R")) == "Fall 1905 Retreats"


def test_spring_without_dislodgement_goes_to_fall() -> None:
    turn = adjudicate(RULES, V.start, {"FRANCE": [Move("par", "bur")]})
    assert str(turn.next_phase) == "F1901M"
    assert turn.position.owners == V.start.owners  # no centre changes in Spring


def test_fall_takes_centres_and_goes_to_winter_builds() -> None:
    board = V.start.with_phase(Phase.parse("F1901M"))
    turn = adjudicate(RULES, board, {"FRANCE": [Move("par", "bur"), Move("mar", "spa")]})
    assert str(turn.next_phase) == "W1901A"
    assert turn.position.owners["spa"] == "FRANCE"
    assert CentreChange("spa", None, "FRANCE") in turn.events
    assert turn.position.owners["par"] == "FRANCE"  # left empty, still owned


def test_fall_without_adjustments_skips_winter() -> None:
    board = V.start.with_phase(Phase.parse("F1901M"))
    turn = adjudicate(RULES, board, {})
    assert str(turn.next_phase) == "S1902M"


def test_dislodgement_leads_to_a_retreat_phase_then_centres_change() -> None:
    board = _board("F1901M", ("GERMANY", "A", "mun"), ("GERMANY", "A", "ruh"),
                   ("FRANCE", "A", "bur"), owners={"mun": "GERMANY", "par": "FRANCE"})
    orders: dict[str, list[Order]] = {"GERMANY": [Move("mun", "bur"), Support("ruh", "mun", "bur")]}
    turn = adjudicate(RULES, board, orders)
    assert str(turn.next_phase) == "F1901R"
    (d,) = turn.position.dislodged
    assert d.unit == Unit("FRANCE", "A", "bur") and d.attacker_from == "mun"
    assert "mun" not in d.retreats and "par" in d.retreats and "ruh" not in d.retreats
    after = adjudicate(RULES, turn.position, {"FRANCE": [Retreat("bur", "par")]})
    assert Unit("FRANCE", "A", "par") in after.position.units
    assert str(after.next_phase) == "W1901A"  # France: 1 centre, 1 unit; Germany: 1, 2


def test_unordered_dislodged_unit_is_disbanded() -> None:
    board = _board("S1901M", ("GERMANY", "A", "mun"), ("GERMANY", "A", "ruh"),
                   ("FRANCE", "A", "bur"))
    turn = adjudicate(RULES, board, {"GERMANY": [Move("mun", "bur"), Support("ruh", "mun", "bur")]})
    after = adjudicate(RULES, turn.position, {})
    assert all(u.power != "FRANCE" for u in after.position.units)
    assert [r.outcome for r in after.results] == [Outcome.SUCCEEDS]
    assert isinstance(after.results[0].order, Disband)


def test_builds_waive_and_civil_disorder() -> None:
    owners = {"par": "FRANCE", "bre": "FRANCE", "spa": "FRANCE", "mos": "RUSSIA"}
    board = _board("W1901A", ("FRANCE", "A", "spa"), ("RUSSIA", "A", "ukr"),
                   ("RUSSIA", "A", "war"), owners=owners)
    turn = adjudicate(RULES, board, {"FRANCE": [Build("par", "A"), Waive(), Build("bre", "F")]})
    units = {str(u) for u in turn.position.units}
    assert {"A par", "A spa"} <= units and "F bre" not in units  # the waive used the 2nd build
    # Russia: one centre, two units, no orders. Both are one step from Moscow, so the
    # English name decides (DATC 6.J.4): Ukraine goes before Warsaw.
    assert "A war" in units and "A ukr" not in units
    assert str(turn.next_phase) == "S1902M"


def test_eighteen_centres_win() -> None:
    others = sorted(RULES.geo.supply_centres - {"bel"})
    owners = {c: "FRANCE" for c in others[:17]}
    board = _board("F1905M", ("FRANCE", "A", "pic"), owners=owners)
    spring = adjudicate(RULES, board.with_phase(Phase.parse("S1905M")),
                        {"FRANCE": [Move("pic", "bel")]})
    assert spring.winners == ()  # centres change hands only when the Fall ends
    turn = adjudicate(RULES, board, {"FRANCE": [Move("pic", "bel")]})
    assert turn.winners == ("FRANCE",) and turn.next_phase is None
