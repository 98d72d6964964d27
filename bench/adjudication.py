"""Adjudication benchmark: our engine on seeded random games, against MILA's where installed.

Run `.venv/bin/python bench/adjudication.py --help`; bench/README.md explains the method.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mila_peer
import randomgame
import roundtrip
from randomgame import PhaseRecord, Problem

from judge.engine.orders import Convoy, Move, Order, Support, describe
from judge.engine.rules import Rules
from judge.engine.turn import adjudicate
from judge.variant import Variant
from judge.variant_loader import load_variant

KINDS = ("M", "R", "A")
US = "microseconds_per_phase"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20, help="random games (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    p.add_argument("--years", type=int, default=10, help="years per game (default 10)")
    p.add_argument("--reps", type=int, default=5, help="runs per phase; the minimum counts")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--no-mila", action="store_true", help="skip the MILA comparison")
    p.add_argument("--examples", type=int, default=8, help="disagreements to print")
    p.add_argument("--compiled", metavar="DIR", type=Path,
                   help="also time the compiled copy bench/compiled.py built in DIR")
    return p.parse_args(argv)


def min_ns(fn: Callable[[], object], reps: int) -> int:
    """The fastest of `reps` runs, with the garbage collector off (as timeit does)."""
    best = None
    gc.disable()
    try:
        for _ in range(reps):
            t0 = time.perf_counter_ns()
            fn()
            ns = time.perf_counter_ns() - t0
            best = ns if best is None else min(best, ns)
    finally:
        gc.enable()
    assert best is not None
    return best


def spread(values: Sequence[float]) -> dict[str, float]:
    v = sorted(values)
    return {"n": len(v), "mean": statistics.fmean(v), "median": statistics.median(v),
            "p90": v[min(len(v) - 1, int(0.9 * len(v)))], "max": v[-1]} if v else {"n": 0}


def by_kind(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, float]]:
    """Microseconds per phase, with the mean units and orders of the phases, by phase kind."""
    out = {}
    for kind in (*KINDS, "all"):
        group = [r for r in rows if kind in (r["kind"], "all") and r.get(key)]
        out[kind] = spread([r[key] / 1000 for r in group])
        if group:
            out[kind]["units"] = statistics.fmean(r["units"] for r in group)
            out[kind]["orders"] = statistics.fmean(r["orders"] for r in group)
    return out


def summarise(records: list[PhaseRecord]) -> dict[str, Any]:
    """Counts that show what the generated games exercise."""
    moves = [r for r in records if r.position.phase.kind == "M"]
    units = [len(r.position.units) for r in moves]
    mix = Counter(order_kind(o) for r in records for os in r.orders.values() for o in os)
    chains = Counter(n for r in moves for n in _convoy_orders_per_army(r))
    return {
        "phases": dict(Counter(r.position.phase.kind for r in records)),
        "units_per_movement_phase": round(statistics.fmean(units), 1) if units else 0,
        "units_min_max": [min(units, default=0), max(units, default=0)],
        "orders": dict(sorted(mix.items())),
        "convoy_orders_per_convoyed_army": dict(sorted(chains.items())),
        "dislodged": sum(len(r.result.position.dislodged) for r in moves),
        "deliberately_illegal": sum(len(r.illegal) for r in records),
        "civil_disorder_powers": sum(len(r.civil_disorder) for r in records),
    }


def order_kind(order: Order) -> str:
    if isinstance(order, Move):
        return "move via convoy" if order.via_convoy else "move"
    if isinstance(order, Support):
        return "support-hold" if order.dest is None else "support-move"
    return type(order).__name__.lower()


def _convoy_orders_per_army(record: PhaseRecord) -> list[int]:
    armies = {o.loc for os in record.orders.values() for o in os
              if isinstance(o, Move) and o.via_convoy}
    fleets = Counter(o.target for os in record.orders.values() for o in os
                     if isinstance(o, Convoy))
    return [fleets.get(a, 0) for a in sorted(armies)]


def time_ours(rules: Rules, records: list[PhaseRecord], reps: int) -> list[dict[str, Any]]:
    rows = []
    for r in records:
        ns = min_ns(lambda r=r: adjudicate(rules, r.position, r.orders), reps)  # type: ignore[misc]
        rows.append({"phase": r.label, "kind": r.position.phase.kind,
                     "units": len(r.position.units),
                     "orders": sum(len(os) for os in r.orders.values()), "ours_ns": ns})
    return rows


def request_lines(variant: Variant, grammar: Any, games: int, seed: int,
                  years: int) -> list[str]:
    """Every phase of `games` seeded random games (movement, retreats, adjustments), each a
    request line as roundtrip.py writes it: what the protocol tests and the compiled
    build's test feed `judge adjudicate --jsonl`."""
    lines = []
    for game in range(games):
        records, problems = randomgame.play_game(variant.rules, variant.start, game, seed,
                                                 years)
        assert not problems, problems
        for record in records:
            texts = order_texts(grammar, record)
            assert texts is not None
            lines.append(roundtrip.request_line(variant, record, texts))
    return lines


