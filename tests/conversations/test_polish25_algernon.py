"""Polish 25, item 6: an Algernon master's SETTINGS showed retreat and adjustment lengths,
though the rules (shared/rules/algernon-um01.txt, I.B and I.C) settle retreats with the
moves and play the Winter's builds from the lists: no phase waits for them. And SET
CONCEDE with no power was refused with "maze hides the other powers' centres", which does
not say what to write (rule 7 publishes the counts, not who holds which)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import done, error, no_errors
from tests.conversations.test_newcomer24_algernon import GM, player, send, start


def test_algernon_settings_show_only_the_movement_length(talk: Conversation) -> None:
    start(talk)
    shown = no_errors(send(talk, GM, "SIGNON Mmaze gmpw", "SETTINGS"))
    assert "Movement 3 days; grace 1 day. Deadlines fall on" in done(shown, "SETTINGS"), \
        shown.body
    changed = no_errors(send(talk, GM, "SIGNON Mmaze gmpw", "SET SCHEDULE movement 2d"))
    assert "Movement 2 days; grace 1 day." in changed.body, changed.body


def test_a_standard_game_still_shows_every_length(talk: Conversation) -> None:
    no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                   "CREATE alpha gmpw standard"))
    shown = no_errors(send(talk, GM, "SIGNON Malpha gmpw", "SETTINGS"))
    assert "Movement 3 days, retreats 1 day, adjustments 1 day; grace 1 day." in shown.body


def test_a_concession_without_a_power_says_what_to_write(talk: Conversation) -> None:
    seats = start(talk)
    other = seats["bob"][0]
    refused = player(talk, seats, "ann", "SET CONCEDE")
    assert error(refused, "SET CONCEDE") == (
        f"name the power you concede to: SET CONCEDE <power>, e.g. SET CONCEDE {other} (maze "
        "does not show you who holds which centres, so the judge names no leader for you)")

