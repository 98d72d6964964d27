"""The master's leave for an observer (judge.commands.observers): ask, allow, sign on.

    password = let_observe(talk, "gm@example.org", "beta", "gmpw", "watcher@example.org")

The watcher (registered) asks with OBSERVE; the master, signed on, ALLOWs him by his
account name; the seat's password is read from the mail the judge sends him.
"""

from __future__ import annotations

import re

from judge.store import repo
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import reply

_SIGNON = re.compile(r"SIGNON O(\S+) (\S+)")


def name_of(talk: Conversation, address: str) -> str:
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, address)
        assert account is not None, address
        return account.name


def allow(talk: Conversation, master: str, game: str, gm_password: str, address: str) -> str:
    """ALLOW OBSERVER for the account of `address`; the password mailed to it."""
    talk.mails_to(address)
    answer = reply(talk, master, f"SIGNON M{game} {gm_password}\n"
                                 f"ALLOW OBSERVER {name_of(talk, address)}")
    assert "observes" in answer.body and "password went to" in answer.body, answer.body
    told = [m for m in talk.mails_to(address) if m.subject == f"{game}: you observe it"]
    assert len(told) == 1, told
    found = _SIGNON.search(told[0].body)
    assert found is not None and found.group(1) == game, told[0].body
    return found.group(2)


def let_observe(talk: Conversation, master: str, game: str, gm_password: str,
                address: str) -> str:
    """OBSERVE from `address`, which waits for the master; his ALLOW; the seat's password."""
    asked = reply(talk, address, f"OBSERVE {game} asked-pw").body
    assert f"Your request to observe {game} went to its master" in asked, asked
    return allow(talk, master, game, gm_password, address)
