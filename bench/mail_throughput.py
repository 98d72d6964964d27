"""Mail throughput: order messages per second through the whole mail path, beside the bare
mail servers in the same run.

  bare:  bench -SMTP-> Postfix -LMTP-> Dovecot -IMAP-> bench (all N readable)
  judge: bench -SMTP-> Postfix -LMTP-> Dovecot -IMAP-> judge serve (poller, worker, sender)
         -SMTP-> Postfix -LMTP-> Dovecot -IMAP-> bench (all N replies readable)

Needs root and Debian's postfix, dovecot-imapd and dovecot-lmtpd, as the integration tests
do: it starts its own Postfix and Dovecot on 127.0.0.1 (tests/mailstack.py) and `judge
serve` as a process (tests/integration/judge_process.py). bench/README.md has the method.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from mail_cpu import GROUPS  # noqa: E402
from mail_echo import ECHO_USER  # noqa: E402
from mail_game import BARE_USER, JUDGE_USER, MASTER_USER, PLAYERS  # noqa: E402
from mail_profile import profile  # noqa: E402
from mail_runs import (  # noqa: E402
    BARE,
    BASELINE,
    ECHO,
    ECHO_SHORT,
    PATHS,
    RESETS,
    Backend,
    Bench,
    Result,
)

from tests.mailstack import MailStack  # noqa: E402
from tests.store.pgcluster import TempCluster, find_bin_dir  # noqa: E402

DOMAIN = "example.test"
# henry: the operator address tests/integration/judge_process.py gives the judge.
USERS = (JUDGE_USER, MASTER_USER, BARE_USER, ECHO_USER, "henry", *PLAYERS)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__,
                                epilog="As root: apt-get install postfix dovecot-imapd "
                                "dovecot-lmtpd (and postgresql for --database postgres).",
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--messages", type=int, default=1000, help="messages per run (1000)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each path (3)")
    p.add_argument("--paths", default="mixed,token,signon",
                   help="judge paths: mixed (styles alternating), token (replies to the "
                   "judge's Reply-To), signon (SIGNON with a password); default all three")
    p.add_argument("--profile-messages", type=int, default=100,
                   help="messages per style in the in-process profile (100; 0: no profile)")
    p.add_argument("--top", type=int, default=25, help="profile lines shown (25)")
    p.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite",
                   help="the judge's database: a SQLite file (the default deployment) or "
                   "a throw-away PostgreSQL cluster (tests/store/pgcluster.py, fsync off)")
    p.add_argument("--json", type=Path, metavar="FILE",
                   help="also write the medians as JSON: msgs_per_s under bare, echo and "
                   "judge (one key per judge path, with its ratios to bare and echo)")
    p.add_argument("--baseline", type=Path, metavar="TREE",
                   help="another checkout of the judge (e.g. `git archive COMMIT | tar -x -C "
                   "TREE`): each judge path runs on it too, in the same repeat, the two "
                   "trees' order alternating, as `judge (baseline), PATH`")
    p.add_argument("--imap-recheck-ms", type=int, default=0, metavar="MS",
                   help="the judge's [imap] recheck_ms (0, its default: IDLE alone; the "
                   "echo relay looks every 20 ms); a baseline tree without the setting "
                   "ignores it")
    p.add_argument("--echo-short", action="store_true",
                   help="also run the echo relay with three-line answers in each repeat "
                   "(as before its answers took the judge's reply's size), for comparison; "
                   "the ratios stay to the like-sized relay")
    p.add_argument("--reset", choices=RESETS, default="fresh",
                   help="how the mailboxes are emptied before each run: `fresh` (default) "
                   "removes the Maildirs, `expunge` deletes the messages and leaves "
                   "Dovecot's index log to grow, and the servers to slow, run after run "
                   "(bench/mail_drift.py)")
    p.add_argument("--no-turn", action="store_true",
                   help="skip the last, separately timed message that completes the turn")
    args = p.parse_args(argv)
    args.paths = [name.strip() for name in args.paths.split(",") if name.strip()]
    unknown = set(args.paths) - set(PATHS)
    if unknown:
        p.error(f"unknown paths {', '.join(sorted(unknown))}; choose from {', '.join(PATHS)}")
    return args


def _row(path: str, run: str, messages: int, seconds: float, rate: float, ratio: str,
         of_echo: str, cpu: float | None) -> str:
    return (f"{path:<33} {run:>6} {messages:>9} {seconds:>8.2f} {rate:>8.1f} {ratio:>11} "
            f"{of_echo:>11} {'-' if cpu is None else f'{cpu:.1f}':>8}")


def table(results: list[Result]) -> list[str]:
    """One row per run, then each path's medians over its runs that did not fail; each rate
    over the bare servers' and over the echo relay's (the ceiling) of the same run."""
    lines = [f"{'path':<33} {'run':>6} {'messages':>9} {'seconds':>8} {'msgs/s':>8} "
             f"{'judge/bare':>11} {'judge/echo':>11} {'CPU ms':>8}"]
    for path in dict.fromkeys(r.path for r in results):
        runs = [r for r in results if r.path == path]
        good = [r for r in runs if not r.failure]
        ratios = _ratios(results, good, BARE)
        of_echo = _ratios(results, good, ECHO)
        for r in runs:
            lines.append(f"{path:<33} {r.repeat:>6} {r.messages:>9}  FAILED: {r.failure}"
                         if r.failure else _row(path, str(r.repeat), r.messages, r.seconds,
                                                r.rate, _ratio(ratios.get(r.repeat)),
                                                _ratio(of_echo.get(r.repeat)),
                                                r.cpu_ms_per_message))
        if len(runs) > 1 and good:
            lines.append(_row(path, "median", good[0].messages,
                              statistics.median(r.seconds for r in good),
                              statistics.median(r.rate for r in good),
                              _ratio(statistics.median(ratios.values()) if ratios else None),
                              _ratio(statistics.median(of_echo.values()) if of_echo else None),
                              _median_cpu(good)))
    lines.append("(CPU ms: the judge process's CPU time over the run, all its threads, per "
                 "message)")
    return lines


def cpu_table(results: list[Result], cores: int) -> list[str]:
    """Each path's medians of CPU ms per message by group (mail_cpu.py), the machine's busy
    cores over the run, and for a judge path the CPU a message may cost the judge for 0.8
    of the same repeat's echo relay if the cores are the bound: at 0.8 the run lasts
    N / (0.8 x echo's rate) seconds; of cores x that, the servers and clients take what
    they took in this run."""
    lines = [f"{'path':<33} " + " ".join(f"{g:>8}" for g in (*GROUPS, "others"))
             + f" {'cores':>6} {'budget@0.8':>11}"]
    echo = {r.repeat: r.rate for r in results if r.path == ECHO and not r.failure}
    for path in dict.fromkeys(r.path for r in results):
        good = [r for r in results if r.path == path and not r.failure and r.accounting]
        if not good:
            continue
        per = {g: statistics.median(_per_message(r, g) for r in good)
               for g in (*GROUPS, "others")}
        busy = statistics.median(r.accounting.cores for r in good if r.accounting)
        budgets = [_budget(r, echo[r.repeat], cores) for r in good
                   if r.path not in (BARE, ECHO, ECHO_SHORT) and r.repeat in echo]
        budget = f"{statistics.median(budgets):.1f}" if budgets else "-"
        lines.append(f"{path:<33} " + " ".join(f"{v:>8.2f}" for v in per.values())
                     + f" {busy:>6.2f} {budget:>11}")
    lines.append(f"(CPU ms per message by group, medians; cores: the machine's busy CPU "
                 f"over the run's wall time, of {cores}; budget@0.8: the judge's CPU ms per "
                 "message that would leave the cores enough for 0.8 of echo, the servers and "
                 "clients costing what they cost in the run, the others' cores left out)")
    return lines


def _per_message(r: Result, group: str) -> float:
    assert r.accounting is not None
    seconds = (r.accounting.others if group == "others"
               else r.accounting.seconds.get(group, 0.0))
    return seconds * 1000 / r.messages


def _budget(r: Result, echo_rate: float, cores: int) -> float:
    """The cores other processes than ours kept busy during the run (a shared machine) are
    not ours to use: they are left out of what a message may cost."""
    assert r.accounting is not None
    wall = r.messages / (0.8 * echo_rate)
    ours = cores - (r.accounting.others / r.accounting.wall if r.accounting.wall else 0.0)
    rest = sum(v for g, v in r.accounting.seconds.items() if g != "judge")
    return (ours * wall - rest) * 1000 / r.messages


def _median_cpu(runs: list[Result]) -> float | None:
    cpu = [r.cpu_ms_per_message for r in runs if r.cpu_ms_per_message is not None]
    return statistics.median(cpu) if cpu else None


def _ratios(results: list[Result], good: list[Result], base: str) -> dict[int, float]:
    """Each good run's rate over the `base` path's in the same repeat (not for base)."""
    of = {r.repeat: r.rate for r in results if r.path == base and not r.failure}
    return {r.repeat: r.rate / of[r.repeat] for r in good
            if r.path not in (BARE, ECHO, ECHO_SHORT) and r.repeat in of}


def figures(results: list[Result]) -> dict[str, Any]:
    """The medians over the runs that did not fail, for a script to check (issue #18):
    {"bare": {"msgs_per_s"}, "echo": {...}, "judge": {path: {"msgs_per_s", "of_bare",
    "of_echo", "failed_runs", "cpu_ms_per_msg"}}}, and "baseline" like "judge" for the
    baseline tree's runs; a figure no run gave is null."""
    def median(values: list[float]) -> float | None:
        return statistics.median(values) if values else None

    def path_figures(path: str) -> dict[str, Any]:
        runs = [r for r in results if r.path == path]
        good = [r for r in runs if not r.failure]
        return {"msgs_per_s": median([r.rate for r in good]),
                "failed_runs": len(runs) - len(good),
                "runs_msgs_per_s": [round(r.rate, 2) for r in good],
                "cpu_ms_per_msg": _median_cpu(good),
                "cpu_ms_per_msg_by_group": {
                    g: _rounded(median([_per_message(r, g) for r in good if r.accounting]))
                    for g in (*GROUPS, "others")}}

    out: dict[str, Any] = {"bare": path_figures(BARE), "echo": path_figures(ECHO), "judge": {},
                           "baseline": {}}
    if any(r.path == ECHO_SHORT for r in results):
        out["echo_short_answers"] = path_figures(ECHO_SHORT)
    for path in dict.fromkeys(r.path for r in results if r.path not in (BARE, ECHO, ECHO_SHORT)):
        good = [r for r in results if r.path == path and not r.failure]
        out["baseline" if BASELINE in path else "judge"][path] = {
            **path_figures(path),
            "of_bare": median(list(_ratios(results, good, BARE).values())),
            "of_echo": median(list(_ratios(results, good, ECHO).values()))}
    if not out["baseline"]:
        del out["baseline"]
    return out


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def run(args: argparse.Namespace, stack: MailStack, backend: Backend) -> list[Result]:
    bench = Bench(stack, backend, args.messages, args.baseline,
                  settings={"JUDGE_IMAP_RECHECK_MS": str(args.imap_recheck_ms)},
                  reset=args.reset)
    results: list[Result] = []
    try:
        for repeat in range(1, args.repeat + 1):
            for step in repeat_order(args, repeat):
                results.append(step(bench, repeat))
                _said(results[-1])
        if not args.no_turn:
            seconds = bench.turn()
            print(f"\nthe message that completes the turn (Turkey's orders): its reply and "
                  f"the 8 reports readable after {seconds:.2f} s")
    finally:
        bench.close()
    return results


Step = Callable[[Bench, int], Result]


def repeat_order(args: argparse.Namespace, repeat: int) -> list[Step]:
    """One repeat's runs: the bare servers, the echo relay, then each judge path; every
    second repeat in the reverse order, so that a machine that slows or speeds over the
    bench weighs on the relay and the judge alike (bench/README.md, the servers' drift)."""
    steps: list[Step] = [lambda bench, number: bench.bare(number),
                         lambda bench, number: bench.echo(number)]
    if args.echo_short:
        steps.append(lambda bench, number: bench.echo(number, short=True))
    trees = [False, True] if args.baseline is not None else [False]
    steps += [functools.partial(_judge_run, path=path, baseline=baseline)
              for path in args.paths for baseline in trees]
    # Reversed, the baseline tree too runs first on every second repeat.
    return steps[::-1] if repeat % 2 == 0 else steps


def _judge_run(bench: Bench, repeat: int, *, path: str, baseline: bool) -> Result:
    return bench.judge(path, repeat, baseline=baseline)


def _said(result: Result) -> None:
    if result.failure:
        print(f"\n{result.path}, run {result.repeat} FAILED: {result.failure}")
    else:
        print(f"run {result.repeat}: {result.path} {result.rate:.1f} msgs/s")


def _cluster(database: str) -> TempCluster | None:
    if database == "sqlite":
        return None
    bin_dir = find_bin_dir()
    if bin_dir is None:
        raise SystemExit("mail_throughput: no PostgreSQL under /usr/lib/postgresql "
                         "(apt-get install postgresql)")
    return TempCluster(bin_dir).start()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    reason = MailStack.available()
    if reason is not None:
        print(f"mail_throughput: {reason}", file=sys.stderr)
        return 2
    started = time.monotonic()
    cluster = _cluster(args.database)
    stack = MailStack(users=USERS, domain=DOMAIN).start()
    backend = Backend(cluster)
    try:
        results = run(args, stack, backend)
        print("", f"judge database: {args.database}, imap recheck_ms: {args.imap_recheck_ms}",
              *table(results), "", *cpu_table(results, os.cpu_count() or 1), sep="\n")
        if args.json is not None:
            args.json.write_text(json.dumps(figures(results), indent=2) + "\n")
        if args.profile_messages > 0:
            print("", *profile(stack, backend, args.profile_messages, args.top), sep="\n")
    finally:
        stack.stop()
        if cluster is not None:
            cluster.stop()
    print(f"\n(whole bench: {time.monotonic() - started:.0f} s)")
    return 1 if any(r.failure for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
