"""The rules' three A/F examples and the Exception's example (shared/rules/1885-iii.txt,
"A/F Operations", "Disembarkation", "Exception"), on the regular board they are written
for (l.29-31) and on 1885-III's map, whose spaces they name too."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome, Reason
from judge.variant import Variant

from .board import REGULAR, V1885, dislodged, move, result, standing

BOTH = pytest.mark.parametrize("variant", [REGULAR, V1885], ids=["regular", "1885"])


@BOTH
def test_board_move_and_land_in_one_month(variant: Variant) -> None:
    # l.44-48: "A(Lon) boards F(ENG), A/F(ENG)-MAO, A disembarks Por."
    out = move(variant, ["ENGLAND A lon", "ENGLAND F eng"],
               {"ENGLAND": ["A Lon boards F Eng", "A/F Eng - Mao", "A/F Eng disembarks Por"]})
    assert standing(out) == {"ENGLAND A por", "ENGLAND F mao"}


def test_land_while_the_fleet_sails_on() -> None:
    # l.52-53: "A/F(ION) disembarks A(Tun), F(ION)-EMS."
    out = move(REGULAR, ["ITALY AF ion"],
               {"ITALY": ["A/F Ion disembarks A Tun", "F Ion - Eas"]})
    assert standing(out) == {"ITALY A tun", "ITALY F eas"}


def test_land_while_the_fleet_sails_on_1885() -> None:
    # The same on 1885-III's map, where the Malta Sea lies between Tunis and the Ionian.
    out = move(V1885, ["ITALY AF mal"], {"ITALY": ["A/F Mal disembarks A Tun", "F Mal - Ion"]})
    assert standing(out) == {"ITALY A tun", "ITALY F ion"}


def test_a_landing_on_a_coast_too_far_is_refused_and_the_army_sails_on() -> None:
    # l.44-48: the army lands next to the A/F's sea or the sea it moves to; 1885-III's
    # Ionian does not touch Tunis, so the order is refused and the A/F sails on whole.
    out = move(V1885, ["ITALY AF ion"], {"ITALY": ["A/F Ion disembarks A Tun", "F Ion - Eas"]})
    assert standing(out) == {"ITALY AF eas"}
    assert result(out, "ITALY", "Disembark").outcome == Outcome.ILLEGAL


@BOTH
def test_the_fleet_supports_its_own_army_ashore(variant: Variant) -> None:
    # l.55-58: "A/F(BLA) disembarks A(Sev) S by F(BLA) will displace an unsupported A(Sev)."
    out = move(variant, ["TURKEY AF bla", "RUSSIA A sev"],
               {"TURKEY": ["A/F Bla disembarks Sev", "F Bla S A Bla - Sev"]})
    assert standing(out) == {"TURKEY A sev", "TURKEY F bla"}
    assert "RUSSIA A sev" in dislodged(out)


@BOTH
def test_the_exception(variant: Variant) -> None:
    # l.60-71: ENGLAND A/F(NTH)-ENG, disembarks A(ENG)-Bre, F(MAO) S disembarkation
    # A(ENG)-Bre; FRANCE F(ENG)-Bre. "The French move to Brest succeeds and England will
    # have an A/F in ENG."
    out = move(variant, ["ENGLAND AF nth", "ENGLAND F mao", "FRANCE F eng"],
               {"ENGLAND": ["A/F Nth - Eng", "A/F Nth disembarks A Eng - Bre",
                            "F Mao S A Eng - Bre"],
                "FRANCE": ["F Eng - Bre"]})
    assert standing(out) == {"ENGLAND AF eng", "ENGLAND F mao", "FRANCE F bre"}
    landing = result(out, "ENGLAND", "Disembark")
    assert (landing.outcome, landing.reason) == (Outcome.FAILS, Reason.PARADOX)


@BOTH
def test_a_failed_landing_stops_the_fleet(variant: Variant) -> None:
    # l.53-55: "if disembarkation fails, then the A/F remains intact and any fleet movement
    # (but not support) will also fail".
    out = move(variant, ["ITALY AF tys", "FRANCE A tun"],
               {"ITALY": ["A/F Tys disembarks Tun", "F Tys - Wes"]})
    assert standing(out) == {"ITALY AF tys", "FRANCE A tun"}
    assert result(out, "ITALY", "Move").outcome == Outcome.FAILS
