"""SIGNON in a batch of order messages (issue #18): the game named is looked up once per
transaction, the seat's lock-out read in one query, and a right password remembered by
the process, while a wrong one still costs scrypt and counts towards the lock-out."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from judge.game import passwords
from judge.mail.inbound import pipeline
from judge.store.models import PasswordFailure
from tests.conversations.account_guard import answer
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation, raw_message
from tests.statements import Chosen, statements_on

ORDERS = ("A Par - Bur", "A Mar - Spa", "F Bre - Mid-Atlantic Ocean")


def _reads_of(table: str) -> Chosen:
    return lambda statement: statement.startswith("SELECT") and f"FROM {table}" in statement


def _failures(talk: Conversation) -> int:
    with talk.judge.db.unit_of_work() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(PasswordFailure)) or 0


def test_a_batch_of_signons_reads_the_game_once_and_the_lock_out_once_a_message(
        talk: Conversation) -> None:
    players = started_game(talk)
    ids = [pipeline.receive(talk.judge, raw_message(
        player.address, f"SIGNON {power[0]}alpha {player.password}\n{ORDERS[0]}"))[0]
        for power, player in players.items() if power in ("FRANCE", "ENGLAND", "ITALY")]
    with statements_on(talk.judge.db.engine, _reads_of("games")) as games, \
            statements_on(talk.judge.db.engine, _reads_of("password_failures")) as failures:
        pipeline.process_batch(talk.judge, ids)
    # Was one a message. On PostgreSQL each message's orders take the game's lock, which
    # forgets what the transaction read (another worker may have changed it).
    sqlite = talk.judge.db.engine.dialect.name == "sqlite"
    assert len(games) == (1 if sqlite else 3), games
    assert len(failures) == 3  # was two a message: the seat's, then its account's
    for power in ("FRANCE", "ENGLAND", "ITALY"):
        reply = talk.mails_to(players[power].address)[-1]
        assert f"Signed on as {power.title()} in alpha." in reply.body, reply.body


def test_a_remembered_password_spares_scrypt_but_a_wrong_one_is_checked_and_counted(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    france = started_game(talk)["FRANCE"]
    checked: list[str] = []
    real = passwords._scrypt

    def counting(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        checked.append(password)
        return real(password, salt, n, r, p)

    monkeypatch.setattr(passwords, "_scrypt", counting)
    right = f"SIGNON Falpha {france.password}"
    for _ in range(2):
        assert "Signed on as France in alpha." in answer(talk, france.address, right).body
    assert checked.count(france.password) <= 1  # the second, if not the first, remembered
    before = len(checked)
    wrong = answer(talk, france.address, "SIGNON Falpha guess")
    assert "wrong password for F in alpha" in wrong.body
    assert checked[before:] == ["guess"] and _failures(talk) == 1
    changed = answer(talk, france.address, f"{right}\nSET PASSWORD n3w-Secret")
    assert "is changed" in changed.body
    # The old password, remembered as right, no longer matches the new hash: checked
    # again, refused and counted.
    before = len(checked)
    old = answer(talk, france.address, right)
    assert "wrong password for F in alpha" in old.body
    assert checked[before:] == [france.password] and _failures(talk) == 2
    assert "Signed on as France in alpha." in answer(
        talk, france.address, "SIGNON Falpha n3w-Secret").body
