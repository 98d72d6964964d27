"""`judge serve` as a real process for the integration tests: started, stopped, killed.

    judge = JudgeProcess(stack, workdir).start()     # polls judge@, sends through Postfix
    ...
    judge.stop()  # SIGTERM, then the exit status must be 0

    judge = JudgeProcess(stack, workdir, JUDGE_FAULT="outbox-claimed").start()
    judge.wait_killed()                    # the crash point fired: -SIGKILL
    judge.restart(JUDGE_FAULT=None)        # same database and workdir, the fault gone

Its settings come from the environment, as an operator's would (docs/deployment.md).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from judge.store.db import upgrade
from tests.mailstack import MailStack

JUDGE_BIN = Path(sys.executable).with_name("judge")
READY = "judge serving as"


class ServeProcess:
    """A `judge serve` process writing to `workdir/judge.log`: what every integration test's
    judge shares (one on a mail stack here, several workers in workers_helpers.py)."""

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.workdir = workdir
        self.log = workdir / "judge.log"
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.serve_args: tuple[str, ...] = ()  # after `judge serve`: ("--send-only",)

    def _popen(self) -> int:
        """Start `judge serve`: the log's length before it (the log is appended to across
        restarts, so a run waits for its own start line after that offset)."""
        offset = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as log:
            # The log file, not a pipe: a pipe nobody reads would block the judge.
            self.process = subprocess.Popen([str(JUDGE_BIN), "serve", *self.serve_args],
                                            env=self.env,
                                            cwd=self.workdir, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=log)
        return offset

    def log_text(self, offset: int = 0) -> str:
        """The log of every run so far, or what was written after byte `offset`."""
        if not self.log.exists():
            return ""
        with open(self.log, "rb") as log:
            log.seek(offset)
            return log.read().decode(errors="replace")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> int:
        """SIGTERM and wait: the exit status."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.wait_killed(60)

    def wait_killed(self, timeout: float = 60.0) -> int:
        """Wait for the process to die (a crash point killed it): its exit status."""
        assert self.process is not None
        status = self.process.wait(timeout=timeout)
        self.process = None
        return status

    def kill(self) -> None:
        if self.alive:
            assert self.process is not None
            self.process.kill()
            self.process.wait(timeout=30)
        self.process = None


class JudgeProcess(ServeProcess):
    def __init__(self, stack: MailStack, workdir: Path, **extra: str) -> None:
        self.url = f"sqlite:///{workdir / 'judge.sqlite3'}"
        super().__init__(workdir, {**os.environ, **self._settings(stack), **extra})

    def _settings(self, stack: MailStack) -> dict[str, str]:
        return {
            "JUDGE_DATABASE_URL": self.url, "JUDGE_ADDRESS": stack.addr("judge"),
            "JUDGE_DOMAIN": stack.domain, "JUDGE_LISTEN": "",
            "JUDGE_IMAP_HOST": "127.0.0.1", "JUDGE_IMAP_PORT": str(stack.imap_port),
            "JUDGE_IMAP_USER": "judge", "JUDGE_IMAP_PASSWORD": stack.password,
            "JUDGE_IMAP_POLL_SECONDS": "2",
            "JUDGE_SMTP_HOST": "127.0.0.1", "JUDGE_SMTP_PORT": str(stack.smtp_port),
            "JUDGE_OPERATOR_ADDRESS": stack.addr("henry"),
        }

    def start(self) -> JudgeProcess:
        assert self.process is None, "judge serve is running already"
        self._migrate()
        self._wait_for_line(READY, self._popen())
        return self

    def restart(self, **changes: str | None) -> JudgeProcess:
        """Start again on the same database and workdir, the environment changed first
        (None removes a variable). The earlier run must be over (stopped or killed)."""
        for name, value in changes.items():
            if value is None:
                self.env.pop(name, None)
            else:
                self.env[name] = value
        return self.start()

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run `judge ARGS...` with this judge's environment, as an operator beside it would."""
        self._migrate()
        return subprocess.run([str(JUDGE_BIN), *args], env=self.env, cwd=self.workdir,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=120)

    def _migrate(self) -> None:
        if not (self.workdir / "judge.sqlite3").exists():
            upgrade(self.url)

    def _wait_for_line(self, text: str, offset: int = 0, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.log_text(offset):
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"judge serve exited with {self.process.returncode}:\n"
                                   f"{self.log_text(offset)[-3000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {text!r} in the judge's log:\n"
                                   f"{self.log_text(offset)[-3000:]}")
            time.sleep(0.05)
