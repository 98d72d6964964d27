"""`judge serve` settles its heap once started (issue #18): what start-up built is frozen
out of the collector's sight and the running thresholds are set, so that a deadline
storm's full collections do not walk the modules, maps and variants again and again."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from judge.serve import RUNNING_GC_THRESHOLDS, settle_heap


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored_gc")
def test_settling_freezes_what_lives_and_raises_the_thresholds() -> None:
    gc.unfreeze()
    started = object()  # what start-up built: alive, tracked by the collector
    assert gc.is_tracked([started])
    kept = [started]
    settle_heap()
    assert gc.get_freeze_count() > 0
    # A frozen object is in no generation: no collection looks at it again.
    assert not any(obj is kept for generation in (0, 1, 2)
                   for obj in gc.get_objects(generation))
    assert gc.get_threshold() == RUNNING_GC_THRESHOLDS == (10_000, 50, 100)
