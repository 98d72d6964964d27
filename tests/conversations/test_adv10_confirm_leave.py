"""adv10: a game that hides who plays AND shows its observers more than the public would
have seated an observer on CONFIRM alone: the survival path (judge/commands/seat_requests.py,
take_seat) called observe_game, never asking the master's leave (advsec8, observe26), so a
player's second account confirmed its own OBSERVE and read what his power may not.

No variant combines the two today (survival's visibility is the standard one), so the
game's answer to `needs_leave` is forced here: the check must belong to the seat, not to
the path that reached it.
"""

from __future__ import annotations

import pytest

from judge.game import observers
from tests.conversations.harness import Conversation
from tests.conversations.seat_confirm import seat_code
from tests.conversations.seating_helpers import account, reply, seats

GAME = "beta"
SURVIVAL = "engineered level=advanced survival=yes survival_players=7"
GM = "gm@example.org"
ALICE = "alice@example.org"


def test_confirm_of_an_observe_still_waits_for_the_master(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    account(talk, GM, "Game Master")
    reply(talk, GM, f"CREATE {GAME} gmpw {SURVIVAL}")
    account(talk, ALICE, "Alice")
    monkeypatch.setattr(observers, "needs_leave", lambda session, game: True)
    reply(talk, ALICE, f"OBSERVE {GAME} alice-pw")
    talk.mails_to(GM)
    done = reply(talk, ALICE, f"CONFIRM {seat_code(talk, ALICE)} alice-pw").body
    assert f"Your request to observe {GAME} went to its master" in done, done
    assert "Signed on" not in reply(talk, ALICE, f"SIGNON O{GAME} alice-pw").body
    assert [s[3] for s in seats(talk, GAME) if s[0] == ALICE] == ["pending"]
    asked = [m for m in talk.mails_to(GM) if m.subject == f"{GAME}: Alice asks to observe"]
    assert len(asked) == 1, asked
