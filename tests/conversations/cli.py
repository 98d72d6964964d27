"""Running `judge` as an operator would: a real process, its output and its one-line errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def judge(*args: str, cwd: Path, status: int = 0) -> subprocess.CompletedProcess[str]:
    """`judge ARGS…` in `cwd`, without the caller's JUDGE_* settings; must exit `status`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    return done


def errors_of(stderr: str) -> list[str]:
    """The lines an operator reads when something is refused, without their 'judge: '."""
    lines = stderr.splitlines()
    assert all(line.startswith("judge: ") for line in lines), stderr
    return [line.removeprefix("judge: ") for line in lines]


def error_of(done: subprocess.CompletedProcess[str]) -> str:
    """The one line of a refused command."""
    (line,) = errors_of(done.stderr)
    return line
