"""Orders after the second attack (adv2): an army's coast, two orders for one unit in one
message. The game starts Monday 2 Nov 2026 09:00 UTC."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from judge.turns.deadlines import sweep_all
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import play_holds, send
from tests.conversations.seating_helpers import Player


@pytest.fixture
def players(talk: Conversation) -> dict[str, Player]:
    return started_game(talk)


def test_an_armys_coast_is_left_out_of_its_order(
        talk: Conversation, players: dict[str, Player]) -> None:
    reply = send(talk, players["TURKEY"], "A Con - Bulgaria (ec)")
    assert "  A Constantinople -> Bulgaria.\n" in reply.body
    # The same move with and without a coast is one order: no conflict, nothing refused.
    reply = send(talk, players["TURKEY"], "A Con - Bul", "A Con - Bul/sc")
    assert "[errors]" not in reply.subject
    assert "different orders" not in reply.body
    assert "  A Constantinople -> Bulgaria.\n" in reply.body
    play_holds(talk, {p: pl for p, pl in players.items() if p != "TURKEY"})
    send(talk, players["TURKEY"], "F ank H", "A smy H")
    [results] = [m for m in talk.mails_to(players["TURKEY"].address) if "results" in m.subject]
    assert "Turkey:   A Constantinople -> Bulgaria.\n" in results.body
    assert "Bulgaria (sc)" not in results.body


def test_two_orders_for_one_unit_leave_the_set_open_for_the_one_meant(
        talk: Conversation, players: dict[str, Player]) -> None:
    play_holds(talk, {p: pl for p, pl in players.items() if p != "TURKEY"})
    reply = send(talk, players["TURKEY"], "F Ank - Bla", "A Smy - Arm", "A Con - Bul",
                 "A Con H")
    # The last power's message does not complete the set: nothing is processed yet.
    assert "Turn processed" not in reply.body
    assert "A Constantinople is without orders" in reply.body
    assert ("  F Ankara -> Black Sea.\n  A Smyrna -> Armenia.\n\n"
            "Still without orders: A Constantinople\n") in reply.body
    reply = send(talk, players["TURKEY"], "A Con - Bul")
    assert "Turn processed" in reply.body
    [results] = [m for m in talk.mails_to(players["TURKEY"].address) if "results" in m.subject]
    assert "Turkey:   A Constantinople -> Bulgaria.\n" in results.body


def test_a_unit_left_without_orders_by_a_conflict_holds_at_the_deadline(
        talk: Conversation, players: dict[str, Player]) -> None:
    play_holds(talk, {p: pl for p, pl in players.items() if p != "TURKEY"})
    send(talk, players["TURKEY"], "F Ank H", "A Smy H", "A Con - Bul", "A Con H")
    # Default schedule: deadline Thu 5 Nov 09:00 UTC, 24 hours' grace, NMR hold.
    for when in (datetime(2026, 11, 5, 9, 1, tzinfo=UTC), datetime(2026, 11, 6, 9, 1, tzinfo=UTC)):
        talk.clock.set(when)
        sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    [results] = [m for m in talk.mails_to(players["TURKEY"].address) if "results" in m.subject]
    assert "Turkey:   A Constantinople HOLD (no order).\n" in results.body


def test_line_numbers_count_the_lines_as_sent_quotes_and_all(
        talk: Conversation, players: dict[str, Player]) -> None:
    france = players["FRANCE"]
    reply = talk.send(france.address, "> an order sent before\n> A par-bur\n"
                      f"{france.signon()}\nA par-pic\n")
    assert reply is not None
    assert "line 4: A par-pic\n" in reply.body


def test_orders_shows_the_current_set_and_changes_nothing(
        talk: Conversation, players: dict[str, Player]) -> None:
    send(talk, players["FRANCE"], "A par-bur")
    reply = send(talk, players["FRANCE"], "ORDERS")
    assert "[errors]" not in reply.subject
    assert "line 2: ORDERS\n    France's current orders for S1901M follow.\n" in reply.body
    assert ("  A Paris -> Burgundy.\n\nStill without orders: A Marseilles, F Brest\n"
            "Deadline: Thu 05 Nov 2026 09:00 UTC (3 days left)\n") in reply.body
