"""The abuse limits: message size, messages per address per hour, commands per message."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage

from judge.store.db import Database
from judge.store.models import InboxState
from tests.conversations.harness import JUDGE, Conversation, raw_message


def test_a_message_over_the_size_limit_is_answered_not_read(database: Database) -> None:
    talk = Conversation(database, max_message_bytes=2048)
    raw = raw_message("alice@example.org", "HELP\n" + "x" * 4000)
    reply = talk.deliver(raw)
    assert reply is not None
    # 4 KB of body and the headers: "4 KB", over the 2 KB limit.
    assert "Your message is 4 KB, more than the 2 KB this judge reads" in reply.body
    assert "Done" not in reply.body  # HELP was not run
    assert talk.send("alice@example.org", "HELP") is not None  # small ones still work


def test_the_hourly_limit_answers_once_then_stays_silent(database: Database) -> None:
    talk = Conversation(database, messages_per_hour=3)
    for _ in range(3):
        reply = talk.send("flood@example.org", "HELP")
        assert reply is not None and "1 done" in reply.body
    fourth = talk.send("flood@example.org", "HELP")
    assert fourth is not None
    assert "You have sent 4 messages in the last hour" in fourth.body
    assert "at most 3 an hour" in fourth.body
    assert talk.send("flood@example.org", "HELP") is None
    assert talk.last_inbox() == (InboxState.DROPPED,
                           "rate limit: 5 messages from flood@example.org within an hour")
    # Someone else is not held back by the flood.
    assert talk.send("calm@example.org", "HELP") is not None
    talk.clock.advance(timedelta(hours=1, seconds=1))
    later = talk.send("flood@example.org", "HELP")
    assert later is not None and "1 done" in later.body


def test_too_many_commands_in_one_message_does_nothing(database: Database) -> None:
    talk = Conversation(database, max_commands=5)
    body = "REGISTER\nname: Alice\nEND\n" + "LIST\n" * 5
    reply = talk.send("alice@example.org", body)
    assert reply is not None
    assert ("Your message has 6 commands and orders; this judge takes at most 5 in one "
            "message") in reply.body
    whoami = talk.send("alice@example.org", "WHOAMI")
    assert whoami is not None and "not registered" in whoami.body  # REGISTER did not run


def test_a_ten_megabyte_attachment_gets_the_size_reply(talk: Conversation) -> None:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "al@example.org", JUDGE, "orders"
    message.set_content("HELP")
    message.add_attachment(bytes(10 * 1024 * 1024), maintype="application",
                           subtype="octet-stream", filename="map.bin")
    reply = talk.deliver(message.as_bytes())
    assert reply is not None
    # Base64 makes 10 MiB 4/3 as big (13,981,014 octets), plus a LF per 76-character line
    # (183,961): 14,164,975 octets, 13.5 MiB, against the 5.0 MiB limit.
    assert "Your message is 13.5 MB, more than the 5.0 MB this judge reads" in reply.body
