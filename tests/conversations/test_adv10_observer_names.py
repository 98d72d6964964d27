"""adv10: an account's name is free text, so a forger may call his account by another's
address. ALLOW OBSERVER <address> then found two requests (the address of one, the name
of the other) and told the master to name him 'by his address, as OBSERVERS shows it',
which was what he had done: the real requester could be seated by his name only.
An address names the account whose address it is (judge.game.observers.find_observer)."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import GAME, envoy_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply, seats

SEE_ALL = "stab observers_see_all=yes"
WATCHER = "watcher@example.org"
FORGER = "forger@example.org"
GM = "SIGNON Mbeta gmpw"


def test_an_address_names_its_account_not_an_account_named_like_it(
        talk: Conversation) -> None:
    envoy_game(talk, SEE_ALL)
    account(talk, WATCHER, "Wat Cher")
    account(talk, FORGER, WATCHER)  # his name is the watcher's address
    reply(talk, FORGER, f"OBSERVE {GAME} mine")
    reply(talk, WATCHER, f"OBSERVE {GAME} mine")
    answer = reply(talk, MASTER, f"{GM}\nALLOW OBSERVER {WATCHER}").body
    assert "Wat Cher observes beta now" in answer, answer
    status = {who: st for who, role, _, st in seats(talk, GAME) if role == "observer"}
    assert status == {WATCHER: "active", FORGER: "pending"}, status
