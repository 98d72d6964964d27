"""Where a fighter may be built in the simple game (option `simple_fighter_builds`).

rn45 C7 7a, "A Fighter Field unit may be built instead of a Army or Navy", is a complex rule,
and "the simple game excludes the complex and advanced rules" (rn45 A): on his home centres
the simple game's player builds what the 1971 rules build, an army or a navy (C0). The simple
rules still make fighters: C2 2a's engineer "can build a military unit on an empty SC", and a
military unit is "a standard diplomacy unit or a Fighter Field unit" (B3); 2a and C4 4d also
convert units to fighters. So by default ("engineer_sites") a simple game's fighter is built
only on a centre where the country's own engineer stands; "none" reads 2a's military unit as
an army or navy; "anywhere" lets every build site take a fighter, as C7 7a does at the
complex and advanced levels, which this option does not touch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.types import Unit, province_of

from .orders import ENGINEER

FIGHTER = "F"


def why_no_fighter(options: Mapping[str, object], units: Sequence[Unit], power: str,
                   prov: str, coastal: bool = False) -> str:
    """Why `power` may not build a fighter in `prov` at the game's level, or "", and what
    to write instead: a newcomer's `Build F Mar` meant a fleet, which this game writes N."""
    if str(options.get("level", "simple")) != "simple":
        return ""
    where = str(options.get("simple_fighter_builds", "engineer_sites"))
    engineer = any(u.kind == ENGINEER and u.power == power and province_of(u.loc) == prov
                   for u in units)
    if where == "anywhere" or (where == "engineer_sites" and engineer):
        return ""
    rule = ("in the simple game a fighter is built only on a centre where your engineer "
            "stands (rn45 C2 2a: it builds \"a military unit\", B3)"
            if where == "engineer_sites" else "the simple game builds no fighters")
    why = (f"{rule}; C7 7a, \"a Fighter Field unit may be built instead of a Army or "
           f"Navy\", is a complex rule (rn45 A)")
    if coastal:  # the likelier meaning first: F in a build is a fighter (B7), not a fleet
        return (f"in a build F is a fighter (B7), not a fleet: write BUILD N {prov} for a "
                f"navy, or BUILD A {prov} for an army. No fighter here: {why}")
    return f"{why}. Build an army there (BUILD A {prov}), or a navy on a coastal centre"
