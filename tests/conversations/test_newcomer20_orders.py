"""Orders as players of older judges write them, sent by mail (newcomer20): what the
reply said to each line before, and what it says now (docs/orders.md)."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started


def test_m_for_a_move_and_a_coast_written_as_a_word_are_orders(talk: Conversation) -> None:
    # 'F Bre M Mao' and 'A Par M Bur' were "I don't understand 'M'"; 'A Mar - spa south'
    # was "I don't understand 'south'": each is an order a player of another judge writes.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["FRANCE"], "F Bre M MAO", "A Par M Bur", "A Mar M Spa")
    assert "Errors" not in sent.body, sent.body
    assert ("  F Brest -> Mid-Atlantic Ocean.\n"
            "  A Paris -> Burgundy.\n"
            "  A Marseilles -> Spain.\n\n"
            "Your orders are complete.") in sent.body, sent.body
    process_turn(talk, "Spring 1901 Movement")
    fall = send_orders(talk, seats["FRANCE"], "F Mid-Atlantic Ocean - spa south")
    assert "F Mid-Atlantic Ocean -> Spain (sc)." in fall.body, fall.body
    assert "Errors" not in fall.body, fall.body


def test_a_path_of_two_moves_is_refused_saying_what_to_write(talk: Conversation) -> None:
    # 'A Bud-Gal-War' (a path, as some judges write one) was read as a convoy to Warsaw
    # and refused with "no fleets stand where they could convoy it": nothing said that an
    # army moves one province a turn, nor what to send.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["AUSTRIA"], "A Bud-Gal-War")
    assert ("line 2: A Bud-Gal-War\n"
            "    No convoy crosses Galicia ('Gal'): a route lists the seas the convoying "
            "fleets stand in, as A Lon - Nth - Nwy. An army moves once a turn, so send the "
            "first step now and the next one next turn.") in sent.body, sent.body


def test_two_orders_on_a_line_are_refused_quoting_the_second(talk: Conversation) -> None:
    # 'F Lon-Nth, A Yor-Lon' (a comma between orders, as in a sentence) was answered "I
    # don't understand 'A' ...: the order is complete without it, so remove it": removing
    # it would have lost the second order without a word.
    seats = started(talk, "standard", players=7)
    sent = send_orders(talk, seats["ENGLAND"], "F Lon-Nth, A Lvp-Yor")
    assert ("line 2: F Lon-Nth, A Lvp-Yor\n"
            "    I don't understand 'A' in \"F Lon-Nth, A Lvp-Yor\": it starts a second "
            "order; write one order a line, so put 'A Lvp-Yor' on a line of its own."
            ) in sent.body, sent.body


def test_a_signature_of_one_initial_is_passed_over(talk: Conversation) -> None:
    # A message signed 'S' (or 'M', now M for a move) ended in two errors, 'Best,' and
    # the initial, read as an order's word (S for support), not as a signature.
    seats = started(talk, "standard", players=7)
    for initial in ("S", "M.", "-B"):
        sent = send_orders(talk, seats["FRANCE"], "A Par-Bur", "Best,", initial)
        assert sent.body.startswith("2 done, 1 ignored\n"), sent.body
        assert ("line 3: Best,\n    not read, and neither is anything after it (to line 4)"
                ) in sent.body, sent.body
