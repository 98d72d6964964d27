"""`judge game|account|sweep`, run as an operator would: a real process on a SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from judge.game.clock import ManualClock
from judge.store.db import Database, upgrade
from judge.store.models import AuditEntry, OutboxMessage
from tests.conversations.cli import error_of, judge
from tests.conversations.deadlines import HOLDS, Table


@pytest.fixture
def url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'judge.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture
def database(url: str) -> Iterator[Database]:
    db = Database(url)
    yield db
    db.dispose()


def test_accounts_are_created_listed_and_shown(url: str, tmp_path: Path) -> None:
    done = judge("account", "create", "--name", "Alice Smith", "--address", "Alice@Example.org",
                 "--zone", "europe/london", "--url", url, cwd=tmp_path)
    assert done.stdout == ("Created account Alice Smith <alice@example.org>, "
                           "time zone Europe/London.\n")
    # --url before the command works as well as after it.
    judge("--url", url, "account", "create", "--name", "Bob", "--address", "bob@example.org",
          cwd=tmp_path)
    listed = judge("account", "list", "--url", url, cwd=tmp_path).stdout.splitlines()
    assert listed == ["NAME         ADDRESS            ZONE           SEATS",
                      "Alice Smith  alice@example.org  Europe/London  0",
                      "Bob          bob@example.org    UTC            0"]
    shown = judge("account", "show", "alice@example.org", "--url", url, cwd=tmp_path).stdout
    assert shown.startswith("Account Alice Smith\nTime zone: Europe/London\n")
    assert "  alice@example.org\nNo seats.\n" in shown


def test_account_errors_are_one_readable_line(url: str, tmp_path: Path) -> None:
    judge("account", "create", "--name", "Alice", "--address", "alice@example.org",
          "--url", url, cwd=tmp_path)
    taken = judge("account", "create", "--name", "Eve", "--address", "ALICE@example.org",
                  "--url", url, cwd=tmp_path, status=1)
    assert error_of(taken) == ("ALICE@example.org already belongs to the account of Alice; "
                               "see: judge account show ALICE@example.org")
    zone = judge("account", "create", "--name", "Eve", "--address", "eve@example.org",
                 "--zone", "Mars/Olympus", "--url", url, cwd=tmp_path, status=1)
    assert error_of(zone).startswith('"Mars/Olympus" is not a time zone I know; write an '
                                     'IANA name, e.g. "Europe/London"')
    missing = judge("account", "show", "eve@example.org", "--url", url, cwd=tmp_path, status=1)
    assert error_of(missing) == ("no account has the address eve@example.org; "
                                 "judge account list shows them all")
    assert "eve" not in judge("account", "list", "--url", url, cwd=tmp_path).stdout


def test_a_game_is_created_listed_and_shown(url: str, tmp_path: Path) -> None:
    judge("account", "create", "--name", "Gail", "--address", "gm@example.org", "--url", url,
          cwd=tmp_path)
    done = judge("game", "create", "Alpha", "--master", "gm@example.org", "--password", "pw",
                 "--url", url, cwd=tmp_path)
    assert done.stdout == ("Created game alpha (Standard Diplomacy), forming; its master is "
                           "Gail <gm@example.org>.\n")
    listed = judge("game", "list", "--url", url, cwd=tmp_path).stdout.splitlines()
    assert listed == ["GAME   VARIANT   STATE    PHASE  DEADLINE  PLAYERS",
                      "alpha  standard  forming  -      -         0/7"]
    shown = judge("game", "show", "alpha", "--url", url, cwd=tmp_path).stdout.splitlines()
    assert shown == ["Game alpha (Standard Diplomacy), forming", "Seats:",
                     "  ROLE    POWER  ACCOUNT                STATUS",
                     "  master  -      Gail <gm@example.org>  active"]


def test_game_create_errors(url: str, tmp_path: Path) -> None:
    nobody = judge("game", "create", "alpha", "--master", "gm@example.org", "--password", "pw",
                   "--url", url, cwd=tmp_path, status=1)
    assert error_of(nobody) == ("no account has the address gm@example.org; create one "
                                "first: judge account create --name NAME --address "
                                "gm@example.org")
    judge("account", "create", "--name", "Gail", "--address", "gm@example.org", "--url", url,
          cwd=tmp_path)
    variant = judge("game", "create", "alpha", "--variant", "chess", "--master",
                    "gm@example.org", "--password", "pw", "--url", url, cwd=tmp_path, status=1)
    assert error_of(variant) == ("no variant 'chess'; the variants to play are 1885, algernon, "
                                 "engineered, envoy, standard")
    assert judge("game", "list", "--url", url, cwd=tmp_path).stdout == "No games.\n"


def test_a_running_game_is_shown_processed_and_rolled_back(
        url: str, database: Database, tmp_path: Path) -> None:
    table = Table(database, clock=ManualClock(datetime.now(UTC)))
    table.order("FRANCE")
    with database.unit_of_work() as session:
        next(s for s in table.game(session).seats if s.power == "ITALY").waiting = True
    shown = judge("game", "show", "alpha", "--url", url, cwd=tmp_path).stdout
    assert "Game alpha (Standard Diplomacy), active\nPhase: S1901M (Spring 1901 Movement)\n" \
        in shown
    assert "Late: Austria, England, Germany, Italy, Russia, Turkey\n" in shown
    assert "  player  Italy    P" in shown and "active  waiting" in shown
    wrong = judge("game", "process", "alpha", "--phase", "F1901M", "--url", url, cwd=tmp_path,
                  status=1)
    assert error_of(wrong) == ("the current phase of alpha is S1901M, not F1901M; "
                               "nothing was processed")
    done = judge("game", "process", "alpha", "--phase", "S1901M", "--url", url, cwd=tmp_path)
    assert done.stdout.startswith("alpha: S1901M processed; the reports are in the outbox.\n"
                                  "Now open: F1901M, deadline ")
    with database.unit_of_work() as session:
        assert table.turn(session).phase == "F1901M"
        reports = session.scalars(sa.select(OutboxMessage)).all()
        assert len(reports) == 8  # seven players and the master
        audit = session.scalars(sa.select(AuditEntry)).all()
        assert [(a.action, a.actor_account_id) for a in audit] == [("process", None)]
    back = judge("game", "rollback", "alpha", "--url", url, cwd=tmp_path)
    assert back.stdout.startswith("alpha is back at the start of S1901M; undone: F1901M.\n")
    with database.unit_of_work() as session:
        assert table.turn(session).phase == "S1901M"
    assert len(table.talk.mails_to("gm@example.org")) == 2  # the report, then the rollback


def test_game_errors_are_one_readable_line(url: str, tmp_path: Path) -> None:
    for command in ("show", "process", "rollback"):
        done = judge("game", command, "nogame", "--url", url, cwd=tmp_path, status=1)
        assert error_of(done) == "no game called 'nogame'; judge game list shows them all"


def test_sweep_applies_what_is_due_once(url: str, database: Database, tmp_path: Path) -> None:
    table = Table(database, clock=ManualClock(datetime.now(UTC)))
    table.order(*HOLDS)
    table.order("FRANCE", lines={"FRANCE": ["A Par H"]})  # France's now incomplete
    with database.unit_of_work() as session:
        table.turn(session).deadline = datetime.now(UTC) - timedelta(minutes=10)
    first = judge("sweep", "--url", url, cwd=tmp_path).stdout
    assert first.startswith("alpha S1901M: deadline passed; late: FRANCE; grace until ")
    assert judge("sweep", "--url", url, cwd=tmp_path).stdout == "Nothing was due.\n"


def test_settings_come_from_a_config_file(url: str, tmp_path: Path) -> None:
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndatabase_url = "{url}"\n')
    judge("--config", str(config), "account", "create", "--name", "Ann", "--address",
          "ann@example.org", cwd=tmp_path)
    assert "ann@example.org" in judge("account", "list", "--config", str(config),
                                      cwd=tmp_path).stdout
    missing = judge("account", "list", "--config", str(tmp_path / "none.toml"), cwd=tmp_path,
                    status=1)
    assert error_of(missing) == f"{tmp_path / 'none.toml'}: No such file or directory"


def test_an_unmigrated_database_says_what_to_do(tmp_path: Path) -> None:
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    done = judge("game", "list", "--url", empty, cwd=tmp_path, status=1)
    assert error_of(done) == ("database error: no such table: games (is the database at the "
                              "newest schema? run: judge db upgrade)")
