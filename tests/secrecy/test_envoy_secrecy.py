"""Secret and Stab Envoy by mail: what a player or observer receives depends only on what
rules 11 and 12 let him know (issue #13, "Non-interference test"; tests/secrecy/
noninterference.py, docs/secrecy.md).

By default a few seeds per option run, chosen to include the leaks still open; with
SECRECY_SEEDS=200 seeds 0..199 of each run instead (a seed offering no difference in its
first turns is skipped); with SECRECY_AFTER=K the harness plays K movement turns on after
the one that differs instead of noninterference.AFTER. Seeds known to find an open leak
are marked xfail(strict): the mark fails the run once the fix lands, and is then removed.
"""

from __future__ import annotations

import os
import random

import pytest

from judge.store.db import Database
from tests.secrecy.envoy import EnvoySecrets
from tests.secrecy.noninterference import AFTER, play
from tests.secrecy.twin import Twin

# Seeds known to find an open leak, each with its reason; empty since the fixes of issue #13
# items 1, 3, 7 and 8 landed (SECRECY_SEEDS=12 had found item 1 in seeds 0, 2, 3, 5, 6 and 7
# of Secret and 2, 4, 5, 6 and 7 of Stab).
KNOWN: dict[tuple[str, int], str] = {}
DEFAULT = [("secret", 0), ("secret", 1), ("secret", 4), ("stab", 0), ("stab", 2)]


def _cases() -> list[object]:
    count = os.environ.get("SECRECY_SEEDS")
    chosen = DEFAULT if count is None else [
        (hidden, seed) for hidden in ("secret", "stab") for seed in range(int(count))]
    return [pytest.param(hidden, seed, id=f"{hidden}-{seed}", marks=[
        pytest.mark.xfail(strict=True, reason=KNOWN[hidden, seed])]
        if (hidden, seed) in KNOWN else []) for hidden, seed in chosen]


@pytest.mark.parametrize(("hidden", "seed"), _cases())
def test_a_viewer_receives_the_same_whatever_he_may_not_know(
        databases: tuple[Database, Database], hidden: str, seed: int) -> None:
    after = int(os.environ.get("SECRECY_AFTER", AFTER))
    run = play(Twin(databases), EnvoySecrets(hidden), random.Random(f"{hidden}-{seed}"),
               after=after)
    if run.difference is None:
        pytest.skip("no turn of this game offered a difference")
    assert run.leaks() == ""