def load_grammar(variant: Variant) -> Any | None:
    try:
        from judge.grammar import Grammar  # being written alongside; optional here
    except ImportError:
        return None
    return Grammar.for_variant(variant)


def text_forms(order: Order) -> list[str]:
    """Ways to write the order, most usual first; the first the grammar takes is used."""
    short, unit = describe(order), f"{order.kind} {order.loc}"
    forms = {"Move": [short.replace(" VIA", " via convoy"), short],
             "Retreat": [f"{unit} - {getattr(order, 'dest', '')}", short],
             "Disband": [f"{unit} disband", f"remove {unit}", short],
             "Build": [f"build {unit}", short], "Waive": ["waive", short]}
    return forms.get(type(order).__name__, [short])


def order_texts(grammar: Any, record: PhaseRecord) -> list[tuple[str, str]] | None:
    """(power, text) for every order, or None when the grammar takes no form of one."""
    kind = record.position.phase.kind
    out = []
    for power, orders in record.orders.items():
        for order in orders:
            text = next((t for t in text_forms(order) if _parses(grammar, t, kind)), None)
            if text is None:
                return None
            out.append((power, text))
    return out


def _parses(grammar: Any, text: str, kind: str) -> bool:
    try:
        grammar.parse(text, kind)
    except Exception:
        return False
    return True


def time_text(grammar: Any, rules: Rules, records: list[PhaseRecord], rows: list[dict[str, Any]],
              reps: int) -> dict[str, Any]:
    """Adds "text_ns" (parse every line, then adjudicate) to the rows it can."""
    unparsed, mismatched = [], []
    for r, row in zip(records, rows, strict=True):
        texts = order_texts(grammar, r)
        if texts is None:
            unparsed.append(r.label)
            continue

        def run(r: PhaseRecord = r, texts: list[tuple[str, str]] = texts) -> Any:
            grammar.forget()  # every line read from scratch, as before the reader kept lines
            orders: dict[str, list[Order]] = {}
            for power, text in texts:
                orders.setdefault(power, []).append(grammar.parse(text, r.position.phase.kind))
            return adjudicate(rules, r.position, orders)

        row["text_ns"] = min_ns(run, reps)
        if mila_peer.our_board(run()) != mila_peer.our_board(r.result):
            mismatched.append(r.label)
    return {"unparsed_phases": unparsed, "result_differs_from_canonical": mismatched}


