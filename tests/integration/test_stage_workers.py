"""A stage before a deadline opens once, however many workers sweep the game at its
moment (judge/game/stages.py, issue #15 item D2): the opening is written under the game's
lock, in the transaction that mails its notice, so a second worker either skips the held
game or finds it opened."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from judge.store import repo, repo_games
from judge.store.db import Database, upgrade
from judge.turns.deadlines import sweep_one
from tests.conversations.harness import Conversation
from tests.variants.folder_games import FOLDERS, MASTER, started
from tests.variants.test_stages import OPENS

OPENED = "alpha S1901M: auction opened"


@pytest.fixture
def talk(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    upgrade(postgres_url)
    db = Database(postgres_url)
    yield Conversation(db)
    db.dispose()


def _notices(talk: Conversation, address: str) -> int:
    return len([m for m in talk.mails_to(address) if "auction is open" in m.subject])


def test_a_worker_holding_the_game_keeps_the_other_from_opening_it_twice(
        talk: Conversation) -> None:
    seats = started(talk, "auction")
    talk.clock.set(OPENS)
    db, postman = talk.judge.db, talk.judge.postman
    with db.unit_of_work() as held:
        game = repo.game_by_name(held, "alpha")
        assert game is not None
        game_id = game.id
        repo_games.locked_game(held, game)
        busy: set[int] = set()
        assert sweep_one(db, game_id, talk.clock, postman, busy=busy) == []
        assert busy == {game_id}
    done: list[list[str]] = []
    workers = [threading.Thread(target=lambda: done.append(
        sweep_one(db, game_id, talk.clock, postman))) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=10.0)
    assert sorted(line for lines in done for line in lines if "auction" in line) == [OPENED]
    for address in (seats["NORTH"][0], seats["SOUTH"][0], MASTER):
        assert _notices(talk, address) == 1
