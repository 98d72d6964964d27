"""`judge mail run FILE.eml…`: raw messages through the whole pipeline, the mail it made shown.

The .eml files are in tests/fixtures/mail; every run is a real process on a SQLite file.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from judge.game.clock import ManualClock
from judge.store import repo
from judge.store.db import Database, upgrade
from tests.conversations.cli import errors_of, judge
from tests.conversations.deadlines import Table

MAIL = Path(__file__).parent / "fixtures" / "mail"
SEP = "========"


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'judge.sqlite3'}"
    upgrade(url)
    return url


def run(url: str, tmp_path: Path, *files: str, status: int = 0) -> tuple[str, str]:
    done = judge("mail", "run", *(str(MAIL / f) for f in files), "--url", url, cwd=tmp_path,
                 status=status)
    return done.stdout, done.stderr


def test_help_is_answered_and_printed(url: str, tmp_path: Path) -> None:
    out, err = run(url, tmp_path, "help.eml")
    lines = out.splitlines()
    assert lines[0] == f"{SEP} To: alice@example.org | Subject: Re: help please {SEP}"
    assert lines[1:5] == ["1 done", "", "Done", "----"]
    assert ("    HELP [command | ORDERS] — list the commands, or explain one; HELP ORDERS: "
            "how to write orders") in lines
    assert sum(line.startswith(SEP) for line in lines) == 1  # the reply, nothing else
    assert err == ""


def test_files_run_in_order_each_reply_after_its_separator(url: str, tmp_path: Path) -> None:
    out, _ = run(url, tmp_path, "register.eml", "signon-unknown-game.eml")
    first, second = out.split(f"{SEP} To: bob@example.org")
    assert first.startswith(f"{SEP} To: alice@example.org | Subject: Re: sign me up {SEP}\n")
    assert "Registered: Alice Smith, time zone Europe/London" in first
    assert second.startswith(f" | Subject: [errors] Re: orders {SEP}\n")
    assert "no game called 'nogame'" in second
    database = Database(url)
    with database.unit_of_work() as session:
        account = repo.account_by_address(session, "alice@example.org")
        assert account is not None and account.time_zone == "Europe/London"
    database.dispose()


def test_a_message_seen_before_is_not_processed_again(url: str, tmp_path: Path) -> None:
    run(url, tmp_path, "help.eml")
    out, err = run(url, tmp_path, "help.eml")
    assert out == ""
    assert errors_of(err) == [f"{MAIL / 'help.eml'}: already received (inbox 1); "
                              "not processed again"]


def test_an_automatic_message_gets_no_reply(url: str, tmp_path: Path) -> None:
    out, err = run(url, tmp_path, "bounce.eml")
    assert out == ""
    assert errors_of(err) == [f"{MAIL / 'bounce.eml'}: no reply (automatic message: "
                              "Auto-Submitted: auto-replied)"]


def test_an_unreadable_file_fails_the_run_but_not_the_others(url: str, tmp_path: Path) -> None:
    out, err = run(url, tmp_path, "missing.eml", "help.eml", status=1)
    assert f"{SEP} To: alice@example.org | Subject: Re: help please {SEP}" in out
    assert errors_of(err) == [f"cannot read {MAIL / 'missing.eml'}: "
                              "No such file or directory"]


def test_the_reports_a_message_sets_off_are_printed_too(url: str, tmp_path: Path) -> None:
    database = Database(url)
    Table(database, clock=ManualClock(datetime.now(UTC)))  # alpha, started; master gm@
    database.dispose()
    out, _ = run(url, tmp_path, "master-process.eml")
    headers = [line for line in out.splitlines() if line.startswith(SEP)]
    results = f"| Subject: alpha: Spring 1901 Movement results {SEP}"
    # Every seat's report in seat order (the master's seat came first), then the reply.
    assert headers == [f"{SEP} To: gm@example.org {results}",
                       *(f"{SEP} To: alpha{i}@example.org {results}" for i in range(7)),
                       f"{SEP} To: gm@example.org | Subject: Re: process now {SEP}"]
    reply = out.split(headers[-1])[1]
    assert "    Spring 1901 Movement is processed; the reports were mailed to every seat.\n" \
        "    Now open: Fall 1901 Movement, deadline " in reply


def test_send_once_empties_the_outbox_into_the_maildir(url: str, tmp_path: Path) -> None:
    run(url, tmp_path, "help.eml", "register.eml")
    done = judge("mail", "send-once", "--url", url, cwd=tmp_path)
    assert done.stdout == "sent 2 message(s)\n"
    files = sorted((tmp_path / "var" / "outbox-maildir" / "new").iterdir())
    assert len(files) == 2
    assert b"To: alice@example.org" in files[0].read_bytes()
    again = judge("mail", "send-once", "--url", url, cwd=tmp_path)
    assert again.stdout == "sent 0 message(s)\n"  # each message leaves once


def test_poll_once_needs_a_mailbox(url: str, tmp_path: Path) -> None:
    done = judge("mail", "poll-once", "--url", url, cwd=tmp_path, status=1)
    assert "no IMAP mailbox is configured (imap_host / JUDGE_IMAP_HOST)" in done.stderr
