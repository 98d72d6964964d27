"""Issue #15 gap 5: HELP ORDERS in an Engineered game on the 1885-III map (rn45 A, option
`map=1885`) gives examples of that map, each of which reads on it; the standard page's
(StP/sc, Spa/sc, Ankara) would not."""

from __future__ import annotations

import pytest

from judge.commands.orders_help import HELP_FILE, help_path
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from tests.commands.test_orders_help import examples
from tests.variants.engineered.test_madman_maps import _on

ANYONE = Writer("ITALY")


def _unreadable(variant: Variant, text: str) -> list[str]:
    reader = reader_for(variant)
    bad = []
    for kind, order in examples(text):
        try:
            reader.read(order, kind, ANYONE)
        except OrderSyntaxError:
            bad.append(order)
    return bad


@pytest.fixture(scope="module")
def on_1885() -> Variant:
    return _on("1885", "complex")


def test_a_1885_game_gets_its_own_page(on_1885: Variant) -> None:
    assert help_path(on_1885).name == "help-orders-1885.txt"
    assert help_path(_on("standard", "complex")).name == HELP_FILE


def test_every_example_of_its_page_reads_on_its_map(on_1885: Variant) -> None:
    text = help_path(on_1885).read_text(encoding="utf-8")
    assert len(examples(text)) >= 25  # the tables were found
    assert _unreadable(on_1885, text) == []


def test_the_standard_page_would_not(on_1885: Variant) -> None:
    # Why the game needs its own page: the standard examples name what 1885-III lacks.
    standard = (on_1885.folder / HELP_FILE).read_text(encoding="utf-8")
    assert _unreadable(on_1885, standard)
