"""Hugh's Engineered played by mail as a newcomer reads it (docs/variants/engineered.md,
docs/commands.md): what confused a new player, each by the mail he sent and the reply."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.folder_games import process_turn, send_orders, started

HOLDS = {
    "AUSTRIA": ("A Bud H", "A Vie H", "N Tri H"),
    "ENGLAND": ("N Edi H", "N Lon H", "A Lvp H"),
    "FRANCE": ("N Bre H", "A Mar H", "A Par H"),
    "GERMANY": ("N Kie H", "A Ber H", "A Mun H"),
    "ITALY": ("F Nap H", "A Rom H", "A Ven H"),
    "RUSSIA": ("A War H", "F Mos H", "N Sev H", "N StP H"),
    "TURKEY": ("N Ank H", "A Con H", "A Smy H"),
}


def test_the_last_orders_process_the_turn_though_the_message_ends_on_a_later_phase(
        talk: Conversation) -> None:
    # docs/commands.md, PHASE ("useful ... to give retreats and builds in advance") and
    # "Early processing": a player who sends his Spring orders and, below them, his Fall
    # orders after PHASE completed the last order set, but his reply showed no orders and
    # the turn waited for the next message anyone sent.
    seats = started(talk, "engineered", players=7)
    for power, lines in HOLDS.items():
        if power != "TURKEY":
            assert "error" not in send_orders(talk, seats[power], *lines).body
    sent = send_orders(talk, seats["TURKEY"], "E Con", "N Ank - Bla", "A Con - Bul",
                       "A Smy - Arm", "PHASE Fall 1901 Movement", "A Bul - Gre")
    assert "line 6: PHASE Fall 1901 Movement\n    Orders that follow are for F1901M" \
        in sent.body, sent.body
    assert ("Orders for Turkey, Spring 1901 Movement\n"
            "---------------------------------------\n"
            "  PLACE E Constantinople.\n"
            "  N Ankara -> Black Sea.\n"
            "  A Constantinople -> Bulgaria.\n"
            "  A Smyrna -> Armenia.\n\n"
            "Your orders are complete.") in sent.body, sent.body
    assert "Every power's orders were complete: S1901M has been processed" in sent.body
    [report] = [m for m in talk.mails_to(seats["TURKEY"][0])
                if m.subject == "alpha: Spring 1901 Movement results"]
    assert "A Constantinople -> Bulgaria." in report.body, report.body


def test_orders_after_a_phase_line_shows_the_open_phase_s_orders(talk: Conversation) -> None:
    # ORDERS "shows your current orders": after a PHASE line it showed nothing at all.
    seats = started(talk, "engineered", players=7)
    send_orders(talk, seats["ITALY"], "F Nap - Apu")
    shown = send_orders(talk, seats["ITALY"], "PHASE Fall 1901 Movement", "A Apu - Tun",
                        "ORDERS")
    assert "Italy's current orders for S1901M follow." in shown.body, shown.body
    assert ("Orders for Italy, Spring 1901 Movement\n"
            "--------------------------------------\n"
            "  F Naples -> Apulia.\n\n"
            "Still without orders: A Rome, A Venice") in shown.body, shown.body


def test_orders_for_a_later_phase_alone_still_end_the_reply_with_the_phase_line(
        talk: Conversation) -> None:
    # Only later-phase lines: nothing of the open phase was touched, so no order section.
    seats = started(talk, "engineered", players=7)
    ahead = send_orders(talk, seats["ITALY"], "PHASE Winter 1901 Adjustment", "build E Rom")
    assert ahead.body.rstrip().endswith("line 3: build E Rom"), ahead.body


def test_a_decoy_of_a_unit_converted_is_refused_as_converted_and_not_offered(
        talk: Conversation) -> None:
    # docs/variants/engineered.md, C2 2a and 2b: Germany's engineer in Munich converts the
    # army there; the reply refused `DECOY A Mun` as "A Munich is removed this Winter",
    # though nothing removes it, and then offered "You may also order: a decoy of A Mun".
    seats = started(talk, "engineered", players=7,
                    options={"level": "complex", "decoys": "yes"})
    send_orders(talk, seats["GERMANY"], "E Mun", "A Mun H", "N Kie - Den", "A Ber H")
    process_turn(talk, "Spring 1901 Movement")
    process_turn(talk, "Fall 1901 Movement")
    sent = send_orders(talk, seats["GERMANY"], "convert A Mun to F", "DECOY A Mun")
    assert ("line 3: DECOY A Mun\n    A Munich is converted this Winter by your CONVERT "
            "order, so no decoy is made of it: send one or the other (CLEAR, then the "
            "orders you mean)") in sent.body, sent.body
    assert "removed" not in sent.body, sent.body
    assert "  A Munich CONVERTS TO FIGHTER.\n" in sent.body, sent.body
    assert "a decoy of A Mun" not in sent.body, sent.body


def test_the_winter_s_decoy_order_in_a_spring_is_answered_with_the_player_s_own_unit(
        talk: Conversation) -> None:
    # Germany's `DECOY A Mun` in a Spring was answered "write DECOY A Mos in the Winter;
    # ... DECOY A Mos-War": Russia's army, not a word of the line he wrote.
    seats = started(talk, "engineered", players=7,
                    options={"level": "complex", "decoys": "yes"})
    sent = send_orders(talk, seats["GERMANY"], "DECOY A Mun")
    assert ("line 2: DECOY A Mun\n    DECOY A Mun alone makes a decoy, in a Winter only "
            "(rn45 C2 2b); in the Spring after, DECOY A Mun - <area> moves your decoy out "
            "and DECOY A Mun H keeps it there (C8 8b).") in sent.body, sent.body
    assert "Mos" not in sent.body, sent.body


def test_an_engineer_ordered_where_it_is_not_is_told_where_it_is(talk: Conversation) -> None:
    # Austria's engineer stayed in Vienna with the army that held there (rn45 C5 5a, 5b);
    # "E Ser - Bul" was refused with "there is no engineer of yours in Serbia" alone.
    seats = started(talk, "engineered", players=7)
    send_orders(talk, seats["AUSTRIA"], "E Vie", "A Vie H", "A Bud - Ser")
    process_turn(talk, "Spring 1901 Movement")
    sent = send_orders(talk, seats["AUSTRIA"], "E Ser - Bul")
    assert ("line 2: E Ser - Bul\n    there is no engineer of yours in Serbia: yours is in "
            "Vienna\n") in sent.body, sent.body


def test_help_for_an_order_word_of_the_game_points_to_help_orders(talk: Conversation) -> None:
    # docs/variants/engineered.md writes BID and DECOY as the orders they are; a newcomer's
    # `HELP BID` got "no command BID; send HELP for the list", and that list has neither.
    seats = started(talk, "engineered", players=7,
                    options={"level": "complex", "decoys": "yes"})
    told = send_orders(talk, seats["RUSSIA"], "HELP BID")
    assert ("line 2: HELP BID\n    no command BID; send HELP for the list of commands; if it "
            "is an order, HELP ORDERS (signed on to your game) shows how to write your "
            "game's orders") in told.body, told.body
    shown = send_orders(talk, seats["RUSSIA"], "HELP ORDERS")
    assert "BID A Mos, N StP FOR N Bla - Ank" in shown.body, shown.body


def test_a_unit_offered_twice_in_a_bid_is_named_as_a_place(talk: Conversation) -> None:
    # rn45 D3 3b. The refusal read "your unit in war is offered twice": Warsaw in lower case
    # reads as the word.
    seats = started(talk, "engineered", players=7, options={"level": "complex"})
    sent = send_orders(talk, seats["RUSSIA"], "BID A War, A War FOR N Ank - Bla")
    assert ("line 2: BID A War, A War FOR N Ank - Bla\n    your unit in War is offered twice: "
            "each unit counts once in a bid (rn45 D3 3b).") in sent.body, sent.body
