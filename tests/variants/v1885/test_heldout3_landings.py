"""Landings at DATC corners, predicted from shared/rules/1885-iii.txt before they were run
(they agreed with the judge)."""

from __future__ import annotations

from .board import V1885, dislodged, move, standing


def test_the_coast_attacking_the_sea_does_not_cut_the_a_f_s_support_of_its_landing() -> None:
    # l.55-58: "A/F(BLA) disembarks A(Sev) S by F(BLA) will displace an unsupported
    # A(Sev)". Here Brest's fleet also attacks the Channel: an attack from the province the
    # support goes into cuts it only by dislodging the supporter (1971 rules, DATC 6.D.15),
    # and 1 against the A/F's 1 does not. The landing (2) dislodges the fleet, whose move
    # failed (l.58-60: the landing is independent of the fleet); it may not retreat to the
    # Channel, where the attacking army came from.
    out = move(V1885, ["ENGLAND AF eng", "FRANCE F bre"],
               {"ENGLAND": ["A/F Eng disembarks Bre", "A/F Eng S A Eng - Bre"],
                "FRANCE": ["F Bre - Eng"]})
    assert standing(out) == {"ENGLAND A bre", "ENGLAND F eng"}
    gone = dislodged(out)["FRANCE F bre"]
    assert gone.attacker_from == "eng" and "eng" not in gone.retreats


def test_a_landing_on_its_own_country_s_unit_fails_however_supported() -> None:
    # DATC 6.D.10 (1971 rules): no unit dislodges one of its own country; the landing
    # fails, the army stays aboard (l.53-55).
    out = move(V1885, ["RUSSIA AF bla", "RUSSIA F sev", "RUSSIA A rum"],
               {"RUSSIA": ["A/F Bla disembarks Sev", "A Rum S A Bla - Sev", "F Sev H"]})
    assert standing(out) == {"RUSSIA AF bla", "RUSSIA F sev", "RUSSIA A rum"}
    assert not dislodged(out)


def test_a_landing_follows_its_own_unit_out_only_if_that_unit_leaves() -> None:
    # Sevastopol's fleet leaves for Rumania: the army lands. With Bulgaria's army bouncing
    # it in Rumania, the fleet stays and the landing fails (its own unit, 6.D.10).
    left = move(V1885, ["RUSSIA AF bla", "RUSSIA F sev"],
                {"RUSSIA": ["A/F Bla disembarks Sev", "F Sev - Rum"]})
    assert standing(left) == {"RUSSIA A sev", "RUSSIA F bla", "RUSSIA F rum"}
    stayed = move(V1885, ["RUSSIA AF bla", "RUSSIA F sev", "TURKEY A bul"],
                  {"RUSSIA": ["A/F Bla disembarks Sev", "F Sev - Rum"],
                   "TURKEY": ["A Bul - Rum"]})
    assert standing(stayed) == {"RUSSIA AF bla", "RUSSIA F sev", "TURKEY A bul"}


def test_boarding_leaves_the_army_s_province_empty_for_the_month() -> None:
    # l.39-42: "Embarkations are adjudicated prior to simultaneous movement": London is
    # empty when France's army from Wales arrives.
    out = move(V1885, ["ENGLAND A lon", "ENGLAND F eng", "FRANCE A wal"],
               {"ENGLAND": ["A Lon boards F Eng", "A/F Eng H"], "FRANCE": ["A Wal - Lon"]})
    assert standing(out) == {"ENGLAND AF eng", "FRANCE A lon"}
