"""The sender's account is looked up once per worker transaction (identity.sender_account,
issue #18): a batch's second message from an address finds it without the query, and an
address moved to another account or an account deleted meanwhile is looked up again."""

from __future__ import annotations

import pytest

from judge.mail.inbound import pipeline
from judge.mail.inbound.identity import sender_account
from judge.store import repo
from judge.store.db import Database
from judge.store.models import Account, AccountAddress
from tests.conversations.harness import Conversation, raw_message

ALICE = "alice@example.org"


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The addresses the account query was run for."""
    seen: list[str] = []
    query = repo.account_by_address

    def counted(session: object, address: str) -> Account | None:
        seen.append(address)
        return query(session, address)  # type: ignore[arg-type]

    monkeypatch.setattr(repo, "account_by_address", counted)
    return seen


def _accounts(database: Database) -> tuple[int, int]:
    with database.unit_of_work() as s:
        alice = repo.create_account(s, name="Alice", address=ALICE)
        bob = repo.create_account(s, name="Bob", address="bob@example.org")
        return alice.id, bob.id


def test_a_batch_looks_each_sender_up_once(database: Database, lookups: list[str]) -> None:
    talk = Conversation(database)
    _accounts(database)
    raws = [raw_message(ALICE, "WHOAMI"), raw_message("Alice <ALICE@example.org>", "WHOAMI"),
            raw_message("bob@example.org", "WHOAMI")]
    pipeline.receive_many(talk.judge, raws)
    pipeline.process_pending(talk.judge)
    assert lookups == [ALICE, "bob@example.org"]  # was one query for each message
    replies = talk.mails_to(ALICE)
    assert len(replies) == 2 and all("Alice" in mail for mail in replies)


def test_an_address_moved_to_another_account_is_looked_up_again(database: Database) -> None:
    alice_id, bob_id = _accounts(database)
    with database.unit_of_work() as s:
        assert sender_account(s, ALICE) is s.get(Account, alice_id)
        alice, bob = s.get_one(Account, alice_id), s.get_one(Account, bob_id)
        alice.addresses.remove(alice.addresses[0])
        s.flush()
        bob.addresses.append(AccountAddress(address=ALICE, verified=True))
        assert sender_account(s, "Alice@Example.org") is bob


def test_an_account_deleted_is_no_longer_found(database: Database) -> None:
    alice_id, _ = _accounts(database)
    with database.unit_of_work() as s:
        assert sender_account(s, ALICE) is not None
        s.delete(s.get_one(Account, alice_id))
        assert sender_account(s, ALICE) is None
