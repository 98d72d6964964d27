"""A variant's own report section, by mail: `pictured` (tests/reports/pictured/, defined
only in tests) adds a section to the common frame and attaches each reader's own file; the
report goes out as multipart/mixed through the outbox sender and is parsed back."""

from __future__ import annotations

import email
import mailbox
import shutil
from collections.abc import Iterator
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest

from judge.mail.outbound.maildir import MaildirTransport
from judge.mail.outbound.sender import OutboxSender
from judge.store.db import Database
from judge.variant_loader import variants_root
from tests.conversations.deadlines import HOLDS
from tests.conversations.game_setup import started_game
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER

HERE = Path(__file__).resolve().parent / "pictured"
SUBJECT = "alpha: Spring 1901 Movement results"


@pytest.fixture
def pictured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A variants folder holding the standard map and `pictured`: standard's variant.toml
    under another name, with the rules.py and templates of tests/reports/pictured/."""
    root = tmp_path / "variants"
    (root / "pictured").mkdir(parents=True)
    (root / "standard").symlink_to(variants_root() / "standard")
    spec = (variants_root() / "standard" / "variant.toml").read_text()
    # Its map stays the standard one (`map = "standard"`).
    (root / "pictured" / "variant.toml").write_text(
        spec.replace('name = "standard"\ntitle = "Standard Diplomacy"',
                     'name = "pictured"\ntitle = "Pictured Diplomacy"', 1))
    shutil.copy(HERE / "rules.py", root / "pictured" / "rules.py")
    (root / "pictured" / "templates").symlink_to(HERE / "templates")
    monkeypatch.setenv("JUDGE_VARIANTS", str(root))
    yield


def sent_reports(talk: Conversation, maildir: Path) -> dict[str, EmailMessage]:
    """Every queued message through the sender into a Maildir, read back: each report
    by its recipient."""
    transport = MaildirTransport(maildir)
    while OutboxSender(talk.judge.db, talk.clock, transport).send_due():
        pass
    out = {}
    for stored in mailbox.Maildir(maildir, create=False):
        message = email.message_from_bytes(stored.as_bytes(), policy=default)
        assert isinstance(message, EmailMessage)
        if message["Subject"] == SUBJECT:
            out[str(message["To"])] = message
    return out


def test_a_variant_section_and_its_file_reach_each_reader(
        database: Database, pictured: None, tmp_path: Path) -> None:
    talk = Conversation(database)
    players = started_game(talk, variant="pictured")
    for power, player in players.items():
        talk.send(player.address, "\n".join([player.signon(), *HOLDS[power]]))
    reports = sent_reports(talk, tmp_path / "outbox")

    france = reports[players["FRANCE"].address]
    assert france.get_content_type() == "multipart/mixed"
    text, picture = france.iter_parts()
    body = text.get_content().replace("\r\n", "\n")
    assert body.startswith("Game alpha\n\nPictured Diplomacy: Spring 1901 Movement\n"
                           "Report for: France\n")
    # The section sits where the frame's slot is: after the orders (no centres counted
    # in a Spring), before the footer.
    assert ("Turkey:   A Smyrna HOLD.\n\n"
            "The board you see (22 units) is attached: board-S1901M-france.txt\n\n"
            "The next phase is Fall 1901 Movement.\n") in body
    assert (picture.get_filename(), picture.get_content_type()) == \
        ("board-S1901M-france.txt", "text/plain")
    data = picture.get_payload(decode=True)
    assert isinstance(data, bytes)
    lines = data.decode().splitlines()
    assert lines[0] == "The board as FRANCE sees it"
    assert "FRANCE F bre" in lines and "TURKEY A smy" in lines and len(lines) == 23

    [master_picture] = list(reports[MASTER].iter_parts())[1:]
    assert master_picture.get_filename() == "board-S1901M-master.txt"
