"""Held-out scenario (rules18d item 2): a Major Neutral stands in civil disorder (rule 6)
and loses its removals by the civil disorder rule of "the normal rules of Diplomacy (1971
rulebook)" (rule 1), which measures each unit's distance to the home supply centres
(DATC 4.D.8: "In the 1971 and 1982 rulebooks, the distance of each unit to the home
supply centers must be calculated"); the 2023 rule the judge plays elsewhere measures it
to the nearest owned centre.

Italy, never visited by a diplomat, owns Naples and Tunis (France took Rome and Venice)
and has three units for two centres: one goes. From the home centres Venice, Rome and
Naples, F Tunis is two moves away (Tunis-Tyrrhenian-Naples), A Venice and F Naples none:
F Tunis is removed. (Measured from the owned centres, A Venice would go: two moves from
Naples, the others none.)"""

from __future__ import annotations

from judge.protocol import handle


def test_a_major_neutral_in_civil_disorder_removes_the_unit_farthest_from_home() -> None:
    units = [("ITALY", "F", "tun"), ("ITALY", "A", "ven"), ("ITALY", "F", "nap"),
             ("FRANCE", "A", "par")]
    reply = handle({
        "variant": "envoy", "phase": "W1914A", "state": {"players": ["FRANCE", "GERMANY"]},
        "units": [{"power": p, "type": t, "loc": loc} for p, t, loc in units],
        "centers": {"ITALY": ["nap", "tun"], "FRANCE": ["bre", "mar", "par", "rom", "ven"],
                    "GERMANY": ["ber", "kie", "mun"]},
        "orders": {}})
    assert "error" not in reply, reply
    assert [(r["power"], r["order"], r["outcome"]) for r in reply["results"]] == [
        ("ITALY", "F TUN D", "succeeds")]
    assert sorted(f"{u['type']} {u['loc']}" for u in reply["units"]
                  if u["power"] == "ITALY") == ["A ven", "F nap"]
