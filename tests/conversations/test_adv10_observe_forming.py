"""adv10, as a newcomer: OBSERVE of a game whose observers see all, created a moment ago
(no player yet, nor a full table): the judge reads the board the start would make
(judge.game.observers._position), which must not fail with nobody seated, and the
request waits for the master as in a running game."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import GAME, create
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply, seats

WATCHER = "watcher@example.org"


def test_observe_a_forming_game_with_no_player_waits_for_the_master(
        talk: Conversation) -> None:
    create(talk, "hidden=stab observers_see_all=yes")
    account(talk, WATCHER, "Wat Cher")
    answer = reply(talk, WATCHER, f"OBSERVE {GAME} mine").body
    assert f"Your request to observe {GAME} went to its master" in answer, answer
    assert [s[3] for s in seats(talk, GAME) if s[0] == WATCHER] == ["pending"]
    assert any(m.subject == f"{GAME}: Wat Cher asks to observe" for m in talk.mails_to(MASTER))
