"""HELP ORDERS's examples: every order a variant's help page shows must read as an order of
its phase in that variant's grammar (its own reader where it has one: Algernon's orders
by portal), or the page would teach what the judge refuses."""

from __future__ import annotations

import re

import pytest

from judge.commands.orders_help import HELP_FILE, is_topic
from judge.grammar.reader import ANYONE, reader_for
from judge.variant_loader import available_variants, load_variant

# A section heading names its phase: "Movement (Spring and Fall):", "Diplomats (Envoy 5)".
KINDS = {"Movement": "M", "Armies": "M", "Diplomats": "M", "Retreats": "R",
         "Adjustments": "A"}


def examples(text: str) -> list[tuple[str, str]]:
    """(phase kind, order) for each example column of the page's tables: rows indented by
    two spaces, a label, then orders, columns two spaces or more apart."""
    found: list[tuple[str, str]] = []
    kind = ""
    for line in text.splitlines():
        if line and not line.startswith(" "):  # a heading, or the text that goes on
            kind = next((k for word, k in KINDS.items() if line.startswith(word)), kind)
            continue
        columns = re.split(r"\s{2,}", line.strip())
        if kind and line.startswith("  ") and len(columns) > 1:
            # A column in brackets, or a bracket of words after an order, is a remark;
            # brackets of an order stay (Algernon's `VT s 4 (SQ to 6)`, `VT(3,2)`).
            found += [(kind, re.sub(r"\s+\([a-z]{2,}\b.*\)$", "", c)) for c in columns[1:]
                      if not c.startswith("(")]
    return found


@pytest.mark.parametrize("name", [n for n in available_variants()
                                  if (load_variant(n).folder / HELP_FILE).is_file()])
def test_every_example_on_the_help_page_reads_as_an_order(name: str) -> None:
    variant = load_variant(name)
    reader = reader_for(variant)  # the variant's own reader, as orders by mail are read
    found = examples((variant.folder / HELP_FILE).read_text(encoding="utf-8"))
    assert len(found) >= 15  # the tables were found at all
    for kind, text in found:
        reader.read(text, kind, ANYONE)  # raises, naming the line, if the judge cannot read it


def test_the_standard_and_envoy_pages_exist() -> None:
    for name in ("standard", "envoy"):
        assert (load_variant(name).folder / HELP_FILE).is_file()


def test_unit_kinds_of_every_variant_are_order_topics() -> None:
    # The words come from the variants' own unit kinds (Envoy's diplomats), not from a
    # list in judge/ that names a game's units.
    assert is_topic(["diplomats"]) and is_topic(["DIPLOMAT"]) and is_topic(["Fleet"])
    assert not is_topic(["SIGNON"]) and not is_topic([])
