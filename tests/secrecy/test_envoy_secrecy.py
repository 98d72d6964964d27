"""Secret and Stab Envoy by mail: what a player or observer receives depends only on what
rules 11 and 12 let him know (issue #13, "Non-interference test"; tests/secrecy/
noninterference.py, docs/secrecy.md).

By default a few seeds per option run, chosen to include the leaks still open; with
SECRECY_SEEDS=200 seeds 0..199 of each run instead (a seed offering no difference in its
first turns is skipped). Seeds known to find an open leak are marked xfail(strict): the mark
fails the run once the fix lands, and is then removed.
"""

from __future__ import annotations

import os
import random

import pytest

from judge.store.db import Database
from tests.secrecy.envoy import EnvoySecrets
from tests.secrecy.noninterference import play
from tests.secrecy.twin import Twin

ITEM1 = ("issue #13 item 1: an order naming an unseen unit or diplomat gets another answer "
         "than one naming an empty place ('there is no unit in X to support')")
# Found with SECRECY_SEEDS=12 (the difference played, and who saw it).
KNOWN = {
    ("secret", 0): ITEM1,  # W1913P: France places a diplomat in bel or mao; Italy probes
    # ("secret", 1): W1914A, Austria builds a diplomat or not: item 9 ('(2 builds waived:
    # no order)' against '(1 build waived ...)' for everyone) until the results branch.
    ("secret", 2): ITEM1,  # W1913P: England places a diplomat in den or eng; Germany
    ("secret", 3): ITEM1,  # S1914M: Turkey's diplomats in bla stay or go to rus
    ("secret", 5): ITEM1,  # S1914M: Italy's diplomats in alb stay or go to ion; Austria
    ("secret", 6): ITEM1,  # W1913P: Austria places a diplomat in alb or ser; Turkey
    ("secret", 7): ITEM1,  # W1913P: England places a diplomat in den or nwy; Germany
    ("stab", 2): ITEM1,    # S1914M: Germany's F kie stays or goes to bal; France, Russia
    ("stab", 4): ITEM1,    # W1913P: Italy places a diplomat in ion or lyo; France
    ("stab", 5): ITEM1,    # W1913P: Italy places a diplomat in alb or tys; Austria
    ("stab", 6): ITEM1,    # W1913P: Austria places a diplomat in ion or ser; Italy
    ("stab", 7): ITEM1,    # S1914M: England's F lon stays or goes to eng; Austria
}
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
    run = play(Twin(databases), EnvoySecrets(hidden), random.Random(f"{hidden}-{seed}"))
    if run.difference is None:
        pytest.skip("no turn of this game offered a difference")
    assert run.leaks() == ""
