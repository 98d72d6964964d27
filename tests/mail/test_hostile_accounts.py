"""The corpus's account cases with their victims registered (hostile_corpus_accounts.py).

Each case gets a fresh judge, on both backends, on which its From address has an account
and the game VAULT runs. Whatever the forged message asks, the account stays as it was,
nothing is mailed to any address but the victim's, and password guesses stop being
checked after two.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from judge.store import repo
from judge.store.models import InboxState, OutboxMessage
from tests.conversations.account_guard import CONFIRM_SUBJECT, accounts
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.mail.hostile_corpus_accounts import ACCOUNT_CASES, GUARDED, VAULT
from tests.mail.hostile_mail import Case, Replied
from tests.mail.test_hostile import deliver

VICTIM = "Victim"


def _recipients(talk: Conversation) -> set[str]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage)).all()
        return {address for row in rows for address in row.recipients}


def test_every_guarded_case_has_an_expectation() -> None:
    assert set(GUARDED) == {case.name for case in ACCOUNT_CASES}
    assert len(ACCOUNT_CASES) >= 12


@pytest.mark.parametrize("case", ACCOUNT_CASES, ids=[c.name for c in ACCOUNT_CASES])
def test_a_forged_message_changes_no_account(talk: Conversation, case: Case) -> None:
    started_game(talk, VAULT)
    with talk.judge.db.unit_of_work() as session:
        repo.create_account(session, name=VICTIM, address=case.address)
    before, outbox_before = accounts(talk), _recipients(talk)
    state, error, reply = deliver(talk, case.raw)
    assert state == InboxState.DONE, error
    assert reply is not None and reply.to == (case.address,)
    for wanted in GUARDED[case.name]:
        assert wanted in reply.body, (case.name, reply.body[:3000])
    assert isinstance(case.expect, Replied)
    for unwanted in case.expect.absent:
        assert unwanted not in reply.body, (case.name, reply.body[:3000])
    assert accounts(talk) == before
    # Only the victim hears of it: a confirmation at most, nothing for the attacker.
    assert _recipients(talk) - outbox_before == {case.address}
    asked = [m for m in talk.mails_to(case.address) if m.subject == CONFIRM_SUBJECT]
    assert len(asked) == (1 if "Waiting for confirmation" in reply.body else 0)