def build_report(args: argparse.Namespace) -> dict[str, Any]:
    variant = load_variant("standard")
    rules = variant.rules
    records: list[PhaseRecord] = []
    problems: list[Problem] = []
    for g in range(args.games):
        more, trouble = randomgame.play_game(rules, variant.start, g, args.seed, args.years)
        records += more
        problems += trouble
    rows = time_ours(rules, records, args.reps)
    report: dict[str, Any] = {
        "config": {"games": args.games, "seed": args.seed, "years": args.years,
                   "reps": args.reps, "python": sys.version.split()[0]},
        "games": summarise(records), "problems": [problem_dict(p) for p in problems]}
    grammar = load_grammar(variant)
    report["text"] = (time_text(grammar, rules, records, rows, args.reps) if grammar
                      else {"skipped": "judge.grammar is not importable"})
    with_mila = not args.no_mila and mila_peer.AVAILABLE
    if grammar:
        texts = [order_texts(grammar, r) for r in records]
        peer = (lambda r: mila_peer.run_mila(rules, r.position, r.orders, args.reps).ns) \
            if with_mila else None
        report["jsonl"] = roundtrip.time_jsonl(variant, records, texts, rows, min_ns,
                                               args.reps, peer, args.compiled)
        if with_mila:
            report["ratio_jsonl_beside"] = roundtrip.beside(rows)
            report["side_by_side"] = roundtrip.side_by_side(rows)
    if not with_mila:
        report["mila"] = {"skipped": "--no-mila" if args.no_mila else
                          f"MILA's engine is not installed: {mila_peer.INSTALL_HINT}"}
    else:
        report["mila"] = mila_peer.compare_all(rules, records, rows, args.reps)
        report["ratio"] = mila_peer.ratios(rows)
        report["ratio_jsonl"] = {key: mila_peer.ratios(rows, key)
                                 for key in ("jsonl_ns", "jsonl_new_ns", "jsonl_cold_ns")}
    report[US] = {key: by_kind(rows, key) for key in (
        "ours_ns", "text_ns", "jsonl_ns", "jsonl_new_ns", "jsonl_cold_ns", "compiled_ns",
        "compiled_new_ns", "mila_ns")}
    report["rows"] = rows
    return report


def problem_dict(p: Problem) -> dict[str, Any]:
    pos = p.position
    return {"phase": p.label, "message": p.message,
            "units": sorted(f"{u.power} {u}" for u in pos.units),
            "dislodged": [f"{d.unit.power} {d.unit} (from {d.attacker_from}; "
                          f"retreats {list(d.retreats)})" for d in pos.dislodged],
            "centres": dict(sorted(pos.owners.items())),
            "orders": {pw: [describe(o) for o in os] for pw, os in p.orders.items()}}


def print_report(rep: dict[str, Any], examples: int) -> None:
    c, g = rep["config"], rep["games"]
    print(f"Adjudication benchmark: {c['games']} games x {c['years']} years, seed {c['seed']}, "
          f"Python {c['python']}; each phase run {c['reps']}x, fastest kept, gc off")
    low, high = g["units_min_max"]
    print(f"phases {_counts(g['phases'])}; units per movement phase: mean "
          f"{g['units_per_movement_phase']}, min {low}, max {high}")
    print(f"orders: {_counts(g['orders'])}")
    chains = {f"{n} fleet(s)": k for n, k in g["convoy_orders_per_convoyed_army"].items()}
    print(f"convoyed armies by fleets ordered to convoy them: {_counts(chains)}"
          f"; dislodged {g['dislodged']}; deliberately illegal {g['deliberately_illegal']}; "
          f"powers in civil disorder {g['civil_disorder_powers']}")
    _table("Our engine: adjudicate(rules, position, orders)", rep[US]["ours_ns"])
    if "skipped" in rep["text"]:
        print(f"\nFrom order text: skipped ({rep['text']['skipped']})")
    else:
        _table("From order text: Grammar.parse of every order + adjudicate", rep[US]["text_ns"])
        print(f"phases the grammar could not parse: {len(rep['text']['unparsed_phases'])}; "
              f"results differing from canonical: {rep['text']['result_differs_from_canonical']}")
    if "jsonl" in rep:
        _table("JSON round trip of judge adjudicate --jsonl, lines read before",
               rep[US]["jsonl_ns"])
        _table("JSON round trip, new lines of shapes read before", rep[US]["jsonl_new_ns"])
        _table("JSON round trip, every line read from scratch", rep[US]["jsonl_cold_ns"])
        print(f"replies differing from canonical: {rep['jsonl']['result_differs_from_canonical']}")
        _print_compiled(rep)
    _print_mila(rep, examples)
    for p in rep["problems"]:
        print(f"\nENGINE PROBLEM at {p['phase']}: {p['message']}\n{json.dumps(p, indent=1)}")


