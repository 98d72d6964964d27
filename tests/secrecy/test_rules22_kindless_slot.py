"""A twin of tests/secrecy/test_adv6_kindless_diplomat.py for the order set's slots: in
Stab Envoy France's diplomat in Germany is ordered `D Ger H`, and then, in a second
message, `Mun - Bel` (no kind: Munich is Germany for a diplomat, 5.ii). The later line is
for the same diplomat and replaces the earlier (DATC 4.D.1): which unit a line is for is
read on the board France knows (judge/game/ordering.py `slots`), so whether Germany's army
stays in Munich (game A) or walked unseen into Tyrolia (game B) changes nothing she
receives. The sets kept both lines, in two slots, and at the deadline both were void as
duplicates: her diplomat held in both games, where he goes to Belgium. And a line for a
place she cannot see is refused in words true of what she knows in both games."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_adv6_kindless_diplomat import FALL, SPRING
from tests.secrecy.test_envoy_items import GERMANY_HOLDS, MASTER_SIGNON, tyrolia


def test_a_later_kindless_line_replaces_the_diplomats_order_unseen(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab", SPRING)
    france = script.france
    script.twin.send(france.address, f"{france.signon}\n{FALL}\nD ger H")
    replies = script.twin.send(france.address, f"{france.signon}\nmun-bel")
    assert replies[0] == replies[1]
    assert "  D Germany -> Belgium.\n" in replies[0], replies[0]
    assert "Errors" not in replies[0], replies[0]
    script.twin.send(script.germany.address, f"{script.germany.signon}\n{GERMANY_HOLDS}\n"
                     "A mun H", f"{script.germany.signon}\n{GERMANY_HOLDS}\nA tyr H")
    script.twin.send(MASTER_SIGNON[0], f"{MASTER_SIGNON[1]}\nPROCESS F1914M")
    report = script.twin.transcript(france.address)[-1]
    assert "France:   D Germany -> Belgium.\n" in report, report
    assert script.leaks() == ""


def test_a_place_she_cannot_see_is_not_said_to_be_empty(
        databases: tuple[Database, Database]) -> None:
    """Germany's army stays in Munich (game A) or left it unseen (B): France's `A mun H`
    is refused in both, in words her knowledge makes true in both: not "there is no unit
    in Munich" (false in game A), but that she has none there."""
    script = tyrolia(databases, "stab")
    france = script.france
    replies = script.twin.send(france.address, f"{france.signon}\nA mun H\nA ber-sil")
    assert replies[0] == replies[1]
    assert "line 2: A mun H\n    you have no unit in Munich\n" in replies[0], replies[0]
    assert "line 3: A ber-sil\n    you have no unit in Berlin\n" in replies[0], replies[0]
    assert "there is no unit" not in replies[0], replies[0]
    assert script.leaks() == ""
