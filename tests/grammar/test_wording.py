"""A variant's message in the reports' words (judge/grammar/wording.py): every id the map
knows is named, whatever its letters, as a refusal's parameters are (issue #12 item 4)."""

from __future__ import annotations

from pathlib import Path

from judge.grammar.wording import in_report_words
from judge.variant_loader import load_variant, load_variant_folder

ATOLL = Path(__file__).resolve().parents[1] / "variants" / "folders" / "atoll"


def test_ids_with_digits_are_named_as_the_reports_name_them() -> None:
    # Once only ids of letters were named, and a report read "illegal: North Home is not
    # adjacent to m4" where the reply to the same order said "Middle Four".
    atoll = load_variant_folder(ATOLL)
    assert in_report_words(atoll, "nh is not adjacent to m4") == \
        "North Home is not adjacent to Middle Four"


def test_words_that_are_no_id_stay_as_written() -> None:
    standard = load_variant("standard")
    assert in_report_words(standard, "A ber belongs to GERMANY, not FRANCE; say so in 2") == \
        "A Berlin belongs to Germany, not France; say so in 2"
