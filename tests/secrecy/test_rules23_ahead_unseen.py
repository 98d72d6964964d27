"""A twin of tests/secrecy/test_rules22_kindless_slot.py for orders sent ahead with PHASE:
those are checked when their phase opens (judge/game/adjudication.py
`_take_future_orders`), by another path than the reply's, and its refusals said "there is
no unit in Munich" of a place France cannot see: false where Germany's army stays there
unseen (game A), true where it walked into Tyrolia (game B). Both games must tell her
what her knowledge makes true in both: that she has none there."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_adv6_kindless_diplomat import FALL, SPRING
from tests.secrecy.test_envoy_items import (
    FRANCE_PLACES,
    FRANCE_TAKES_SPAIN,
    GERMANY_HOLDS,
    Script,
    tyrolia,
)


def test_orders_sent_ahead_for_a_place_she_cannot_see_are_refused_in_her_words(
        databases: tuple[Database, Database]) -> None:
    script = Script(databases, "stab")
    script.turn("W1913P", FRANCE_PLACES, "Build D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    script.turn("S1914M", f"{FRANCE_TAKES_SPAIN}\nPHASE F1914M\nA mun H\nA ber-sil\n"
                "A par H\nPHASE", f"{GERMANY_HOLDS}\nA mun H", f"{GERMANY_HOLDS}\nA mun-tyr")
    opening = script.twin.transcript(script.france.address)[-1]
    assert "Spring 1914 Movement results" in opening, opening.split("--- part")[0]
    assert ("  'A mun H': you have no unit in Munich\n"
            "  'A ber-sil': you have no unit in Berlin\n") in opening, opening.split("--- part")[0]
    assert "there is no unit" not in opening, opening.split("--- part")[0]
    script.france_writes("ORDERS")
    assert script.leaks() == ""


def test_a_late_kindless_line_is_answered_the_same(
        databases: tuple[Database, Database]) -> None:
    """Rule 5.ii: France's `mun-bel` in the winter, after her in-time `D ger H`, is for her
    diplomat in Germany on the board she knew (her orders for the autumn held one for him:
    no late order), whether Germany's army stands unseen in Munich (A) or not (B)."""
    script = tyrolia(databases, "stab", SPRING)
    script.turn("F1914M", f"{FALL}\nD ger H", f"{GERMANY_HOLDS}\nA mun H",
                f"{GERMANY_HOLDS}\nA tyr H")
    replies = script.twin.send(script.france.address, f"{script.france.signon}\nmun-bel")
    assert "'mun-bel' is a move, but Winter 1914 Adjustments" in replies[0], replies[0]
    assert "moved on" not in replies[0], replies[0]
    script.france_writes("Build A mar")
    assert script.leaks() == ""
