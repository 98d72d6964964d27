"""The stored order sets of a turn, read back: each power's latest submission, and the
kept readings that spare every message about a turn from parsing every set again.

ordering.py says what a set is (read, merged per unit, checked); this module stores and
fetches them.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping, Sequence

from sqlalchemy.orm import Session

from judge.engine.types import Phase
from judge.game.clock import Clock
from judge.game.knowledge import writer_of
from judge.game.ordering import Written, stored_set
from judge.grammar.reader import Writer
from judge.store import repo
from judge.store.models import InboxMessage, Turn
from judge.variant import Variant


def latest_set(session: Session, variant: Variant, turn: Turn, power: str) -> dict[str, Written]:
    row = repo.latest_orders(session, turn).get(power)
    return _read_again(variant, Phase.parse(turn.phase), writer_of(session, turn.game, power),
                       row.lines if row else [])


def latest_sets(session: Session, variant: Variant,
                turn: Turn) -> dict[str, dict[str, Written]]:
    """Every power's current set, from one query (a power without orders is absent)."""
    phase = Phase.parse(turn.phase)
    return {power: _read_again(variant, phase, writer_of(session, turn.game, power), row.lines)
            for power, row in repo.latest_orders(session, turn).items()}


# Every message about a turn reads every power's stored set again (its status and early
# processing), though a set changes only when its power writes. A reading depends on
# nothing but the variant and the text, so it is kept, per variant (whose reader it is),
# by the variant's identity until the variant goes: the compiled build's reader
# (setup.py HOT, mypyc) takes no weak reference, the variant does (as reader_for keeps it).
# The power is in the key so that two powers' sets never share an Order: adjudication
# tells orders apart by identity.
_READINGS_KEPT = 1024
_Reading = tuple[str, str, tuple[str, ...]]
_readings: dict[int, OrderedDict[_Reading, dict[str, Written]]] = {}
_readings_lock = threading.Lock()  # the worker and the deadline sweeper both read sets


def _read_again(variant: Variant, phase: Phase, writer: Writer,
                lines: Sequence[str]) -> dict[str, Written]:
    # The writer's knowledge is the same throughout a phase: the phase stands for it.
    power = writer.power or ""
    key = (str(phase), power, tuple(lines))
    with _readings_lock:
        kept = _readings.get(id(variant))
        if kept is None:
            kept = _readings[id(variant)] = OrderedDict()
            weakref.finalize(variant, _readings.pop, id(variant), None)
        merged = kept.get(key)
        if merged is not None:
            kept.move_to_end(key)
            return dict(merged)  # the caller merges into it
    merged = stored_set(variant, phase, power, lines, writer)
    with _readings_lock:
        kept[key] = merged
        if len(kept) > _READINGS_KEPT:
            kept.popitem(last=False)
    return dict(merged)


def save_set(session: Session, turn: Turn, power: str, merged: Mapping[str, Written],
             clock: Clock, inbox: InboxMessage | None) -> None:
    repo.submit_orders(session, turn, power, [w.text for w in merged.values()],
                       inbox=inbox, submitted_at=clock.now())
