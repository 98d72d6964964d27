"""The JSON protocol of `judge adjudicate`: one request in, one reply out (docs/adjudicate.md)."""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from typing import Any

from judge.engine.codec import event_to_json, unit_from_json
from judge.engine.geo import MapError
from judge.engine.orders import Order
from judge.engine.outcome import Dislodgement, OrderResult, Outcome, Reason, VariantEvent
from judge.engine.position import Position, centres_by_power
from judge.engine.retreats import default_retreats
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import RETREAT, Phase, Unit, province_of
from judge.engine.visibility import Viewer
from judge.game.instance import variant_instance
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import OrderReader, Writer, reader_for
from judge.protocol_allocate import allocation
from judge.protocol_json import dislodgement_json, result_json, unit_json
from judge.protocol_views import viewers, views
from judge.variant import Variant
from judge.variant_loader import load_variant


class RequestError(ValueError):
    """The request itself is wrong (not an order in it): the reply is an error object."""


def handle_line(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"the request is not valid JSON: {exc}"}
    try:
        return handle(request)
    except RequestError as exc:
        return {"error": str(exc)}


def handle(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError("the request must be a JSON object")
    variant = _variant(request.get("variant", "standard"), request.get("map"))
    if "allocate" in request:
        return _allocation(variant, request)
    position = _position(variant, request)
    wanted = _viewers(variant, request.get("views", []))
    reader = reader_for(variant)
    orders, texts, unparsed = _orders(variant, reader, position.phase, request.get("orders"))
    turn = adjudicate(variant.rules, position, orders)
    reply = _reply(variant, turn, texts, unparsed)
    if "views" in request:
        try:
            reply["views"] = views(variant, turn, wanted, texts, unparsed,
                                   request.get("knowledge"))
        except ValueError as exc:
            raise RequestError(str(exc)) from None
    return reply


def _variant(name: Any, world: Any) -> Variant:
    """The variant on its folder's map, or on `world`, a game's own map (the form of
    judge/variant_map.py, with whatever its variant keeps beside it)."""
    if world is not None and not isinstance(world, dict):
        raise RequestError("'map' must be a JSON object: a game's own map "
                           "(docs/adjudicate.md)")
    try:
        if world is None:
            return load_variant(str(name))
        return variant_instance(str(name), {}, 0, world)
    except KeyError as exc:
        raise RequestError(exc.args[0]) from None
    except MapError as exc:
        raise RequestError(f"the map cannot be played: {exc}") from None


def _allocation(variant: Variant, request: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return allocation(variant, request)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _viewers(variant: Variant, names: Any) -> dict[str, Viewer]:
    try:
        return viewers(variant, names)
    except ValueError as exc:
        raise RequestError(str(exc)) from None


def _position(variant: Variant, request: Mapping[str, Any]) -> Position:
    try:
        phase = Phase.parse(str(request.get("phase", variant.start.phase)))
        variant.rules.calendar.season(phase.season)
        variant.rules.handler(phase)
    except ValueError as exc:
        raise RequestError(str(exc)) from None
    if "units" in request:
        units = tuple(_unit(variant, spec) for spec in _list(request, "units"))
    else:
        units = variant.start.units
    _no_two_in_one(variant, units)
    owners = _owners(variant, request.get("centers"))
    state = _state(request.get("state"))
    position = Position(phase, units, owners, (), state)
    if phase.kind != RETREAT:
        return position  # dislodged units belong to retreat phases only (docs/adjudicate.md)
    dislodged = tuple(_dislodged(variant, position, spec) for spec in _list(request, "dislodged"))
    return Position(phase, units, owners, dislodged, state)


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


def _power(variant: Variant, name: Any) -> str:
    if name not in variant.rules.powers:
        known = ", ".join(variant.rules.powers)
        raise RequestError(f"unknown power {name!r} (the powers are {known})")
    return str(name)


# Units read before, per variant (by identity, as judge/grammar/grammar.py keeps grammars),
# by their (power, type, loc) as written: a game's units recur phase after phase.
_UNITS: dict[int, dict[tuple[Any, Any, Any], Unit]] = {}
_BARE = frozenset({"power", "type", "loc"})


def _unit(variant: Variant, spec: Any) -> Unit:
    known = _UNITS.get(id(variant))
    if known is None:
        known = _UNITS[id(variant)] = {}
        weakref.finalize(variant, _UNITS.pop, id(variant), None)
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
    return unit


def forget_units(variant: Variant) -> None:
    """Forgets the units read before (a benchmark's reading from scratch)."""
    _UNITS.get(id(variant), {}).clear()


def _read_unit(variant: Variant, spec: Any) -> Unit:
    if not isinstance(spec, dict):
        raise RequestError(f"a unit must be an object with power, type and loc, not {spec!r}")
    power = _power(variant, spec.get("power"))
    kind = variant.rules.kinds.get(str(spec.get("type", "")).upper())
    if kind is None:
        raise RequestError(f"unknown unit type {spec.get('type')!r} in {spec}")
    loc = str(spec.get("loc", "")).lower()
    prov = province_of(loc)
    if not variant.rules.geo.is_province(prov):
        raise RequestError(f"unknown province {prov!r} in {spec}")
    places = variant.rules.geo.stand_locations(kind, prov)
    if loc not in places:
        where = " or ".join(places) if places else f"nowhere in {prov}"
        raise RequestError(f"a {kind.name} cannot stand on {loc!r}; it can stand on {where}")
    return Unit(power, kind.code, loc, _payload(spec))


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
    (provinces.csv; docs/map-format.md)."""
    if len({province_of(u.loc) for u in units}) == len(units):
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
        raise RequestError(f"two units in {key[1]}")


def _owners(variant: Variant, centres: Any) -> dict[str, str]:
    if centres is None:
        return dict(variant.start.owners)
    if not isinstance(centres, dict):
        raise RequestError("'centers' must map each power to a list of supply centres")
    owners = {}
    for power, provs in centres.items():
        for prov in provs:
            if str(prov).lower() not in variant.rules.geo.supply_centres:
                raise RequestError(f"{prov!r} is not a supply centre")
            owners[str(prov).lower()] = _power(variant, power)
    return owners


def _dislodged(variant: Variant, position: Position, spec: Any) -> Dislodgement:
    unit = _unit(variant, spec)
    attacker = spec.get("attacker_from")
    if attacker is not None and not variant.rules.geo.is_province(str(attacker).lower()):
        raise RequestError(f"unknown province {attacker!r} in attacker_from")
    attacker = str(attacker).lower() if attacker else None
    if "retreats" in spec:
        retreats = tuple(str(r).lower() for r in spec["retreats"])
    else:
        retreats = default_retreats(variant.rules, position, unit, attacker)
    return Dislodgement(unit, attacker, retreats)


def _orders(
    variant: Variant, reader: OrderReader, phase: Phase, spec: Any
) -> tuple[dict[str, list[Order]], dict[int, str], list[OrderResult]]:
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise RequestError("'orders' must map each power to a list of order texts")
    orders: dict[str, list[Order]] = {}
    texts: dict[int, str] = {}
    unparsed: list[OrderResult] = []
    for power, lines in spec.items():
        power = _power(variant, power)
        writer = Writer(power)
        for text in lines:
            try:
                order = reader.read(str(text), phase.kind, writer)
            except OrderSyntaxError as exc:
                unparsed.append(OrderResult(power, None, None, str(text), Outcome.ILLEGAL,
                                            Reason.UNPARSED, exc.message))
                continue
            orders.setdefault(power, []).append(order)
            texts[id(order)] = str(text)
    return orders, texts, unparsed


def _reply(
    variant: Variant, turn: TurnResult, texts: Mapping[int, str], unparsed: list[OrderResult]
) -> dict[str, Any]:
    given = {id(r) for r in turn.results}
    # A variant's season end may remove units (Envoy 7): those come as results too.
    later = [e for e in turn.events if isinstance(e, OrderResult) and id(e) not in given]
    results = [result_json(r, texts) for r in (*turn.results, *unparsed, *later)]
    reply: dict[str, Any] = {
        "phase": str(turn.phase),
        "next_phase": str(turn.next_phase) if turn.next_phase else None,
        "results": results,
        "units": [unit_json(u) for u in turn.position.units],
        "dislodged": [dislodgement_json(d) for d in turn.position.dislodged],
        "centers": centres_by_power(turn.position.owners, variant.rules.geo.supply_centres),
    }
    if turn.position.state:
        reply["state"] = dict(turn.position.state)  # only variants that keep one (Envoy)
    own = [event_to_json(variant.rules.registry, e) for e in turn.events
           if isinstance(e, VariantEvent)]
    if own:
        reply["events"] = own  # a variant's own events, as games store them
    if turn.winners:
        reply["winners"] = list(turn.winners)
    return reply
