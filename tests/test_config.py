"""The settings: defaults, one TOML file with a table per part, JUDGE_* overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.config import load_settings

ENV = ("JUDGE_CONFIG", "JUDGE_DATABASE_URL", "JUDGE_ADDRESS", "JUDGE_SMTP_HOST",
       "JUDGE_SMTP_PORT", "JUDGE_IMAP_HOST", "JUDGE_LISTEN", "JUDGE_MAILDIR")


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "judge.toml"
    path.write_text(text)
    return path


def test_the_embedded_defaults() -> None:
    settings = load_settings()
    assert settings.database_url == "sqlite:///var/judge.sqlite3"
    assert settings.listen_address == ("127.0.0.1", 2525)
    assert (settings.smtp_host, settings.imap_host) == ("", "")  # Maildir out, no poller
    assert settings.maildir == "var/outbox-maildir"


def test_the_example_config_loads() -> None:
    settings = load_settings(Path(__file__).parents[1] / "deploy" / "judge.toml")
    assert settings.judge_address == "judge@dip.example.org"
    assert (settings.imap_port, settings.imap_security) == (993, "tls")
    assert settings.send_lease_seconds == 120 and settings.messages_per_hour == 60


def test_tables_name_their_settings(tmp_path: Path) -> None:
    path = _file(tmp_path, '[judge]\njudge_address = "j@x.org"\n[smtp]\nhost = "relay"\n'
                           'port = 587\nsecurity = "starttls"\n[imap]\nfolder = "Judge"\n'
                           '[receiver]\nlisten = ""\n[limits]\nmax_commands = 9\n')
    settings = load_settings(path)
    assert (settings.judge_address, settings.smtp_host, settings.smtp_port) == \
        ("j@x.org", "relay", 587)
    assert (settings.smtp_security, settings.imap_folder) == ("starttls", "Judge")
    assert settings.listen_address is None and settings.max_commands == 9


def test_the_environment_wins_and_names_the_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = _file(tmp_path, '[smtp]\nhost = "from-file"\nport = 25\n')
    monkeypatch.setenv("JUDGE_CONFIG", str(path))
    monkeypatch.setenv("JUDGE_SMTP_PORT", "2525")
    monkeypatch.setenv("JUDGE_ADDRESS", "env@x.org")
    monkeypatch.setenv("JUDGE_LISTEN", "0.0.0.0:25")
    settings = load_settings()
    assert (settings.smtp_host, settings.smtp_port) == ("from-file", 2525)
    assert settings.judge_address == "env@x.org"
    assert settings.listen_address == ("0.0.0.0", 25)


@pytest.mark.parametrize(("text", "message"), [
    ('[smtp]\nsecurity = "ssl"\n', "smtp_security must be one of none, starttls, tls"),
    ('[smtp]\nhoste = "x"\n', "unknown settings: smtp_hoste"),
    ('[mail]\nx = 1\n', "unknown tables: mail"),
    ('[outbox]\nsenders = -1\n', r"senders must be 0 \(none: another judge sends\) or more, "
                                  "not -1"),
])
def test_mistakes_are_named(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_settings(_file(tmp_path, text))


def test_a_bad_number_in_the_environment_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_SMTP_PORT", "twenty-five")
    with pytest.raises(ValueError, match="smtp_port must be a whole number, not 'twenty-five'"):
        load_settings()


@pytest.mark.parametrize(("name", "default"), [("picture_grace_seconds", 5),
                                             ("turns_first_seconds", 60)])
def test_the_outbox_waits_are_set_in_outbox_and_never_negative(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, default: int) -> None:
    assert getattr(load_settings(_file(tmp_path, "")), name) == default
    path = _file(tmp_path, f"[outbox]\n{name} = 0\n")
    assert getattr(load_settings(path), name) == 0
    monkeypatch.setenv(f"JUDGE_{name.upper()}", "-5")
    with pytest.raises(ValueError, match=f"{name} must be 0 or more, not -5"):
        load_settings(path)
