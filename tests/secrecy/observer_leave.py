"""The master's leave for an observer in both games of a twin (judge.commands.observers).

Where observers see more than the public, OBSERVE waits for the master's ALLOW OBSERVER,
which mails the account a password the judge chose, another in each game; the observer then
signs on with it and sets the password the test names, so that later mail is the same.
"""

from __future__ import annotations

import re

from tests.secrecy.twin import Twin

_SIGNON = re.compile(r"SIGNON O(\S+) (\S+)")


def allow_in_twin(twin: Twin, master: tuple[str, str], game: str, address: str,
                  name: str, password: str) -> None:
    """`master`: his address and SIGNON line. ALLOW OBSERVER `name` in both games, then
    the observer's SIGNON with the mailed password and SET PASSWORD `password`."""
    for talk in (twin.a, twin.b):
        talk.mails_to(address)
    answers = twin.send(master[0], f"{master[1]}\nALLOW OBSERVER {name}")
    assert all(f"{name} observes {game} now" in a for a in answers), answers
    mailed = []
    for talk in (twin.a, twin.b):
        told = [m for m in talk.mails_to(address) if m.subject == f"{game}: you observe it"]
        found = _SIGNON.search(told[-1].body) if told else None
        assert found is not None, told
        mailed.append(f"SIGNON O{game} {found.group(2)}\nSET PASSWORD {password}")
    twin.send(address, mailed[0], mailed[1])
