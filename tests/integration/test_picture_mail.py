"""A turn report with its picture through the real Postfix into Dovecot, read back over
IMAP (issue #14): the text part first, the PNG inline with its Content-ID, the SVG after."""

from __future__ import annotations

import email
import io
import random
from email.message import EmailMessage
from email.policy import default

import pytest
from PIL import Image

from judge.app import build_judge
from judge.config import Settings
from judge.game.clock import SystemClock
from judge.game.lifecycle import create_game, join_game
from judge.mail.outbound.drawn import draw_pending
from judge.mail.outbound.sender import OutboxSender
from judge.mail.outbound.smtp import SmtpTransport
from judge.store import repo
from judge.store.db import Database
from judge.turns.process import process_and_report
from judge.turns.start import start_and_mail
from tests.integration.conftest import USERS
from tests.mailstack import MailStack

PLAYERS = USERS[2:9]  # alice ... henry but one: seven players


def test_a_report_is_read_back_with_its_picture_inline(
        judge_db: Database, sqlite_url: str, mail: MailStack,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_PICTURES", "on")  # tests/conftest.py turns them off
    settings = Settings(database_url=sqlite_url, judge_address=mail.addr("judge"),
                        domain=mail.domain, smtp_host="127.0.0.1", smtp_port=mail.smtp_port)
    judge = build_judge(settings, db=judge_db)
    with judge_db.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address=mail.addr("master"))
        game = create_game(session, name="alpha", password="gmpw", variant="standard",
                           master=master)
        for user in PLAYERS:
            account = repo.create_account(session, name=user, address=mail.addr(user))
            join_game(session, game, account, "pw", [])
        start_and_mail(session, game, judge.clock, judge.postman, random.Random(1))
        process_and_report(session, game, judge.clock, judge.postman)  # everyone holds
    # The picture stage of `judge serve` draws the reports' PNG, then the sender sends.
    while draw_pending(judge_db):
        pass
    sender = OutboxSender(judge_db, SystemClock(), SmtpTransport(settings))
    assert sender.send_due() == 16  # a start notice and a report for each seat

    notice, report = (parsed(raw) for raw in mail.wait_for("alice", 2))
    assert report["Subject"] == "alpha: Spring 1901 Movement results"
    text, png, svg = report.iter_parts()
    assert text.get_content_type() == "text/plain"
    body = text.get_content().replace("\r\n", "\n")  # `email` keeps the CRLFs it read
    assert body.startswith("Game alpha\n\nStandard Diplomacy: Spring 1901 Movement\n"
                           "Report for: Austria\n")
    assert (png.get_content_type(), png.get_content_disposition(), png.get_filename()) == \
        ("image/png", "inline", "alpha-S1901M.png")
    assert png["Content-ID"] == "<1." + str(report["Message-ID"]).strip("<>") + ">"
    picture = Image.open(io.BytesIO(png.get_content()))
    assert (picture.format, picture.size) == ("PNG", (1140, 888))
    assert (svg.get_content_type(), svg.get_filename()) == ("image/svg+xml", "alpha-S1901M.svg")
    assert svg.get_content().startswith(b"<svg ")
    [_, start_png, _] = notice.iter_parts()
    assert start_png.get_filename() == "alpha-start.png"


def parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=default)
    assert isinstance(message, EmailMessage)
    assert message.get_content_type() == "multipart/mixed"
    return message
