"""The JSON round trip of `judge adjudicate --jsonl`, timed on the benchmark's phases.

Each phase becomes one request line (the position, every order as text, as
adjudication.text_forms writes it); one run is `reply_text(handle_line(line))`, what the
command does for each line it reads. Two figures per phase (bench/README.md):

- "jsonl_ns": the fastest of the runs, so the lines have been read before (a peer harness
  streams phase after phase of its games, and the same lines recur);
- "jsonl_new_ns": the same with the order reader's memory of lines and the unit reader's
  emptied before every run, its shapes of lines kept (judge/grammar/shapes.py): every
  line is new, as a new game's lines are to a judge that has read other games;
- "jsonl_cold_ns": the same with the shapes emptied too, so every line is read from
  scratch.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from randomgame import PhaseRecord

from judge.engine.position import centres_by_power
from judge.grammar import Grammar
from judge.protocol import forget_units, handle_line
from judge.protocol_json import reply_text
from judge.variant import Variant


def request_line(variant: Variant, record: PhaseRecord, texts: list[tuple[str, str]]) -> str:
    pos = record.position
    orders: dict[str, list[str]] = {}
    for power, text in texts:
        orders.setdefault(power, []).append(text)
    request: dict[str, Any] = {
        "variant": variant.name, "phase": str(pos.phase),
        "units": [{"power": u.power, "type": u.kind, "loc": u.loc} for u in pos.units],
        "centers": centres_by_power(pos.owners, variant.rules.geo.supply_centres),
        "orders": orders}
    if pos.dislodged:
        request["dislodged"] = [{"power": d.unit.power, "type": d.unit.kind, "loc": d.unit.loc,
                                 "attacker_from": d.attacker_from,
                                 "retreats": list(d.retreats)} for d in pos.dislodged]
    return json.dumps(request)


def board(reply: dict[str, Any]) -> tuple[frozenset[tuple[str, str, str]], ...]:
    """The reply's units and dislodged units with their retreats, to compare with ours."""
    units = frozenset((u["power"], u["type"], u["loc"]) for u in reply["units"])
    dislodged = frozenset((d["power"], d["type"], d["loc"], *sorted(d["retreats"]))
                          for d in reply["dislodged"])
    return units, dislodged


def expected_board(record: PhaseRecord) -> tuple[frozenset[Any], ...]:
    after = record.result.position
    return (frozenset((u.power, u.kind, u.loc) for u in after.units),
            frozenset((d.unit.power, d.unit.kind, d.unit.loc, *sorted(d.retreats))
                      for d in after.dislodged))


def time_jsonl(variant: Variant, records: list[PhaseRecord],
               texts: list[list[tuple[str, str]] | None], rows: list[dict[str, Any]],
               min_ns: Callable[[Callable[[], object], int], int], reps: int) -> list[str]:
    """Adds "jsonl_ns", "jsonl_new_ns" and "jsonl_cold_ns" to the rows whose orders could be
    written; answers the phases whose reply differs from the canonical result."""
    grammar = Grammar.for_variant(variant)
    lines = {i: request_line(variant, r, t)
             for i, (r, t) in enumerate(zip(records, texts, strict=True)) if t is not None}
    differs = set()

    def once(line: str, forget_shapes: bool | None) -> str:
        if forget_shapes is not None:
            grammar.forget(shapes=forget_shapes)
            forget_units(variant)
        return reply_text(handle_line(line))

    for key, forget_shapes in (("jsonl_ns", None), ("jsonl_cold_ns", True)):
        for i, line in lines.items():
            rows[i][key] = min_ns(lambda line=line, f=forget_shapes: once(line, f),  # type: ignore[misc]
                                  reps)
            if board(json.loads(once(line, forget_shapes))) != expected_board(records[i]):
                differs.add(records[i].label)
    # New lines: the shapes learnt from every phase of the run, as a judge that has read
    # other games knows them, and the lines themselves forgotten before every run.
    for line in lines.values():
        once(line, False)
    for i, line in lines.items():
        rows[i]["jsonl_new_ns"] = min_ns(lambda line=line: once(line, False),  # type: ignore[misc]
                                         reps)
        if board(json.loads(once(line, False))) != expected_board(records[i]):
            differs.add(records[i].label)
    return sorted(differs)
