"""Newcomer 24: an Algernon game run by mail as a newcomer master and two players read
docs/master.md, docs/commands.md and docs/variants/algernon.md: REGISTER, CREATE, two
JOINs, the start notice's homes, a Spring with a build list, a draw vote that fails, a
concession that ends it, and what is answered after the end (HISTORY and SUMMARY to
anyone)."""

from __future__ import annotations

import re

from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import error, no_errors

GM = "gm@example.org"


def send(talk: Conversation, sender: str, *lines: str) -> Mail:
    reply = talk.send(sender, "\n".join(lines))
    assert reply is not None
    return reply


def seat(talk: Conversation, name: str) -> tuple[str, list[str]]:
    """The power the start notice deals and the homes it lists (rule 4, `WU (HSC, ...`)."""
    [notice] = [m for m in talk.mails_to(f"{name}@example.org")
                if m.subject.endswith("has started")]
    power = re.search(r"^You play (\w+)\.", notice.body, re.M)
    assert power is not None, notice.body
    return power[1], re.findall(r"^  (\w+) \(HSC", notice.body, re.M)


def start(talk: Conversation) -> dict[str, tuple[str, list[str]]]:
    no_errors(send(talk, GM, "REGISTER", "name: Gus Master", "END",
                   "CREATE maze gmpw algernon players=2"))
    for name in ("ann", "bob"):
        no_errors(send(talk, f"{name}@example.org", "REGISTER", f"name: {name}", "END",
                       f"JOIN maze pw{name}"))
    return {name: seat(talk, name) for name in ("ann", "bob")}


def player(talk: Conversation, seats: dict[str, tuple[str, list[str]]], name: str,
           *lines: str) -> Mail:
    return send(talk, f"{name}@example.org", f"SIGNON {seats[name][0][0]}maze pw{name}",
                *lines)


def test_a_newcomer_plays_algernon_to_a_concession(talk: Conversation) -> None:
    seats = start(talk)
    (winner, ann), bob = seats["ann"], seats["bob"][1]
    assert len(ann) == len(bob) == 3, seats
    sent = no_errors(player(talk, seats, "ann", f"{ann[0]} to 1", f"{ann[1]} h",
                            f"{ann[2]} to 1", f"Build {ann[0]}, {ann[1]}"))
    assert f"  Build {ann[0]}, {ann[1]}.\n" in sent.body, sent.body
    processed = no_errors(player(talk, seats, "bob", f"{bob[0]} to 1", f"{bob[1]} h",
                                 f"{bob[2]} - 1"))
    assert "S1901M has been processed" in processed.body, processed.body
    no_errors(player(talk, seats, "ann", "SET DRAW"))
    ended = no_errors(player(talk, seats, "bob", f"SET CONCEDE {winner}"))
    assert f"The game is over: {winner} wins" in ended.body, ended.body
    over = (f"game maze is over (won by {winner} by concession, ended in F1901M); SUMMARY "
            "maze tells how it went, HISTORY maze its last turns")
    assert error(player(talk, seats, "ann", f"{ann[0]} h"), f"{ann[0]} h") == over
    told = no_errors(send(talk, "carol@example.org", "SUMMARY maze"))
    assert f"Result: won by {winner} by concession, ended in F1901M" in told.body, told.body


def test_history_to_anyone_says_neither_no_rat_stands_nor_none_was_ordered(
        talk: Conversation) -> None:
    # docs/variants/algernon.md: the public learns only the centre counts (rule 7). HISTORY
    # sent by anyone without a seat answered "Units At: none" under "Game master's
    # notation", as if every rat were gone, while each player still had three, and "No
    # orders were given." of a turn both players had ordered; BOARD words it as a game
    # that hides things ("No units that you may see are on the board.").
    seats = start(talk)
    no_errors(player(talk, seats, "ann", f"{seats['ann'][1][0]} h"))
    no_errors(player(talk, seats, "bob", f"{seats['bob'][1][0]} h"))
    told = no_errors(send(talk, "carol@example.org", "HISTORY maze"))
    assert "Report for: Public" in told.body, told.body
    assert "Units At" not in told.body, told.body
    assert "    No orders that you may see were given.\n" in told.body, told.body
    mine = no_errors(player(talk, seats, "ann", "HISTORY maze"))
    assert "Units At: " in mine.body and "Units At: none" not in mine.body, mine.body


def test_board_of_a_game_conceded_in_its_first_spring_is_its_start(
        talk: Conversation) -> None:
    # docs/commands.md, BOARD: "A finished game shows the board it ended on." Bravo
    # conceded before any turn was played; BOARD answered "maze has no turn open and none
    # played; there is no board", while MAP drew that very board ("before Spring 1901").
    seats = start(talk)
    loser = next(name for name in seats if seats[name][0] == "Bravo")
    winner = next(name for name in seats if name != loser)
    no_errors(player(talk, seats, loser, "SET CONCEDE Alpha"))
    shown = no_errors(player(talk, seats, winner, "BOARD maze"))
    assert "    Algernon: Spring 1901 Movement\n    Board for: Alpha\n" in shown.body, shown.body
    for home in seats[winner][1]:
        assert f"    Alpha:    R {home}\n" in shown.body, shown.body
    public = no_errors(send(talk, "carol@example.org", "BOARD maze"))
    assert "    No units that you may see are on the board.\n" in public.body, public.body


def test_a_support_of_a_hold_written_with_a_space_says_to_name_the_portal(
        talk: Conversation) -> None:
    # docs/variants/algernon.md, I.A.3: `VT s 3` supports the rat at the far end of VT's
    # portal 3. A newcomer's support of a hold as other games write it (`F Lon S A Wal`),
    # his home's rat supporting another home's, got the bare list of order forms, though
    # the page answers `PL S KG-1` and `IG - DS` by saying to name the portal.
    seats = start(talk)
    here, there = seats["bob"][1][:2]
    for line in (f"{here} s {there}", f"{here} supports R {there}"):
        told = error(player(talk, seats, "bob", line), line)
        assert told == ("not an order: a rat supports the rat at the far end of one of its "
                        "own portals, named by its number, not by the space it leads to "
                        f"(I.A.3): {here} s <portal>. HELP ORDERS shows how to write "
                        "orders, with examples."), told


def test_the_winter_s_board_and_orders_give_no_deadline_as_its_report_does(
        talk: Conversation) -> None:
    # docs/variants/algernon.md, Builds: the Winter waits for nobody and is played at the
    # judge's next round, "So the Fall's report gives no deadline". BOARD in that Winter
    # still ended "Deadline: Tue 03 Nov 2026 09:00 UTC", and ORDERS "You owe no orders
    # this phase." with "Deadline: ... (1 day left)", a deadline nobody has.
    seats = start(talk)
    for name in ("ann", "bob"):
        no_errors(player(talk, seats, name, f"{seats[name][1][0]} h"))  # the Spring
    for name in ("ann", "bob"):
        homes = ", ".join(seats[name][1])
        no_errors(player(talk, seats, name, f"Build {homes}"))  # the Fall
    board = no_errors(player(talk, seats, "bob", "BOARD maze"))
    assert "    Algernon: Winter 1901 Adjustments\n" in board.body, board.body
    assert "Deadline" not in board.body, board.body
    shown = no_errors(player(talk, seats, "ann", "ORDERS"))
    assert ("  (no orders yet)\n\nYou owe no orders this phase.\nIt waits for no orders: the "
            "judge plays it at its next round.\n") in shown.body, shown.body
    assert "Deadline" not in shown.body.split("Turn processed")[0], shown.body
