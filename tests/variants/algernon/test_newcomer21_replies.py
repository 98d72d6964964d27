"""Algernon by mail as a player of other judges writes (newcomer21): a move to a space by
name, a WAIVE, and press to a power of another game, each answered with what to write."""

from __future__ import annotations

from tests.conversations.harness import Conversation
from tests.variants.algernon.mailgame import seat_knowledge, started
from tests.variants.folder_games import MASTER, send_orders


def test_a_move_to_a_space_by_name_says_to_name_the_portal(talk: Conversation) -> None:
    # 'IG - DS' was answered with the list of every order form.
    seats = started(talk, players=3, seed=1)
    first, second, *_ = (u.upper() for u in seat_knowledge(talk, "ALPHA")["units"])
    sent = send_orders(talk, seats["ALPHA"], f"{second} - {first}", f"A {first} - {second}")
    assert (f"line 2: {second} - {first}\n    not an order: a rat moves out of one of its "
            "own portals, named by its number, not by the space it leads to (I.A.1): "
            f"{second} to <portal>.") in sent.body, sent.body
    assert f"line 3: A {first} - {second}\n    not an order: a rat moves out of one of its " \
        f"own portals, named by its number, not by the space it leads to (I.A.1): {first} " \
        "to <portal>." in sent.body, sent.body


def test_waive_says_builds_are_never_ordered(talk: Conversation) -> None:
    # It was taken for prose: "this is neither an order nor a command".
    seats = started(talk, players=3, seed=1)
    sent = send_orders(talk, seats["ALPHA"], "WAIVE")
    assert ("line 2: WAIVE\n    not an order: builds are never ordered nor waived in this "
            "game: the Winter makes those due with nobody ordering, in the homes of the build "
            "list you send with the Fall's moves first (Build MK, VT, CJ), the others at "
            "random (I.C.1).") in sent.body, sent.body


def test_press_to_an_unknown_power_gives_an_example_of_this_game(talk: Conversation) -> None:
    # It read "write e.g. PRESS TO Germany": Algernon's powers are Alpha, Bravo, ...
    seats = started(talk, players=3, seed=1)
    sent = send_orders(talk, seats["ALPHA"], "PRESS TO beta", "hi", "ENDPRESS")
    assert ("line 2: PRESS TO beta\n    'beta' is not a power of Algernon; write e.g. PRESS "
            "TO Bravo, or PRESS TO master") in sent.body, sent.body
    usage = send_orders(talk, seats["ALPHA"], "PRESS FOR Bravo", "hi", "ENDPRESS")
    assert "e.g. PRESS TO Bravo and Charlie, PRESS TO all" in usage.body, usage.body


def test_a_concession_s_example_names_a_power_of_the_game(talk: Conversation) -> None:
    # "e.g. SET CONCEDE France" in a game of Alpha, Bravo and Charlie.
    seats = started(talk, players=3, seed=1)
    sent = send_orders(talk, seats["ALPHA"], "SET CONCEDE Zulu")
    assert "'Zulu' is not a surviving power of maze; write e.g. SET CONCEDE Bravo" \
        in sent.body, sent.body


def test_the_master_s_examples_name_the_game_s_powers(talk: Conversation) -> None:
    # "write EJECT <power>, e.g. EJECT France" to Algernon's master.
    started(talk, players=3, seed=1)
    told = talk.send(MASTER, "SIGNON Mmaze gmpw\nEJECT\nBECOME\nEND GAME SOON\n")
    assert told is not None
    assert "line 2: EJECT\n    write EJECT <power>, e.g. EJECT Alpha\n" in told.body, told.body
    assert "e.g. BECOME Alpha\n" in told.body, told.body
    assert "e.g. END GAME DRAW Alpha Bravo\n" in told.body, told.body
