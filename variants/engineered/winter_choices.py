"""What a country may order in a Winter beyond its builds and removals (rn45 C2 2a, C3,
C4 4d), in its player's words: the Winter is played, and waits for him, when it has any
(issue #15 items 1 and 2), and his reminder names them.

- C2 2a: his engineer on a supply centre with his army or navy may convert it; on an empty
  centre, when he has a build, it is a build site.
- C4 4d: his prison on a supply centre may convert its captor.
- C3: he may create an engineer (below the ratio, on a home centre he owns with no engineer
  or prison there), or choose which one goes (above it).

Decoys (C2 2b) add theirs in decoys_phase.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import adjustment_counts
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.types import Unit, province_of

from .options import options_at
from .orders import ENGINEER, KIND_NAMES, PRISON
from .season import owner_of

Options = Mapping[str, object]


def entitled(options: Options, centres: int) -> int:
    """How many engineers a country of `centres` supply centres may have (C3a or C3d; C3d's
    "After that" read as "at least" by `c3d`, as "besides" by `c3d_extra`)."""
    ratio = options.get("engineer_ratio", "c3d")
    if ratio == "c3a":
        return centres // 3
    per = centres // int(str(options.get("engineer_centres", 4)))
    return 1 + per if ratio == "c3d_extra" else max(1, per)


def engineers_of(units: Sequence[Unit], power: str) -> int:
    """A country's engineers, with those held as prisons by others: what it may not
    create beyond (C3b); its removals count its own only (builds.py, C3a, 3d)."""
    return sum(1 for u in units if (u.kind == ENGINEER and u.power == power)
               or (u.kind == PRISON and owner_of(u) == power))



def winter_choices(rules: Rules, position: Position, power: str,
                   defaults: Options) -> tuple[str, ...]:
    """Each thing `power` may order this Winter though no build or removal needs it."""
    return (*_conversions(rules, position, power), *_sites(rules, position, power),
            *_engineers(rules, position, power, options_at(defaults, position)))


def _abbr(loc: str) -> str:
    return province_of(loc).title()


def _military(position: Position, prov: str) -> Unit | None:
    return next((u for u in position.units if province_of(u.loc) == prov
                 and u.kind in KIND_NAMES), None)


def _conversions(rules: Rules, position: Position, power: str) -> list[str]:
    out = []
    centres = rules.geo.supply_centres
    for helper in position.units:
        prov = province_of(helper.loc)
        unit = _military(position, prov)
        if helper.power != power or prov not in centres or unit is None \
                or unit.power != power or helper.kind not in (ENGINEER, PRISON):
            continue
        if helper.kind == ENGINEER and unit.kind not in ("A", "N"):
            continue  # 2a: an engineer converts an army or a navy, not a fighter
        to = _other_kind(unit)
        who = "engineer" if helper.kind == ENGINEER else "prison"
        out.append(f"a conversion by your {who} in {rules.geo.provinces[prov].name} "
                   f"(CONVERT {unit.kind} {_abbr(unit.loc)} TO {to})")
    return out


def _other_kind(unit: Unit) -> str:
    """A kind the unit may become wherever it stands (the example the player is given): an
    army a fighter, on any centre; a navy or a fighter (only a prison converts one) an army."""
    return "F" if unit.kind == "A" else "A"


def _sites(rules: Rules, position: Position, power: str) -> list[str]:
    """C2 2a with B4: a build on the centre his engineer stands on, when he has one to make."""
    if adjustment_counts(rules, position).get(power, 0) <= 0:
        return []
    return [f"a build on your engineer's centre {rules.geo.provinces[prov].name} "
            f"(Build A {_abbr(prov)})"
            for prov in sorted({province_of(u.loc) for u in position.units
                                if u.kind == ENGINEER and u.power == power})
            if prov in rules.geo.supply_centres and _military(position, prov) is None]


def _engineers(rules: Rules, position: Position, power: str, options: Options) -> list[str]:
    centres = len(rules.geo.owned_centres(position.owners, power))
    have = engineers_of(position.units, power)
    allowed = entitled(options, centres)
    own = sorted(province_of(u.loc) for u in position.units
                 if u.kind == ENGINEER and u.power == power)
    if allowed < len(own):
        return [f"which engineer goes, {len(own) - allowed} over your ratio (Remove E "
                f"{own[0].title()}; else the judge removes the last by place)"]
    taken = {province_of(u.loc) for u in position.units if u.kind in (ENGINEER, PRISON)}
    homes = sorted(h for h in rules.homes.get(power, ()) if position.owners.get(h) == power
                   and h not in taken)
    if allowed > have and homes:
        return [f"a new engineer on a home centre (Build E {homes[0].title()})"]
    return []
