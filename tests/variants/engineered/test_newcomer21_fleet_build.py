"""Hugh's Engineered by mail: a newcomer's `Build F Mar` meant a fleet, which this game
writes N (a navy); in a build F is a fighter (B7; docs/variants/engineered.md, "F for a
fleet"). The simple game's refusal quoted the fighter's rules and ended "Build an army
there (BUILD A Marseilles), or a navy on a coastal centre", without how to write the navy."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.engineered.test_newcomer_builds import france_to_winter_1901
from tests.variants.folder_games import send_orders


def test_a_fleet_built_as_f_on_a_coast_is_told_to_write_n(talk: Conversation) -> None:
    seats = france_to_winter_1901(talk)
    sent = send_orders(talk, seats["FRANCE"], "Build F Mar")
    assert ("line 2: Build F Mar\n    in a build F is a fighter (B7), not a fleet: write "
            "BUILD N Marseilles for a navy, or BUILD A Marseilles for an army. No fighter "
            "here: in the simple game a fighter is built only on a centre where your "
            "engineer stands") in sent.body, sent.body
    # What it says to write is taken as written.
    built = send_orders(talk, seats["FRANCE"], "BUILD N Marseilles")
    assert "  BUILD N Marseilles.\n" in built.body and "error" not in built.body.lower(), \
        built.body


def test_inland_the_refusal_offers_the_army_alone(talk: Conversation) -> None:
    seats = france_to_winter_1901(talk)
    sent = send_orders(talk, seats["FRANCE"], "Build F Par")
    assert "Build an army there (BUILD A Paris)" in sent.body, sent.body
    assert "BUILD N" not in sent.body, sent.body
