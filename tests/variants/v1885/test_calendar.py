"""1885-III's calendar and centres (issue #16 item 1), through `judge adjudicate`: one move
a month from January 1885 (l.15-17), builds and removals after March, June, September and
December, centres changing hands only after those four moves; Sicily Italy's build site
while she was the last to occupy it (l.24-27); Ireland, Portugal and Persia build sites for
England, Spain and Russia when they own them (l.27-29); Turkey's March build for Macedonia
decided by February (l.93-95)."""

from __future__ import annotations

from typing import Any

from judge.engine.orders import Move
from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.variant_loader import load_variant
from tests.variants.v1885.adjudicate import ask, board, outcomes, units

HOMES = {"AUSTRIA": ["vie", "bud", "clu", "spl"], "ENGLAND": ["lon", "edi", "lvp"],
         "FRANCE": ["par", "mar", "bre"], "GERMANY": ["ber", "mun", "kie", "dre"],
         "ITALY": ["rom", "nap", "ven"], "RUSSIA": ["mos", "war", "stp", "sev", "ark"],
         "SPAIN": ["mad", "cad", "val"], "SWEDEN": ["sto", "got", "osl"],
         "TURKEY": ["con", "smy", "sin", "mac"]}


def _centres(**more: list[str]) -> dict[str, list[str]]:
    return {p: [*cs, *more.get(p.lower(), [])] for p, cs in HOMES.items()}


def _phase(phase: str, unit_specs: list[str], orders: dict[str, list[str]],
           centres: dict[str, list[str]] | None = None, **state: Any) -> dict[str, Any]:
    return ask({"phase": phase, "units": units(*unit_specs), "centers": centres or _centres(),
                "state": state, "orders": orders})


def test_one_move_a_month_and_builds_after_march_june_september_december() -> None:
    calendar = load_variant("1885").rules.calendar
    phase, walk = Phase.parse("JAN1885M"), []
    while phase.year == 1885:
        walk.append(calendar.describe(phase))
        phase = calendar.following(phase)
    months = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]
    expected = []
    for n, month in enumerate(months, 1):
        expected += [f"{month} 1885 Movement", f"{month} 1885 Retreats"]
        if n % 3 == 0:
            expected.append(f"{month} 1885 Adjustments")
    assert walk == expected
    assert str(phase) == "JAN1886M"


def test_a_centre_changes_hands_after_march_not_after_january() -> None:
    specs = ["SPAIN A mad", "FRANCE A par"]
    january = _phase("JAN1885M", specs, {"SPAIN": ["A mad - por"]})
    assert january["next_phase"] == "FEB1885M"
    assert "por" not in january["centers"]["SPAIN"]
    march = _phase("MAR1885M", specs, {"SPAIN": ["A mad - por"]})
    assert "por" in march["centers"]["SPAIN"]
    # Spain: 4 centres, 2 units here, so builds follow in the March adjustments.
    assert march["next_phase"] == "MARB1885A"


def test_portugal_is_a_build_site_for_spain_when_she_owns_it() -> None:
    specs = ["SPAIN A mad", "SPAIN F cad", "SPAIN F val"]
    reply = _phase("JUNB1885A", specs, {"SPAIN": ["build A por"]}, _centres(spain=["por"]))
    assert outcomes(reply) == [("SPAIN", "build A por", "succeeds")]
    assert reply["next_phase"] == "JUL1885M"


def test_ireland_is_england_s_site_but_not_france_s() -> None:
    centres = _centres(france=["ire"])
    reply = _phase("SEPB1885A", [], {"FRANCE": ["build F ire"]}, centres)
    assert [(p, o) for p, o, outcome in outcomes(reply) if outcome == "succeeds"] == []
    reply = _phase("SEPB1885A", [], {"ENGLAND": ["build F ire"]}, _centres(england=["ire"]))
    assert ("ENGLAND", "build F ire", "succeeds") in outcomes(reply)


def test_persia_is_russia_s_site_when_she_owns_it_and_only_then() -> None:
    reply = _phase("DECB1885A", [], {"RUSSIA": ["build A per"]}, _centres(russia=["per"]))
    assert ("RUSSIA", "build A per", "succeeds") in outcomes(reply)
    reply = _phase("DECB1885A", [], {"RUSSIA": ["build A per"]})
    assert ("RUSSIA", "build A per", "succeeds") not in outcomes(reply)


def test_sicily_is_italy_s_build_site_until_another_power_last_occupied_it() -> None:
    # Italy owns Sicily from the start (l.25): a build there while it is vacant.
    italy = ["ITALY A rom", "ITALY F nap"]
    reply = _phase("MARB1885A", italy, {"ITALY": ["build F sic"]})
    assert ("ITALY", "build F sic", "succeeds") in outcomes(reply)
    # An Austrian fleet enters Sicily in April, a month that takes no centres, and leaves
    # in May: Austria was the last to occupy it, so Italy may not build there in June.
    april = _phase("APR1885M", ["AUSTRIA F ion"], {"AUSTRIA": ["F ion - sic"]})
    assert april["state"]["sicily"] == "AUSTRIA"
    may = _phase("MAY1885M", ["AUSTRIA F sic"], {"AUSTRIA": ["F sic - tys"]}, **april["state"])
    assert may["state"]["sicily"] == "AUSTRIA"
    june = _phase("JUNB1885A", italy, {"ITALY": ["build F sic"]}, **may["state"])
    assert ("ITALY", "build F sic", "succeeds") not in outcomes(june)
    assert "ITALY F sic" not in board(june)
    # An Italian unit in Sicily at the end of a month takes it back.
    back = _phase("JUL1885M", ["ITALY F nap"], {"ITALY": ["F nap - sic"]}, **may["state"])
    assert back["state"]["sicily"] == "ITALY"


