"""SUMMARY's 12e lines (polish18 item 1) as a non-interference case: Germany's A Munich
stays (game A) or walks unseen into Tyrolia (game B) in Spring 1914 (test_envoy_items.py's
`tyrolia`); after the Autumn France's SUMMARY gives the counts it was told, and is the same
in both games, as is everything else France and the observer receive."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, autumn, tyrolia

HEAD = "Centre counts you were told after each Autumn (rule 12e)"


def test_france_s_summary_is_the_same_whichever_way_germany_walked(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    summary, summary_b = script.twin.send(script.france.address,
                                          f"{script.france.signon}\nSUMMARY beta")
    assert HEAD in summary and "\n      1914: " in summary, summary
    assert summary == summary_b
    assert script.leaks() == ""
