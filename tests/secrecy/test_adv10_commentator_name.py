"""adv10: the commentator was kept by his account's NAME (judge/game/commentator.py
`commentator_seat`: the first active observer whose name matches), and an account's
name is free text that any account may take (REGISTER's `name:`). An older observer
who renames his account to the commentator's name then gets the copy of every piece of
press between players in his place: a player's second account reads his rivals' press.

Fixed at the merge: the setting keeps the account's id too (judge/game/settings.py
`commentator_account`), and commentator_seat finds him by it."""

from __future__ import annotations

from tests.conversations.account_guard import CONFIRM_SUBJECT, code_in, only
from tests.conversations.harness import Conversation
from tests.variants.engineered.test_commentator import (
    READER,
    WRITER,
    _game,
    _judge_sent,
    _master,
    _press,
)


def test_an_observer_renamed_as_the_commentator_reads_no_press(talk: Conversation) -> None:
    seats = _game(talk)  # O1 (WRITER) observes first, then O2 (READER)
    assert "O2 is the commentator" in _master(talk, "SET COMMENTATOR o2").body
    talk.mails_to(WRITER)
    talk.send(WRITER, "REGISTER\nname: O2\nEND")  # his own mailbox confirms it
    code = code_in(only(talk.mails_to(WRITER), CONFIRM_SUBJECT))
    renamed = talk.send(WRITER, code)
    assert renamed is not None
    assert "O2" in renamed.body, renamed.body
    _judge_sent(talk, WRITER)
    _judge_sent(talk, READER)
    _press(talk, seats, "RUSSIA", "PRESS TO Turkey", "Black Sea stays empty?")
    # Today the renamed O1 gets the copy, and O2, appointed, none.
    assert [m.subject for m in _judge_sent(talk, WRITER)] == []
    assert [m.subject for m in _judge_sent(talk, READER)] == [
        "alpha: press from Russia (commentator's copy)"]
