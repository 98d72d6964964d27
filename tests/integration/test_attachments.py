"""A report with files through the real Postfix into Dovecot: the mailbox's copy parses back
to the text first and each file after it, with its type, name and bytes."""

from __future__ import annotations

import email
from email.message import EmailMessage
from email.policy import default

from judge.app import build_judge
from judge.attachment import Attachment
from judge.config import Settings
from judge.game.clock import SystemClock
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport
from judge.store.db import Database
from tests.mailstack import MailStack

PICTURE = Attachment("alpha-S1901M.png", "image/png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)))


def test_a_report_with_a_picture_arrives_in_the_mailbox_whole(
        judge_db: Database, sqlite_url: str, mail: MailStack) -> None:
    settings = Settings(database_url=sqlite_url, judge_address=mail.addr("judge"),
                        domain=mail.domain, smtp_host="127.0.0.1", smtp_port=mail.smtp_port)
    judge = build_judge(settings, db=judge_db)
    with judge_db.unit_of_work() as session:
        judge.postman.send(session, to=[mail.addr("alice")], subject="alpha: Spring 1901",
                           body="Game alpha\n\nGrüße: the map is attached.\n",
                           attachments=[PICTURE])
    assert OutboxSender(judge_db, SystemClock(), SmtpTransport(settings)).send_due() == 1

    [raw] = mail.wait_for("alice", 1)
    message = email.message_from_bytes(raw, policy=default)
    assert isinstance(message, EmailMessage)
    assert message.get_content_type() == "multipart/mixed"
    text, picture = message.iter_parts()
    assert text.get_content().replace("\r\n", "\n") == \
        "Game alpha\n\nGrüße: the map is attached.\n"
    assert (picture.get_filename(), picture.get_content_type(),
            picture.get_payload(decode=True)) == tuple(PICTURE)[:3]