def test_turkey_builds_for_macedonia_in_march_if_she_held_it_after_february() -> None:
    turkey = ["TURKEY A con", "TURKEY A smy", "TURKEY F sin"]
    february = _phase("FEB1885M", [*turkey, "AUSTRIA A ser"], {})
    assert february["state"]["macedonia_after_february"] is True
    # Austria takes Macedonia in March; Turkey's build for it stands all the same.
    march = _phase("MAR1885M", [*turkey, "AUSTRIA A ser"], {"AUSTRIA": ["A ser - mac"]},
                   **february["state"])
    assert "mac" in march["centers"]["AUSTRIA"]
    builds = ask({"phase": "MARB1885A", "units": units(*turkey, "AUSTRIA A mac"),
                  "centers": march["centers"], "state": march["state"],
                  "orders": {"TURKEY": ["build A con"]}})
    assert ("TURKEY", "build A con", "succeeds") not in outcomes(builds)  # Con is occupied
    builds = ask({"phase": "MARB1885A", "units": units("TURKEY A smy", "TURKEY F sin",
                                                       "TURKEY A arm", "AUSTRIA A mac"),
                  "centers": march["centers"], "state": march["state"],
                  "orders": {"TURKEY": ["build A con"]}})
    assert ("TURKEY", "build A con", "succeeds") in outcomes(builds)


def test_no_build_for_macedonia_if_another_power_stood_there_after_february() -> None:
    turkey = ["TURKEY A con", "TURKEY A smy", "TURKEY F sin"]
    february = _phase("FEB1885M", [*turkey, "AUSTRIA A ser"], {"AUSTRIA": ["A ser - mac"]})
    assert february["state"]["macedonia_after_february"] is False
    # The Austrian army leaves in March; Macedonia stays Turkish, but gives no March build:
    # three units (Constantinople vacant) for three centres.
    march = _phase("MAR1885M", [*turkey, "AUSTRIA A mac"],
                   {"AUSTRIA": ["A mac - ser"], "TURKEY": ["A con - arm"]}, **february["state"])
    assert "mac" in march["centers"]["TURKEY"]
    builds = ask({"phase": "MARB1885A",
                  "units": units("TURKEY A arm", "TURKEY A smy", "TURKEY F sin"),
                  "centers": march["centers"], "state": march["state"],
                  "orders": {"TURKEY": ["build A con"]}})
    assert [(p, o, r) for p, o, r in outcomes(builds)] == [
        ("TURKEY", "build A con", "illegal")]
    # The same board, had Turkey held Macedonia after February: the build stands.
    builds = ask({"phase": "MARB1885A",
                  "units": units("TURKEY A arm", "TURKEY A smy", "TURKEY F sin"),
                  "centers": march["centers"], "state": {"macedonia_after_february": True},
                  "orders": {"TURKEY": ["build A con"]}})
    assert outcomes(builds) == [("TURKEY", "build A con", "succeeds")]



def _march_builds_after_austria_took_macedonia(option: str | None) -> tuple[int, list[str]]:
    """Turkey controlled Macedonia after February; Austria took it in March. Turkey's
    centres for the March 1885 adjustments, and where her builds stand (Constantinople is
    vacant)."""
    variant = variant_instance("1885", {} if option is None else {"macedonia_build": option},
                               0)
    owners = {c: p for p, cs in _centres().items() for c in cs if c != "mac"}
    units = (Unit("TURKEY", "A", "arm"), Unit("TURKEY", "A", "smy"),
             Unit("TURKEY", "F", "sin"), Unit("AUSTRIA", "A", "mac"))
    position = Position(Phase.parse("MARB1885A"), units, {**owners, "mac": "AUSTRIA"},
                        state={"macedonia_after_february": True})
    rules = variant.rules
    build = reader_for(variant).read("Build A Con", "A", Writer("TURKEY"))
    out = rules.handler(position.phase).adjudicate(rules, position, {"TURKEY": [build]})
    built = [u.loc for u in out.position.units if u.power == "TURKEY" and u.loc == "con"]
    return rules.supply(rules, position)["TURKEY"], built


def test_by_default_february_alone_decides_turkey_s_march_build() -> None:
    # l.94-95: "If she still controls Macedonia after February 1885, she may build a unit
    # for that Supply Centre in any Home S.C. in March."
    assert _march_builds_after_austria_took_macedonia(None) == (4, ["con"])
    assert _march_builds_after_austria_took_macedonia("after_february") == (4, ["con"])


def test_the_option_also_march_needs_macedonia_still_turkish_after_march() -> None:
    assert _march_builds_after_austria_took_macedonia("also_march") == (3, [])


def test_also_march_keeps_the_build_of_a_macedonia_held_throughout() -> None:
    variant = variant_instance("1885", {"macedonia_build": "also_march"}, 0)
    owners = {c: p for p, cs in _centres().items() for c in cs}
    for after_february, count in ((True, 4), (False, 3)):
        position = Position(Phase.parse("MARB1885A"), (Unit("TURKEY", "A", "smy"),), owners,
                            state={"macedonia_after_february": after_february})
        assert variant.rules.supply(variant.rules, position)["TURKEY"] == count

def test_the_option_centres_change_monthly_moves_them_after_every_move() -> None:
    january = Phase.parse("JAN1885M")
    for option, owner in (("builds", None), ("monthly", "SPAIN")):
        variant = variant_instance("1885", {"centres_change": option}, 0)
        start = variant.start._replace(phase=january)
        after = adjudicate(variant.rules, start, {"SPAIN": [Move("mad", "por", "A")]})
        assert after.position.owners.get("por") == owner, option
        assert after.next_phase == Phase.parse("FEB1885M")
