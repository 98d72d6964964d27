"""Algernon played by mail as a newcomer reads it (docs/variants/algernon.md, HELP ORDERS):
what confused a new player, each by the mail he sent and the reply."""

from __future__ import annotations

from judge.turns.deadlines import sweep_all
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from tests.variants.algernon.mailgame import phase_of, seat_knowledge, started, world
from tests.variants.folder_games import send_orders


def test_a_rat_written_as_the_replies_write_it_and_a_move_without_spaces_are_read(
        talk: Conversation) -> None:
    # The reply listed "Still without orders: R KX, R SB"; the player wrote his orders as
    # that, `R KX to 2`, and as moves are written in every other game, `SB-1`, and both
    # were refused "not an order" (HELP ORDERS: `DL to 4`, `DL - 4`).
    seats = started(talk, players=2, seed=1)
    first, second, *_ = seat_knowledge(talk, "ALPHA")["units"]
    untouched = send_orders(talk, seats["ALPHA"], "ORDERS")
    assert f"R {first.upper()}" in untouched.body, untouched.body
    sent = send_orders(talk, seats["ALPHA"], f"R {first} to 1", f"{second}-1")
    assert "error" not in sent.body.lower(), sent.body
    assert f"  {first.upper()} to 1.\n  {second.upper()} to 1.\n" in sent.body, sent.body
    again = send_orders(talk, seats["ALPHA"], f"rat {first} h", f"{second} -> 1")
    assert "error" not in again.body.lower(), again.body
    assert f"  {first.upper()} h.\n" in again.body, again.body


def test_an_army_s_letter_is_refused_saying_the_units_are_rats(talk: Conversation) -> None:
    # `A KX to 1`, as an army is ordered in every other game, was answered with the list
    # of Algernon's order forms and not a word on what was wrong with the line.
    seats = started(talk, players=2, seed=1)
    first = seat_knowledge(talk, "ALPHA")["units"][0].upper()
    sent = send_orders(talk, seats["ALPHA"], f"A {first} to 1", "A B C", f"F {first} h",
                       f"{first} to 1")
    assert (f"line 2: A {first} to 1\n    not an order: your units are rats (rule 2), "
            f"ordered by their space alone ({first} to 1) or as the replies write them "
            f"(R {first} to 1)") in sent.body, sent.body
    assert f"line 4: F {first} h\n    not an order: your units are rats" in sent.body, sent.body
    # A line that is no order even without its first word is not taken for one.
    assert "line 3: A B C\n    this is neither an order nor a command" in sent.body, sent.body


def test_the_report_s_plain_words_give_a_space_s_facts_in_brackets(
        talk: Conversation) -> None:
    # "NR portal 1 leads to EH, no supply centre with 2 portals" read as "there is no
    # supply centre with 2 portals"; EH's facts now stand in brackets after its name.
    seats = started(talk, players=2, seed=1)
    here = seat_knowledge(talk, "ALPHA")["units"][0].upper()
    spaces = {s["name"].upper(): s for s in world(talk)["maze"]}
    there, through = spaces[here]["portals"][0]
    far = spaces[there.upper()]
    kind = ("no supply centre" if not far["value"] else
            "a home supply centre" if far["home"] not in (None, "", "-") else
            "a neutral supply centre")
    send_orders(talk, seats["ALPHA"], f"{here} to 1")
    send_orders(talk, seats["BRAVO"], "CLEAR")
    [report] = [m for m in talk.mails_to(seats["ALPHA"][0])
                if m.subject == "maze: Spring 1901 Movement results"]
    assert (f"{here} portal 1 leads to {there.upper()} ({kind}, {len(far['portals'])} "
            f"portals), entered through its portal {through}") in report.body, report.body


def test_the_winter_nobody_orders_in_does_not_wait_for_the_players(
        talk: Conversation) -> None:
    # docs/variants/algernon.md: "there are no retreat or build turns to order in", the
    # builds run from the lists sent with the moves. The Winter still waited for every
    # player to send something (their orders refused, "orders go with the moves") or its
    # deadline a day later; LIST named everyone as not having sent orders.
    seats = started(talk, players=2, seed=1)
    for phase in ("S1901M", "F1901M"):
        assert phase_of(talk) == phase
        for power in seats:
            send_orders(talk, seats[power], "CLEAR")
    assert phase_of(talk) == "W1901A"
    listed = reply(talk, seats["ALPHA"][0], "LIST maze")
    assert "Orders not yet sent by: nobody" in listed.body, listed.body
    sweep_all(talk.judge.db, talk.clock, talk.judge.postman)  # the scheduler's next wake-up
    assert phase_of(talk) == "S1902M"
    [winter] = [m for m in talk.mails_to(seats["ALPHA"][0])
                if m.subject == "maze: Winter 1901 Adjustments results"]
    assert "Centres: A " in winter.body, winter.body


def test_the_master_of_a_secret_maze_may_not_take_a_player_s_seat_in_it(
        talk: Conversation) -> None:
    # As a malicious player: CREATE a game (GET MAP then shows him the whole maze, rule 3),
    # then JOIN it as a player. Both were taken; a standard game's master still may play.
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE maze gmpw algernon players=2\nCREATE open gmpw "
                    "standard")
    assert "Game maze (Algernon) is created" in created.body, created.body
    for line in ("JOIN maze pw", "SIGNON ?maze pw"):
        refused = reply(talk, MASTER, line)
        assert (f"line 1: {line}\n    you are the master of maze, which keeps things from "
                "its players that its master sees, so its master does not also play in it "
                "(docs/secrecy.md)") in refused.body, refused.body
    listed = reply(talk, MASTER, "LIST maze")
    assert "Players (0 of 2): nobody yet" in listed.body, listed.body
    joined = reply(talk, MASTER, "JOIN open pw")
    assert "You joined open" in joined.body, joined.body


def test_the_start_notice_says_how_a_rat_is_ordered(talk: Conversation) -> None:
    # The notice listed the homes and "Units At:", and not a word on writing an order.
    account(talk, MASTER, "Game Master")
    reply(talk, MASTER, "CREATE gamma gmpw algernon players=2")
    for i in range(2):
        account(talk, f"p{i}@example.org", f"P{i}")
        reply(talk, f"p{i}@example.org", f"JOIN gamma pw{i}")
    [notice] = [m for m in talk.mails_to("p0@example.org") if "has started" in m.subject]
    first = notice.body.split("Units At: ")[1].split(",")[0].strip()
    assert (f"\nOrder each rat by its space and a portal number ({first} to 1 attacks out of "
            f"portal 1, {first} h holds); your build list goes with the moves, as there are no "
            "build turns to order in. HELP ORDERS, signed on, shows every form.\n") in \
        notice.body, notice.body
