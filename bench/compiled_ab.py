"""Two compiled copies of the tree timed side by side on the same round trips (issue #18).

`bench/adjudication.py --compiled DIR` times one compiled copy beside MILA; comparing two
builds (a branch and its starting point) needs them in one session, alternated, since a
shared machine's load moves more between runs than a change moves the figures:

    git -C /work/main archive main | tar -x -C /tmp/main-src
    (cd /tmp/main-src && .venv/bin/python bench/compiled.py --dest /tmp/main-c)
    .venv/bin/python bench/compiled.py --dest /tmp/this-c
    .venv/bin/python bench/compiled_ab.py /tmp/main-c /tmp/this-c --games 4 --rounds 3

The movement phases of `--games` seeded games (as bench/adjudication.py plays them, seed
`--seed`) are written as request lines once; each round runs a child process on each
copy in turn (the order alternates), which reads every line once (lines read before, as
adjudication.py's "read before" row) and then times `handle_line_text` on each line, the
fastest of `--passes` passes over all the lines, with the garbage collector off. Each
phase keeps its fastest time over the rounds. Printed: each copy's median and sum, and the
median over the phases of A's time over B's; the replies must be the same byte for byte
(the exit status is 1 otherwise).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a", help="the first compiled copy (bench/compiled.py --dest), e.g. main")
    p.add_argument("b", help="the second compiled copy, e.g. this branch")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--years", type=int, default=10)
    p.add_argument("--passes", type=int, default=10)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", help="write the figures here too")
    return p.parse_args(argv)


def movement_lines(games: int, seed: int, years: int) -> list[str]:
    """The movement phases' request lines, as roundtrip.py writes them."""
    sys.path.insert(0, str(HERE))
    import adjudication

    from judge.variant_loader import load_variant
    variant = load_variant("standard")
    lines = adjudication.request_lines(variant, adjudication.load_grammar(variant),
                                       games=games, seed=seed, years=years)
    return [line for line in lines if json.loads(line)["phase"].endswith("M")]


def run_child(dest: str, lines_file: str, passes: int) -> dict[str, list[object]]:
    env = {**os.environ, "PYTHONPATH": str(Path(dest).resolve())}
    done = subprocess.run([sys.executable, __file__, "--child", lines_file, str(passes)],
                          env=env, capture_output=True, text=True, check=True)
    got: dict[str, list[object]] = json.loads(done.stdout)
    return got


def child(lines_file: str, passes: int) -> None:
    """In a copy's process: the fastest time of each line and its reply's digest."""
    import judge.protocol
    from judge.protocol import handle_line_text
    if not (judge.protocol.__file__ or "").endswith(".so"):
        sys.exit(f"{judge.protocol.__file__} is not compiled: build with bench/compiled.py")
    lines = Path(lines_file).read_text().splitlines()
    digests = [hashlib.sha256(handle_line_text(line).encode()).hexdigest() for line in lines]
    best = [1 << 62] * len(lines)
    gc.disable()
    clock = time.perf_counter_ns
    for _ in range(passes):
        for i, line in enumerate(lines):
            t0 = clock()
            handle_line_text(line)
            best[i] = min(best[i], clock() - t0)
    print(json.dumps({"ns": best, "digests": digests}))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    lines = movement_lines(args.games, args.seed, args.years)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    best: dict[str, list[int]] = {}
    digests: dict[str, list[object]] = {}
    load = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for dest in ((args.a, args.b) if r % 2 == 0 else (args.b, args.a)):
            got = run_child(dest, f.name, args.passes)
            ns = [int(str(n)) for n in got["ns"]]
            best[dest] = [min(x, y) for x, y in zip(best.get(dest, ns), ns, strict=True)]
            digests[dest] = got["digests"]
    load.append(os.getloadavg()[0])
    os.unlink(f.name)
    a, b = best[args.a], best[args.b]
    out = {"phases": len(lines), "load": load, "rounds": args.rounds, "passes": args.passes,
           "a": {"dest": args.a, "median_us": statistics.median(a) / 1000,
                 "sum_us": sum(a) / 1000},
           "b": {"dest": args.b, "median_us": statistics.median(b) / 1000,
                 "sum_us": sum(b) / 1000},
           "a_over_b_median": statistics.median(x / y for x, y in zip(a, b, strict=True)),
           "a_over_b_sums": sum(a) / sum(b),
           "replies_equal": digests[args.a] == digests[args.b]}
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0 if out["replies_equal"] else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]))
        sys.exit(0)
    sys.exit(main())
