"""`judge db upgrade`, run as an operator would: a real process."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from judge.store.db import head_revision


def _judge(*args: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _revision(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        return str(revision)


def test_db_upgrade_creates_a_database_at_head(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "judge.sqlite3"
    out = _judge("db", "upgrade", "--url", f"sqlite:///{path}", cwd=tmp_path)
    assert _revision(path) == head_revision()
    assert out.strip().endswith(f"at revision {head_revision()}")
    # Again: already at head, nothing to do, still fine.
    _judge("db", "upgrade", "--url", f"sqlite:///{path}", cwd=tmp_path)


def test_db_upgrade_defaults_to_var_in_the_current_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "JUDGE_DATABASE_URL"}
    _judge("db", "upgrade", cwd=tmp_path, env=env)
    assert _revision(tmp_path / "var" / "judge.sqlite3") == head_revision()


def test_db_upgrade_reads_the_url_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "env.sqlite3"
    env = {**os.environ, "JUDGE_DATABASE_URL": f"sqlite:///{path}"}
    _judge("db", "upgrade", cwd=tmp_path, env=env)
    assert _revision(path) == head_revision()


def test_db_upgrade_reads_the_settings_file_before_or_after_db(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    for where, args in (("first", ("db", "upgrade", "--config", "judge.toml")),
                        ("second", ("--config", "judge.toml", "db", "upgrade"))):
        (tmp_path / "judge.toml").write_text(
            f'[judge]\ndatabase_url = "sqlite:///{tmp_path / where}.sqlite3"\n')
        _judge(*args, cwd=tmp_path, env=env)
        assert _revision(tmp_path / f"{where}.sqlite3") == head_revision()
    # $JUDGE_CONFIG names the file when no option does.
    _judge("db", "upgrade", cwd=tmp_path, env={**env, "JUDGE_CONFIG": "judge.toml"})
