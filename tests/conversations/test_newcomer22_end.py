"""Newcomer 22: a game's end by mail, as a master who read docs/master.md takes it there.

A draw vote that fails (one survivor withdraws) and then passes; a concession in an
Engineered prize game (no draws); what every player and observer receives, what LIST,
SUMMARY and HISTORY say, orders sent after the end. The end mail said only the outcome;
it now says where the whole game can be read (SUMMARY, HISTORY).
"""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import MASTER, Table, error, no_errors
from tests.conversations.seating_helpers import account, reply
from tests.variants.folder_games import send_orders, started

OLIVE = "olive@example.org"
READ_ON = ("SUMMARY alpha tells who played each power and the supply centres each held, "
           "year by year; HISTORY alpha shows the last turn reports again (HELP HISTORY: how "
           "to choose them).")


def ended_text(outcome: str) -> str:
    return f"Game alpha is over: {outcome}\n\n{READ_ON}\n\nThanks to everyone who played.\n"


def ended(talk: Conversation, address: str) -> str:
    [mail] = [m for m in talk.mails_to(address) if m.subject == "alpha: the game is over"]
    return mail.body


def test_a_draw_vote_fails_then_passes_and_everyone_is_told_where_to_read_the_game(
        talk: Conversation) -> None:
    table = Table.started(talk)
    account(talk, OLIVE, "Olive")
    no_errors(reply(talk, OLIVE, "OBSERVE alpha olive-pw"))
    powers = sorted(table.players)
    for power in powers[:-1]:
        no_errors(table.player(power, "SET DRAW"))
    no_errors(table.player(powers[0], "SET NODRAW"))  # Austria thinks again
    last = no_errors(table.player(powers[-1], "SET DRAW"))
    assert "The vote has passed" not in last.body, last.body
    no_errors(table.master("PROCESS S1901M"))
    passed = no_errors(table.player(powers[0], "SET DRAW"))
    assert ("The vote has passed. The game is over: a draw between Austria, England, France, "
            "Germany, Italy, Russia and Turkey, agreed by every surviving player.") in passed.body
    for address in (table.address("FRANCE"), OLIVE, MASTER):
        assert ended(talk, address) == ended_text(
            "a draw between Austria, England, France, Germany, Italy, Russia and Turkey, "
            "agreed by every surviving player.")
    late = table.player("FRANCE", "A par-bur")
    assert error(late, "A par-bur") == (
        "game alpha is over (draw between Austria, England, France, Germany, Italy, Russia and "
        "Turkey, ended in F1901M); SUMMARY alpha tells how it went, HISTORY alpha its last turns")
    told = reply(talk, "someone@example.org", "LIST alpha\nSUMMARY alpha\nHISTORY alpha")
    assert "Result: draw between Austria, England, France, Germany, Italy, Russia and Turkey, "\
        "ended in F1901M" in told.body, told.body
    assert "1 turn of alpha (S1901M)." in told.body, told.body


def test_a_concession_ends_an_engineered_prize_game(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7,
                    options={"level": "advanced", "survival": "yes", "prize": "yes"})
    refused = send_orders(talk, seats["FRANCE"], "SET DRAW")
    assert error(refused, "SET DRAW").startswith("alpha allows no draws"), refused.body
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "TURKEY"):
        no_errors(send_orders(talk, seats[power], "SET CONCEDE Russia"))
    # Conceded in the first phase: no turn for HISTORY to show (polish 25).
    assert ended(talk, seats["RUSSIA"][0]) == ended_text(
        "Russia wins: every other surviving player conceded.").replace(
        READ_ON, READ_ON.split("; HISTORY")[0] + ".")


def test_a_game_abandoned_before_its_start_names_nothing_to_read(talk: Conversation) -> None:
    table = Table.seated(talk, players=3)
    no_errors(table.master("END GAME"))
    assert ended(talk, table.addresses[0]) == (
        "Game alpha is over: the master ended it without a result.\n\n"
        "Thanks to everyone who played.\n")
