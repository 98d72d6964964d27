"""Adversary advsec8 on the message headers, which the twin harness (tests/secrecy/twin.py)
compares only after masking what is random or time-based by design: Message-ID (and the
ids in In-Reply-To and References), Date, the MIME boundary; nor does it read a part's own
header lines. A field derived from something secret (a count, a hidden unit's row, a
sequence shared across players) would hide behind that mask, so here the raw mail France
receives in Stab Envoy (Germany's army in Munich, game A, or unseen in Tyrolia, game B:
tests/secrecy/test_envoy_items.py `tyrolia`, the Fall after it, a retreat too:
test_adv8_retreat_unordered.py) is read field by field:

- every Message-ID the judge writes is 128 random bits (judge/mail/outbound/compose.py
  `_own_id`) and none repeats, across both games;
- a boundary is `=_judge_` and 96 random bits (attachments.py `_boundary`), and a part's
  Content-ID is its number and the message's own id (`_content_id`);
- Date is the frozen clock's in both games, mail by mail;
- every other header line of the message and of each part is the same bytes in both."""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Callable
from email.message import Message

import pytest
import sqlalchemy as sa

from judge.mail.outbound.attachments import with_attachments
from judge.store.db import Database
from judge.store.models import OutboxMessage
from tests.conversations.harness import Conversation
from tests.pictures.mailed import as_sent
from tests.secrecy.test_adv8_retreat_unordered import _hemmed_in
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, Script, autumn, tyrolia

OWN_ID = re.compile(r"<[0-9a-f]{32}@example\.org>")
BOUNDARY = re.compile(r'multipart/mixed; boundary="=_judge_[0-9a-f]{24}"')
TOKEN = re.compile(r"judge\+(s\d+|p\d+-\d+)-[a-z2-7]{16}@example\.org")
_RANDOM = {"message-id", "date", "in-reply-to", "references", "content-type", "content-id",
           "reply-to"}


def _mail(talk: Conversation, address: str) -> list[Message]:
    with talk.judge.db.unit_of_work() as session:
        rows = session.scalars(sa.select(OutboxMessage).order_by(OutboxMessage.id)).all()
        return [email.message_from_bytes(with_attachments(r.message, as_sent(r)),
                                         policy=email.policy.compat32)
                for r in rows if address in r.recipients]


def _fixed(message: Message) -> list[list[tuple[str, str]]]:
    """Each part's header lines (the message's first) but those checked for their form."""
    return [[(k, v) for k, v in part.items() if k.lower() not in _RANDOM]
            + [("Content-Type", part.get_content_type())] for part in message.walk()]


def _ids(message: Message) -> list[str]:
    own = message["Message-ID"]
    thread = re.findall(r"<[^<>]*>", f"{message['In-Reply-To'] or ''} "
                                      f"{message['References'] or ''}")
    return [own, *(i for i in thread if not i.endswith("@players.example>")
                   and i != "<game.beta@example.org>")]


def _check(script: Script) -> None:
    address = script.france.address
    games = [_mail(talk, address) for talk in (script.twin.a, script.twin.b)]
    assert len(games[0]) == len(games[1]) > 5
    own: list[str] = []
    for a, b in zip(*games, strict=True):
        for message in (a, b):
            assert OWN_ID.fullmatch(message["Message-ID"]), message["Message-ID"]
            own.append(message["Message-ID"])
            if message.is_multipart():
                assert BOUNDARY.fullmatch(" ".join(message["Content-Type"].split())), \
                    message["Content-Type"]
                stem = message["Message-ID"].strip("<>")
                cids = [p["Content-ID"] for p in message.walk() if p["Content-ID"]]
                assert cids == [f"<{n}.{stem}>" for n in range(1, len(cids) + 1)], cids
        assert a["Date"] == b["Date"]
        # A seat's token: its number and an 80-bit mac under the seat's random secret
        # (judge/mail/reply_tokens.py); a press token's number is permuted under it too.
        tokens = [TOKEN.fullmatch(m["Reply-To"] or "") for m in (a, b)]
        assert all(tokens), (a["Reply-To"], b["Reply-To"])
        seats = [t.group(1) for t in tokens if t]
        assert seats[0] == seats[1] or seats[0].startswith("p"), seats
        assert _fixed(a) == _fixed(b)
        # A thread names France's own messages and the game's root, or the judge's mail
        # to France, never another reader's.
        assert set(_ids(a)[1:]) <= set(own) and set(_ids(b)[1:]) <= set(own)
    assert len(own) == len(set(own))


def _stab_fall(databases: tuple[Database, Database]) -> Script:
    script = tyrolia(databases, "stab")
    autumn(script, FRANCE_TAKES_SPAIN)
    script.france_writes("MAP")
    return script


def _retreat(databases: tuple[Database, Database]) -> Script:
    script = _hemmed_in(databases)
    script.france_writes("A bur-bel\nMAP")
    return script


@pytest.mark.parametrize("play", [_stab_fall, _retreat])
def test_frances_headers_tell_nothing_the_twin_masks(
        databases: tuple[Database, Database],
        play: Callable[[tuple[Database, Database]], Script]) -> None:
    _check(play(databases))
