"""A seat acted for from an older address of its owner's is told at the address the mail
goes to now (adv1 t5_old): an old mailbox may have passed to someone else, and the owner
no longer reads it."""

from __future__ import annotations

from tests.conversations.account_guard import (
    CONFIRM_SUBJECT,
    accounts,
    answer,
    code_in,
    only,
    prove,
)
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation

NEW = "france-new@example.net"
ACTED = "alpha: another address acted for you"


def test_a_password_used_from_an_old_address_is_told_at_the_new_one(
        talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    answer(talk, france.address, f"SET ADDRESS {NEW}")
    answer(talk, france.address, code_in(only(talk.mails_to(france.address),
                                              CONFIRM_SUBJECT)))
    prove(talk, NEW)
    assert accounts(talk)[5][2] == [france.address, NEW]
    talk.mails_to(france.address)
    answer(talk, france.address, f"{france.signon()}\nA Par - Pic")
    notice = only(talk.mails_to(NEW), ACTED)
    assert f"A message from {france.address} (subject: 'commands') acted for your seat " \
           "(France in alpha)" in notice.body
    # From where the mail goes, nobody else acted: no notice.
    answer(talk, NEW, f"{france.signon()}\nA Par - Bur")
    assert ACTED not in [m.subject for m in talk.mails_to(NEW)]
