"""A player never observes his own game (issue #13 item 6): Secret Envoy with
`observers_see_all`, where an observer's seat shows every diplomat (docs/variants/envoy.md).

Observers are never seats in the same game; the master sees everything; a reader without a
seat (no SIGNON) is shown only what the rules make public (rule 11: armies and fleets, not
diplomats that met no other player's).
"""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, create, join, placed
from tests.conversations.harness import Conversation
from tests.conversations.observer_helpers import let_observe
from tests.conversations.seating_helpers import MASTER, account, reply, seats

SEE_ALL = "secret observers_see_all=yes"
WATCHER = "watcher@example.org"
# Germany's placement (envoy_setup.placed): Denmark's diplomat meets nothing of France's.
HIDDEN_PLACEMENT = "Germany:  BUILD D Denmark."


def test_a_player_is_refused_an_observer_seat_in_his_running_game(
        talk: Conversation) -> None:
    placed(talk, SEE_ALL)
    answer = reply(talk, ANN, "OBSERVE beta watchpw")
    assert answer.subject == "[errors] Re: commands"
    assert ("you play in beta, so you cannot also observe it: an observer may be shown what "
            "your power may not see.") in answer.body
    assert [role for address, role, _, _ in seats(talk, GAME) if address == ANN] == ["player"]
    # Signing on as an observer with that password opens nothing.
    assert "wrong password for O in beta" in reply(talk, ANN, "SIGNON Obeta watchpw\n"
                                                              "HISTORY beta").body


def test_a_player_of_a_forming_game_is_refused_an_observer_seat(talk: Conversation) -> None:
    create(talk, f"hidden={SEE_ALL}")
    join(talk, ANN, "F")
    answer = reply(talk, ANN, "OBSERVE beta watchpw")
    assert "you play in beta, so you cannot also observe it" in answer.body
    assert [role for address, role, _, _ in seats(talk, GAME) if address == ANN] == ["player"]


def test_an_observer_who_joins_gives_up_his_observer_seat(talk: Conversation) -> None:
    create(talk, f"hidden={SEE_ALL}")
    account(talk, ANN)
    watchpw = let_observe(talk, MASTER, GAME, "gmpw", ANN)  # the master's leave: observe26
    joined = join(talk, ANN, "F").body
    assert ("Your observer seat in beta is given up: a player does not observe his own "
            "game") in joined
    assert [role for address, role, _, _ in seats(talk, GAME) if address == ANN] == ["player"]
    join(talk, BOB, "G")
    talk.mails_to(ANN)
    reply(talk, ANN, "SIGNON Fbeta pw-a\nBuild D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    reply(talk, BOB, "SIGNON Gbeta pw-b\nBuild D Aus\nBuild D Aus\nBuild D Den\nBuild D Hol")
    reports = [m for m in talk.mails_to(ANN) if "Report for:" in m.body]
    # One report, France's: no observer's copy showing Germany's diplomats.
    assert len(reports) == 1 and "Report for: France" in reports[0].body
    assert HIDDEN_PLACEMENT not in reports[0].body
    assert "wrong password for O in beta" in reply(talk, ANN, f"SIGNON Obeta {watchpw}").body


def test_history_without_signon_shows_only_public_facts(talk: Conversation) -> None:
    placed(talk, SEE_ALL)
    account(talk, "stranger@example.org")
    for reader in (ANN, BOB, "stranger@example.org"):
        unsigned = reply(talk, reader, "HISTORY beta").body
        assert "Report for: Public" in unsigned
        assert HIDDEN_PLACEMENT not in unsigned and "Denmark" not in unsigned, reader
    # The seats that may see it still do: the master, and an observer of this game.
    master = reply(talk, MASTER, "SIGNON Mbeta gmpw\nHISTORY beta").body
    assert HIDDEN_PLACEMENT in master
    account(talk, WATCHER)
    seepw = let_observe(talk, MASTER, GAME, "gmpw", WATCHER)
    observer = reply(talk, WATCHER, f"SIGNON Obeta {seepw}\nHISTORY beta").body
    assert "Report for: Observer" in observer and HIDDEN_PLACEMENT in observer


def test_board_without_signon_hides_the_diplomats(talk: Conversation) -> None:
    placed(talk, SEE_ALL)
    board = reply(talk, ANN, "BOARD beta").body
    assert "Board for: Public" in board and "Denmark" not in board
    signed = reply(talk, ANN, "SIGNON Fbeta pw-a\nBOARD beta").body
    assert "Board for: France" in signed and "D Denmark" not in signed


def test_signon_join_and_replace_give_up_the_observer_seat(talk: Conversation) -> None:
    create(talk, f"hidden={SEE_ALL}")
    account(talk, ANN)
    let_observe(talk, MASTER, GAME, "gmpw", ANN)
    joined = reply(talk, ANN, "SIGNON ?beta pw-a").body
    assert "Your observer seat in beta is given up" in joined
    join(talk, BOB, "G")
    # The master gives Germany to Cat, who observes the game: she plays it, no longer
    # observes it.
    cat = "cat@example.org"
    account(talk, cat)
    catwatch = let_observe(talk, MASTER, GAME, "gmpw", cat)
    reply(talk, MASTER, "SIGNON Mbeta gmpw\nEJECT Germany\nREPLACE Germany cat@example.org "
                        "catplays")
    assert [role for address, role, _, status in seats(talk, GAME)
            if address == cat and status == "active"] == ["player"]
    assert "wrong password for O in beta" in reply(talk, cat, f"SIGNON Obeta {catwatch}").body
