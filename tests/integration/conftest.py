"""The real mail stack (tests/mailstack.py): one per session, emptied before each test.

Where it cannot run (not root, packages missing) its tests skip with the reason, except
under CI (env CI set), where .ci/run installs the packages: a green CI must mean they ran.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from judge.app import Judge, build_judge
from judge.store.db import Database
from tests.integration.poller_helpers import settings_for
from tests.mailstack import MailStack

USERS = ("judge", "master", "alice", "bob", "carol", "dave", "erin", "frank", "grace", "henry")
DOMAIN = "example.test"


def require(reason: str | None) -> None:
    """Skip (fail under CI) when reason says something the tests need is missing."""
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must install the mail packages (.ci/run)", pytrace=False)
    pytest.skip(reason)


def require_program(name: str) -> str:
    path = shutil.which(name)
    require(None if path else f"{name} not installed (apt-get install {name})")
    assert path is not None
    return path


def _run(users: tuple[str, ...], *, tls: bool = False) -> Iterator[MailStack]:
    require(MailStack.available(tls))
    stack = MailStack(users=users, domain=DOMAIN, tls=tls).start()
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture(scope="session")
def mail_stack() -> Iterator[MailStack]:
    yield from _run(USERS)


@pytest.fixture
def mail(mail_stack: MailStack) -> MailStack:
    mail_stack.reset()
    return mail_stack


@pytest.fixture(scope="session")
def mail_stack_tls() -> Iterator[MailStack]:
    yield from _run(("judge", "alice"), tls=True)


@pytest.fixture
def mail_tls(mail_stack_tls: MailStack) -> MailStack:
    mail_stack_tls.reset()
    return mail_stack_tls


@pytest.fixture
def judge_db(sqlite_head_url: str) -> Iterator[Database]:
    """A fresh SQLite database at the newest revision."""
    db = Database(sqlite_head_url)
    yield db
    db.dispose()


@pytest.fixture
def judge(sqlite_head_url: str, mail: MailStack) -> Iterator[Judge]:
    """A judge on a fresh SQLite database, its IMAP settings pointing at judge's mailbox."""
    db = Database(sqlite_head_url)
    try:
        yield build_judge(settings_for(mail, sqlite_head_url), db=db)
    finally:
        db.dispose()
