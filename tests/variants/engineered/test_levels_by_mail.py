"""Spring 1901 of Engineered by mail at each level (rn45 A), orders written the way the
rules' examples write them (`F StP - Bot`, B7's `A Vie M Gal`, C1 1a's `E Vie`, C7's `F
Nap - Tun` and `F Mos D A Vie - Gal`), and a newcomer's forms (`PLACE E Par` with `E Par -
Bur`). Every reply and report line checked here is worked out from the rules."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import send_orders, started

Seats = dict[str, tuple[str, str]]

SPRING = {
    "AUSTRIA": ("E Vie", "A Vie M Gal", "A Tri - Ser", "A Bud H"),
    "ENGLAND": ("E Lvp", "F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"),
    "FRANCE": ("PLACE E Par", "A Par - Bur", "E Par - Bur", "A Mar H", "F Bre - Mao"),
    "GERMANY": ("E Kie", "A Ber - Kie", "F Kie - Den", "A Mun H"),
    "RUSSIA": ("E War", "A War - Ukr", "F Mos S A War - Ukr", "N Sev - Rum", "F StP - Bot"),
    "TURKEY": ("E Con", "A Con - Bul", "N Ank - Bla", "A Smy H"),
}
ITALY = ("E Rom", "A Rom - Apu", "A Ven H")
# C7 7c: Naples-Ionian Sea-Tunis, a Neutral centre two areas off; C7 7f (1): Moscow-Warsaw-
# Galicia, two areas. The simple game "excludes the complex" rules (A).
FLY, DAMAGE = "F Nap - Tun", "F Mos D A Vie - Gal"
NOW = ("Now: Austrian E Galicia, English E Yorkshire, French E Burgundy, German E Denmark, "
       "Italian E Apulia, Russian E Ukraine, Turkish E Bulgaria.")


def report(talk: Conversation, seats: Seats, power: str) -> str:
    return [m for m in talk.mails_to(seats[power][0]) if "results" in m.subject][-1].body


def spring(talk: Conversation, level: str) -> tuple[Seats, Mail, Mail]:
    """The Spring at `level`: Italy's flight and Russia's damage first, each in a message of
    its own (the replies returned), then everyone's orders."""
    seats = started(talk, "engineered", players=7, options={"level": level})
    flight = send_orders(talk, seats["ITALY"], FLY)
    damage = send_orders(talk, seats["RUSSIA"], DAMAGE)
    for power, lines in SPRING.items():
        send_orders(talk, seats[power], *lines)
    # At the simple level the flight was refused: the fighter moves as an army, or holds.
    send_orders(talk, seats["ITALY"], *ITALY, *(("F Nap H",) if level == "simple" else ()))
    return seats, flight, damage


def test_the_simple_level_refuses_the_complex_orders_with_the_reason(
        talk: Conversation) -> None:
    seats, flight, damage = spring(talk, "simple")
    assert ("F Nap - Tun\n    Naples is not adjacent to Tunis: in the simple game a "
            "fighter moves and supports as an army (rn45 A)") in flight.body
    assert ("F Mos D A Vie - Gal\n    damage is an order of the complex game (rn45 A, C7): "
            "this game is played at the simple level") in damage.body
    seen = report(talk, seats, "ENGLAND")
    assert "Italy:    F Naples HOLD.\n" in seen
    assert "Russia:   F Moscow SUPPORT A Warsaw -> Ukraine.\n" in seen  # the later order
    _common(seen)


@pytest.mark.parametrize("level", ["complex", "advanced"])
def test_the_complex_levels_fly_and_damage(talk: Conversation, level: str) -> None:
    seats, flight, damage = spring(talk, level)
    assert "Your orders are complete" not in flight.body  # Italy has more units to order
    assert "  F Naples -> Tunis.\n" in flight.body
    assert "  F Moscow DAMAGE A Vienna -> Galicia.\n" in damage.body
    seen = report(talk, seats, "ENGLAND")
    assert "Italy:    F Naples -> Tunis.\n" in seen
    # The later support replaced the damage in Russia's order set.
    assert "Russia:   F Moscow SUPPORT A Warsaw -> Ukraine.\n" in seen
    assert "DAMAGE" not in seen
    _common(seen)


def _common(seen: str) -> None:
    """What every level's report shows of the orders written as the rules write them."""
    assert "Austria:  A Vienna -> Galicia.\n" in seen  # B7: M is a move
    assert "Russia:   N St Petersburg (sc) -> Gulf of Bothnia.\n" in seen  # F StP: the navy
    assert "France:   E Paris -> Burgundy.\n" in seen  # C1 1a: with its unit, as ordered
    assert "Austria:  A Trieste -> Serbia.\n" in seen  # C1 1d: Austria wrote an army
    assert NOW in seen
