"""Secret and Stab Envoy by mail: what a player or observer receives depends only on what
rules 11 and 12 let him know (issue #13, "Non-interference test"; tests/secrecy/
noninterference.py). A few seeds run by default; SECRECY_SEEDS=200 runs 200 per option."""

from __future__ import annotations

import os
import random

import pytest

from judge.store.db import Database
from tests.secrecy.envoy import EnvoySecrets
from tests.secrecy.noninterference import play
from tests.secrecy.twin import Twin

SEEDS = range(int(os.environ.get("SECRECY_SEEDS", "3")))


@pytest.mark.parametrize("hidden", ["secret", "stab"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_viewer_receives_the_same_whatever_he_may_not_know(
        databases: tuple[Database, Database], hidden: str, seed: int) -> None:
    run = play(Twin(databases), EnvoySecrets(hidden), random.Random(f"{hidden}-{seed}"))
    if run.difference is None:
        pytest.skip("no turn of this game offered a difference")
    assert run.leaks() == ""
