"""JOIN and OBSERVE of a game that hides who plays, confirmed: the reply carries the code
(judge/commands/seat_requests.py), and CONFIRM <code> takes the seat."""

from __future__ import annotations

import re

from tests.conversations.harness import Conversation, Mail
from tests.secrecy.twin import Twin

CODE = re.compile(r"CONFIRM (c\d+-[a-z2-7]{16})")


def code_in(reply: str) -> str:
    """The code a reply to a JOIN or OBSERVE asks to send back."""
    found = CODE.search(reply)
    assert found is not None, reply
    return found.group(1)


def confirmed(talk: Conversation, sender: str, line: str) -> Mail:
    """`line`, a JOIN or OBSERVE, from `sender`, then its CONFIRM; the reply to that."""
    asked = talk.send(sender, line)
    assert asked is not None
    answer = talk.send(sender, f"CONFIRM {code_in(asked.body)}")
    assert answer is not None
    return answer


def twin_confirmed(twin: Twin, sender: str, line: str) -> tuple[str, str]:
    """`line` from `sender` to both games, then each game's CONFIRM; the replies to those."""
    asked = twin.send(sender, line)
    return twin.send(sender, f"CONFIRM {code_in(asked[0])}", f"CONFIRM {code_in(asked[1])}")
