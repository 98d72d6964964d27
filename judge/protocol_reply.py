"""The reply of `judge adjudicate` to one phase (docs/adjudicate.md, "Reply"): as a JSON
object, and as its text written straight from the turn.

`reply_line` is `reply_text(reply(...))`, byte for byte (tests/test_protocol_reply.py),
without building the object first: a reply has a record per unit and per order, and
building some sixty dicts for orjson to walk was a fifth of a movement phase's round trip
(issue #18, bench/README.md). Each record is joined from pieces written once and kept:
every name and text escaped as json.dumps escapes it, every unit's object by the unit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

from judge.engine.codec import event_to_json
from judge.engine.outcome import Event, OrderResult, Outcome, Reason, VariantEvent
from judge.engine.position import centres_by_power
from judge.engine.turn import TurnResult
from judge.engine.types import Unit
from judge.protocol_json import (
    Describe,
    canonical,
    dislodgement_json,
    reply_text,
    result_json,
    results_json,
    unit_json,
    units_json,
)
from judge.variant import Variant


def reply(variant: Variant, turn: TurnResult, texts: Mapping[int, str],
          unparsed: list[OrderResult]) -> dict[str, Any]:
    """The reply object; `texts`: the text each order was read from, by the order's id."""
    short = variant.rules.registry.describe
    results = results_json((*turn.results, *unparsed), texts, short)
    results.extend(result_json(e, texts, short) for e in _removed(turn))
    own = [event_to_json(variant.rules.registry, e)
           for e in turn.events if isinstance(e, VariantEvent)]
    after = turn.position
    out: dict[str, Any] = {
        "phase": str(turn.phase),
        "next_phase": str(turn.next_phase) if turn.next_phase else None,
        "results": results,
        "units": units_json(after.units),
        "dislodged": [dislodgement_json(d) for d in after.dislodged],
        "centers": centres_by_power(after.owners, variant.rules.geo.supply_centres),
    }
    if after.state:
        out["state"] = dict(after.state)  # only variants that keep one (Envoy)
    if own:
        out["events"] = own  # a variant's own events, as games store them
    if turn.winners:
        out["winners"] = list(turn.winners)
    return out


def _removed(turn: TurnResult, rest: tuple[Event, ...] | None = None) -> list[OrderResult]:
    """Results among the events that are not the phase's own (`rest`, _beyond_results's):
    a variant's season end removed the unit (Envoy 7)."""
    if rest is None:
        rest = _beyond_results(turn)
    if not any(type(e) is OrderResult for e in rest):
        return []
    given = {id(r) for r in turn.results}
    return [e for e in rest if type(e) is OrderResult and id(e) not in given]


def _beyond_results(turn: TurnResult) -> tuple[Event, ...]:
    """The events after the phase's results, which they begin with (movement, retreats,
    adjustments: checked by identity), or all of them."""
    results, events = turn.results, turn.events
    n = len(results)
    if n > len(events):
        return events
    # A loop, not all(map(operator.is_, ...)): compiled (setup.py), it calls nothing per
    # event, where map called operator.is_ back for each (issue #18).
    for i in range(n):
        if events[i] is not results[i]:
            return events
    return events[n:]


def reply_line(variant: Variant, turn: TurnResult, texts: Mapping[int, str],
               unparsed: list[OrderResult]) -> str:
    """reply_text(reply(variant, turn, texts, unparsed)), written without the object."""
    after = turn.position
    rest = _beyond_results(turn)
    if after.state or turn.winners or any(isinstance(e, VariantEvent) for e in rest):
        # A variant's memory, its own events, a game won: rare, and written as before.
        return reply_text(reply(variant, turn, texts, unparsed))
    results = _results_text((*turn.results, *unparsed, *_removed(turn, rest)), texts,
                            variant.rules.registry.describe)
    nxt = _string(str(turn.next_phase)) if turn.next_phase else "null"
    units = _units_text(after.units)
    dislodged = ",".join([reply_text(dislodgement_json(d)) for d in after.dislodged])
    centres = _centres_text(after.owners, variant.rules.geo.supply_centres)
    return (f'{{"phase":{_string(str(turn.phase))},"next_phase":{nxt},"results":[{results}],'
            f'"units":[{units}],"dislodged":[{dislodged}],"centers":{centres}}}')


