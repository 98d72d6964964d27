"""Reading a `judge adjudicate` request's board: phase, units, centres, dislodged units and
the variant's state, each checked against the variant (docs/adjudicate.md, "Request").

A peer harness streams phase after phase of its games, so the units and phases read before
are kept (issue #18): what is kept is only ever what was read and checked once, found again
by the values it was read from.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from typing import Any, Final

from judge.engine.codec import unit_from_json
from judge.engine.outcome import Dislodgement
from judge.engine.position import Position
from judge.engine.retreats import default_retreats
from judge.engine.types import RETREAT, Phase, Unit, UnitKind, province_of
from judge.variant import Variant
from judge.variant_hooks import may_share, unit_place

try:
    import orjson  # a dependency (pyproject.toml): it reads a request in a third of the time
except ImportError:  # pragma: no cover - a tree whose environment predates it
    orjson = None  # type: ignore[assignment]


class RequestError(ValueError):
    """The request itself is wrong (not an order in it): the reply is an error object."""


def request_value(line: str) -> Any:
    """The request line's JSON value. What orjson refuses (NaN, an integer past 64 bits)
    is read by the standard library as before, whose error message a bad line gets."""
    if orjson is not None:
        try:
            return orjson.loads(line)
        except orjson.JSONDecodeError:
            pass
    return json.loads(line)


def position(variant: Variant, request: Mapping[str, Any]) -> Position:
    phase = _phase(variant, request.get("phase", variant.start.phase))
    given = "units" in request
    units = _units(variant, _list(request, "units")) if given else variant.start.units
    _no_two_in_one(variant, units)
    owners = _owners(variant, request.get("centers"))
    state = _state(request.get("state"))
    board = Position(phase, units, owners, (), state)
    if phase.kind != RETREAT:
        return board  # dislodged units belong to retreat phases only (docs/adjudicate.md)
    dislodged = tuple(_dislodged(variant, board, spec) for spec in _list(request, "dislodged"))
    return Position(phase, units, owners, dislodged, state)


# Phases read before, by their text: Phase.parse is a regular expression and a dataclass.
_PHASES: Final[dict[str, Phase]] = {}  # Final: a C static once compiled


def _phase(variant: Variant, text: Any) -> Phase:
    name = str(text)
    try:
        phase = _PHASES.get(name)
        if phase is None:
            phase = Phase.parse(name)
            if len(_PHASES) < 10_000:
                _PHASES[name] = phase
        variant.rules.calendar.season(phase.season)
        variant.rules.handler(phase)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    return phase


def _state(state: Any) -> dict[str, Any]:
    """The variant's memory between phases (Envoy's players and control), as given."""
    if state is None:
        return {}
    if not isinstance(state, dict):
        raise RequestError("'state' must be a JSON object (the variant's state)")
    return state


def _list(request: Mapping[str, Any], key: str) -> list[Any]:
    value = request.get(key, [])
    if not isinstance(value, list):
        raise RequestError(f"{key!r} must be a list")
    return value


def power_of(variant: Variant, name: Any) -> str:
    if name not in variant.rules.powers:
        known = ", ".join(variant.rules.powers)
        raise RequestError(f"unknown power {name!r} (the powers are {known})")
    return str(name)


# Units read before, per variant (by identity, as judge/grammar/grammar.py keeps grammars),
# by their (power, type, loc) as written: a game's units recur phase after phase. Beside
# them, the last unit read at each place as written, with the power and type it was
# written with: a request's units are found by one lookup each (issue #18).
Known = dict[tuple[Any, Any, Any], Unit]
At = dict[str, tuple[str, str, Unit]]
_UNITS: Final[dict[int, tuple[Known, At]]] = {}
_BARE: Final = frozenset({"power", "type", "loc"})


def _known(variant: Variant) -> tuple[Known, At]:
    known = _UNITS.get(id(variant))
    if known is None:
        known = _UNITS[id(variant)] = ({}, {})
        weakref.finalize(variant, _UNITS.pop, id(variant), None)
    return known


def _units(variant: Variant, specs: list[Any]) -> tuple[Unit, ...]:
    known, at = _known(variant)
    try:
        # Every unit read before, in one pass: a spec of exactly these three keys, written
        # as the unit last read at its place was (one lookup), or as another read before.
        # Anything else (a payload, a new unit, a value that is not a string) is read one
        # by one below.
        units: list[Unit] = []
        for s in specs:
            if len(s) != 3:
                break
            power, kind, loc = s["power"], s["type"], s["loc"]
            last = at.get(loc)
            if last is not None and last[0] == power and last[1] == kind:
                units.append(last[2])
                continue
            unit = known.get((power, kind, loc))
            if unit is None:
                break
            at[loc] = (power, kind, unit)  # a key of `known`: strings
            units.append(unit)
        if len(units) == len(specs):
            return tuple(units)
    except (KeyError, TypeError):
        pass
    return tuple([_unit(variant, known, spec, at) for spec in specs])


def _unit(variant: Variant, known: Known, spec: Any, at: At | None = None) -> Unit:
    # Only a bare unit is kept: a payload (an Engineered prison's owner) is read each time.
    key = (spec.get("power"), spec.get("type"), spec.get("loc")) \
        if isinstance(spec, dict) and spec.keys() <= _BARE else None
    if key is None or not all(isinstance(k, str) for k in key):
        return _read_unit(variant, spec)
    unit = known.get(key)
    if unit is None:
        unit = _read_unit(variant, spec)
        if len(known) < 10_000:
            known[key] = unit
    if at is not None and len(at) < 10_000:
        at[str(key[2])] = (str(key[0]), str(key[1]), unit)
    return unit


def forget_units(variant: Variant) -> None:
    """Forgets the units read before (a benchmark's reading from scratch)."""
    for kept in _UNITS.get(id(variant), ({}, {})):
        kept.clear()


def _read_unit(variant: Variant, spec: Any) -> Unit:
    if not isinstance(spec, dict):
        raise RequestError(f"a unit must be an object with power, type and loc, not {spec!r}")
    power = power_of(variant, spec.get("power"))
    kind = variant.rules.kinds.get(str(spec.get("type", "")).upper())
    if kind is None:
        raise RequestError(f"unknown unit type {spec.get('type')!r} in {spec}")
    loc = unit_place(variant, kind.code, str(spec.get("loc", "")).lower())
    prov = province_of(loc)
    if not variant.rules.geo.is_province(prov):
        raise RequestError(f"unknown province {prov!r} in {spec}")
    places = variant.rules.geo.stand_locations(kind, prov)
    if loc not in places:
        raise RequestError(_misplaced(variant, kind, prov, loc, places))
    return Unit(power, kind.code, loc, _payload(spec) if "payload" in spec else ())


def _misplaced(variant: Variant, kind: UnitKind, prov: str, loc: str,
               places: tuple[str, ...]) -> str:
    """Why the unit cannot be given there, and what to give instead: the province's own
    locations (a coast), or, when no place in it will do, the nearest that will."""
    a_kind = f"{'an' if kind.name[:1] in 'aeiou' else 'a'} {kind.name}"
    if places:
        return f"{a_kind} cannot stand on {loc!r}; it can stand on {' or '.join(places)}"
    geo = variant.rules.geo
    province = geo.provinces[prov]
    why = (f"{province.name} is {province.terrain}" if province.terrain not in kind.terrains
           else f"{province.name} is no {kind.name}'s space on this map")
    near = sorted(p for p in geo.province_graph().get(prov, ())
                  if geo.stand_locations(kind, p))
    told = f"; next to it, one may stand in {', '.join(near)}" if near else ""
    return (f"{a_kind} cannot stand on {prov!r} ({why}): give the unit's \"loc\" "
            f"as a place {a_kind} can stand on{told}")


def _payload(spec: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What the unit carries (a variant's: Engineered's prison and its owner), in the
    stored form: [[name, value], ...], a value a string, number, boolean or unit object."""
    try:
        return unit_from_json({"power": "", "type": "", "loc": "",
                               "payload": spec.get("payload", [])}).payload
    except (ValueError, TypeError, KeyError) as exc:
        raise RequestError(f"'payload' of {spec} must be [[name, value], ...]: {exc}") from None


def _no_two_in_one(variant: Variant, units: tuple[Unit, ...]) -> None:
    """One unit per province and layer, except units of a kind that `combines`, all
    of one power and one kind (Envoy 5.v), and the kinds a province `holds` any number of
    (provinces.csv; docs/map-format.md), and two the variant's games may have (its hook)."""
    # The map's province of each unit's place: this runs for every request (the places
    # were checked as the units were read). A loop, as Board's: compiled (setup.py), it
    # costs less than map() calling back into itemgetter and dict.__getitem__.
    province = variant.rules.geo.province
    if len({province[u.loc] for u in units}) == len(units):
        return  # no two share a province, whatever their layers
    # By position, not identity: two units written alike are one object once read (_unit).
    seen: dict[tuple[str, str], tuple[int, Unit]] = {}
    provinces = variant.rules.geo.provinces
    for at, u in enumerate(units):
        kind = variant.rules.kinds[u.kind]
        key = (kind.layer, province_of(u.loc))
        first_at, first = seen.setdefault(key, (at, u))
        if first_at == at or (kind.combines and first == u):
            continue
        if {first.kind, u.kind} <= provinces[key[1]].holds:
            continue
        if kind.combines and first.kind == u.kind:
            raise RequestError(f"{first.power} and {u.power} both have a {kind.name} in "
                               f"{key[1]}: only one power's {kind.name}s may share a province")
        if may_share(variant, first, u):
            continue  # as the variant's games have them (variant_hooks.may_share)
        raise RequestError(f"two units in {key[1]}")



def _owners(variant: Variant, centres: Any) -> dict[str, str]:
    if centres is None:
        return dict(variant.start.owners)
    if not isinstance(centres, dict):
        raise RequestError("'centers' must map each power to a list of supply centres")
    owners: dict[str, str] = {}
    supply, powers = variant.rules.geo.supply_centres, variant.rules.powers
    for power, provs in centres.items():
        try:
            # The usual list, checked by one set operation in C: centres as the map spells
            # them, of a power of the variant.
            plain = type(provs) is list and power in powers and supply.issuperset(provs)
        except TypeError:  # an element that cannot be hashed: read one by one, refused
            plain = False
        if plain:
            for prov in provs:  # a loop, not dict.fromkeys: fewer calls once compiled
                owners[prov] = power
            continue
        for prov in provs:
            if str(prov).lower() not in supply:
                raise RequestError(f"{prov!r} is not a supply centre")
            owners[str(prov).lower()] = power_of(variant, power)
    return owners


def _dislodged(variant: Variant, board: Position, spec: Any) -> Dislodgement:
    unit = _unit(variant, _known(variant)[0], spec)
    attacker = spec.get("attacker_from")
    if attacker is not None and not variant.rules.geo.is_province(str(attacker).lower()):
        raise RequestError(f"unknown province {attacker!r} in attacker_from")
    attacker = str(attacker).lower() if attacker else None
    if "retreats" in spec:
        retreats = tuple(str(r).lower() for r in spec["retreats"])
    else:
        retreats = default_retreats(variant.rules, board, unit, attacker)
    return Dislodgement(unit, attacker, retreats)
