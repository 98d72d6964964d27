"""A turn reopened by ROLLBACK waits for a message or its deadline, not the next sweep."""

from __future__ import annotations

from judge.game.games import find_game
from judge.game.rollback import rollback
from judge.store.db import Database
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import HOLDS


def _phase(talk: Conversation) -> str:
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "alpha"))
        assert turn is not None
        return turn.phase


def test_the_sweep_does_not_replay_a_rolled_back_turn(database: Database) -> None:
    talk = Conversation(database)
    players = started_game(talk)
    for player in players.values():
        talk.send(player.address, f"{player.signon()}\n{HOLDS[player.power]}\n")
    assert _phase(talk) == "F1901M"  # every set complete: processed at once
    with talk.judge.db.unit_of_work() as session:
        rollback(session, find_game(session, "alpha"), talk.clock, None)
    assert _phase(talk) == "S1901M"
    # Every set is still complete, yet the sweep leaves the reopened turn alone ...
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []
    assert _phase(talk) == "S1901M"
    # ... until a player's message (or the deadline, or the master's PROCESS) moves it.
    france = players["FRANCE"]
    talk.send(france.address, f"{france.signon()}\nA par H\n")
    assert _phase(talk) == "F1901M"