def _table(title: str, figures: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}  (microseconds per phase)")
    print(f"  {'kind':<5}{'phases':>7}{'units':>7}{'orders':>7}{'mean':>10}{'median':>10}"
          f"{'p90':>10}{'max':>10}")
    for kind, f in figures.items():
        if f["n"]:
            print(f"  {kind:<5}{f['n']:>7}{f['units']:>7.1f}{f['orders']:>7.1f}{f['mean']:>10.1f}"
                  f"{f['median']:>10.1f}{f['p90']:>10.1f}{f['max']:>10.1f}")


def _print_mila(rep: dict[str, Any], examples: int) -> None:
    mila = rep["mila"]
    if "skipped" in mila:
        print(f"\nMILA comparison skipped: {mila['skipped']}")
        return
    _table("MILA diplomacy 1.1.2: game.process() on the same phases", rep[US]["mila_ns"])
    for name, r in rep["ratio"].items():
        print(f"MILA/ours, {name.replace('_', ' ')} ({r['phases']} phases): ratio of sums "
              f"{r['ratio_of_sums']:.1f}x, median per phase {r['median_ratio']:.1f}x")
    for key, label in (("jsonl_ns", "JSON round trip"),
                       ("jsonl_new_ns", "JSON round trip of new lines"),
                       ("jsonl_cold_ns", "JSON round trip from scratch")):
        for name, r in rep.get("ratio_jsonl", {}).get(key, {}).items():
            print(f"MILA/{label}, {name.replace('_', ' ')} ({r['phases']} phases): ratio of "
                  f"sums {r['ratio_of_sums']:.1f}x, median per phase {r['median_ratio']:.1f}x")
    roundtrip.print_beside(rep.get("ratio_jsonl_beside", {}))
    roundtrip.print_side_by_side(rep.get("side_by_side", {}))
    found = mila["disagreements"]
    phases = Counter(rep["games"]["phases"])
    print(f"\nDisagreements: {_counts(Counter(d['kind'] for d in found))} of "
          f"{_counts(phases)} phases; unexplained {sum(not d['explained'] for d in found)}; "
          f"MILA refused {mila['refused_orders']} orders "
          f"({mila['refused_deliberately_illegal']} of them deliberately illegal)")
    for bucket, n in Counter(b for d in found for b in d["buckets"]).most_common():
        print(f"  {n:>5}  {bucket}")
    first = {tuple(d["buckets"]): d for d in reversed(found)}  # one example of each bucket
    shown = sorted(first.values(), key=lambda d: d["explained"])
    for d in (shown + [d for d in found if d not in shown])[:examples]:
        print(f"  {d['phase']} [{'; '.join(d['buckets'])}]: {'; '.join(d['differences'])}")


def _print_compiled(rep: dict[str, Any]) -> None:
    twin = rep["jsonl"].get("compiled")
    if twin:
        _table("JSON round trip, compiled, lines read before", rep[US]["compiled_ns"])
        _table("JSON round trip, compiled, new lines", rep[US]["compiled_new_ns"])
        print(f"compiled replies differing from the interpreted ones, byte for byte: "
              f"{twin['differ_from_interpreted']} of {twin['replies']}")


def _counts(counts: dict[Any, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "none"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    report = build_report(args)
    print_report(report, args.examples)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
        print(f"\nfigures written to {args.json}")
    twin = report.get("jsonl", {}).get("compiled", {})
    return 1 if report["problems"] or twin.get("differ_from_interpreted") else 0


if __name__ == "__main__":
    sys.exit(main())