# Pieces written once: strings as json.dumps writes them (ASCII, '→' as \u2192), units'
# objects. Bounded, as the grammar's memory of lines is: a long-running harness meets
# new texts and units all the time.
# Final: compiled (setup.py), a C static rather than a lookup in the module's dict at every
# use (issue #18).
_STRINGS: Final[dict[str, str]] = {}
_UNITS: Final[dict[Unit, str]] = {}
_CENTRES: Final[dict[tuple[frozenset[str], tuple[str, ...], tuple[str, ...]], str]] = {}
_LIMIT: Final = 20_000


def _string(s: str) -> str:
    text = _STRINGS.get(s)
    if text is None:
        text = json.dumps(s)
        if len(_STRINGS) < _LIMIT:
            _STRINGS[s] = text
    return text


def _centres_text(owners: Mapping[str, str], centres: frozenset[str]) -> str:
    """The "centers" object, kept by the owners it was written from: they change hands
    once a year, and a harness's phases repeat them."""
    # Keys and values apart, the order of the items kept too: two tuples, not one a centre.
    key = (centres, tuple(owners), tuple(owners.values()))
    text = _CENTRES.get(key)
    if text is None:
        text = reply_text(centres_by_power(owners, centres))
        if len(_CENTRES) < _LIMIT:
            _CENTRES[key] = text
    return text


def _units_text(units: Iterable[Unit]) -> str:
    known = _UNITS
    pieces = [known.get(u) or _unit_text(u) for u in units]
    return ",".join(pieces)


def _unit_text(u: Unit) -> str:
    text = reply_text(unit_json(u))
    if len(_UNITS) < _LIMIT:
        _UNITS[u] = text
    return text


# Each outcome's and reason's value, written once (an enum's .value is a Python-level
# property on 3.11).
_OUTCOME: Final[dict[Outcome, str]] = {o: json.dumps(o.value) for o in Outcome}
_REASON: Final[dict[Reason | None, str]] = {r: json.dumps(r.value) for r in Reason}
_REASON[None] = "null"


def _results_text(results: Iterable[OrderResult], texts: Mapping[int, str],
                  short: Describe) -> str:
    """results_json's records, written: each result's record is kept by what it says, since
    most recur phase after phase (a unit holding, supporting, moving as before)."""
    known, text_of, written = _RESULTS, texts.get, _result_text
    out = []
    for power, unit, order, text, outcome, reason, message, dislodged, _ in results:
        # Flat: the unit's type and place (all its record says), not the unit, whose
        # tuple would be hashed afresh inside the key's at every lookup (issue #18).
        kind = loc = None
        if unit is not None:
            kind, loc = unit.kind, unit.loc
        key = (power, kind, loc, text or text_of(id(order)) or canonical(order, short),
               outcome, message or reason, dislodged)
        out.append(known.get(key) or written(key))
    return ",".join(out)


_RESULTS: Final[dict[tuple[Any, ...], str]] = {}


def _result_text(key: tuple[Any, ...]) -> str:
    power, kind, loc, order, outcome, why, dislodged = key
    # A message or a Reason: a StrEnum, whose value is its text either way.
    reason = _REASON[why] if why is None or isinstance(why, Reason) else _string(why)
    # The "unit" of a result: its type and place only (docs/adjudicate.md).
    unit = f'{{"type":{_string(kind)},"loc":{_string(loc)}}}' if loc is not None else "null"
    text = (f'{{"power":{_string(power)},"unit":{unit},'
            f'"order":{_string(order)},"outcome":{_OUTCOME[outcome]},"reason":{reason},'
            f'"dislodged":{"true" if dislodged else "false"}}}')
    if len(_RESULTS) < _LIMIT:
        _RESULTS[key] = text
    return text
