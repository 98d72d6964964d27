"""The mail bench's runs: the bare servers, then `judge serve` on a started game.

A judge that dies during a run (a thread failed, see its log) makes that run a failure
with the reason; the next run gets a fresh judge, database and game.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from mail_clients import Mailboxes, send_all
from mail_cpu import Accounting, CpuMeter
from mail_echo import ANSWER_BYTES, EchoRelay
from mail_game import (
    BARE_USER,
    JUDGE_USER,
    MASTER_USER,
    ORDERING,
    PLAYERS,
    STYLES,
    Seating,
    last_orders,
    order_messages,
    set_up_game,
)
from mail_stages import outbox_mark, read_stages, stage_report

from judge.store.db import Database, upgrade
from tests.integration.judge_process import JudgeProcess
from tests.mailstack import MailStack
from tests.store.pgcluster import TempCluster

# How the mailboxes are emptied before each run: `fresh` removes the Maildirs (Dovecot makes
# new ones), `expunge` deletes the messages, and Dovecot's index log keeps growing across
# runs; Dovecot's CPU a message grows with it (bench/mail_drift.py, bench/README.md).
RESETS = ("fresh", "expunge")
WATCHED = [BARE_USER, MASTER_USER, *PLAYERS]
PATHS = {"mixed": STYLES, "token": ("token",), "signon": ("signon",)}
BARE = "bare servers"
ECHO = "echo relay (ceiling)"
# The same relay answering in three lines (as before its answers grew to the judge's size).
ECHO_SHORT = "echo relay, short answers"
BASELINE = " (baseline)"
_FAILED = re.compile(r"^.* (\w+ thread failed).*$", re.MULTILINE)
_EXCEPTION = re.compile(r"^(\w+(?:\.\w+)*(?:Error|Exception): .*)$", re.MULTILINE)


@dataclass(frozen=True)
class Result:
    path: str
    repeat: int
    messages: int
    seconds: float
    failure: str = ""
    cpu_seconds: float | None = None  # the judge process's own, over the run
    accounting: Accounting | None = None  # every group's CPU over the run (mail_cpu.py)

    @property
    def cpu_ms_per_message(self) -> float | None:
        return None if self.cpu_seconds is None else self.cpu_seconds * 1000 / self.messages

    @property
    def rate(self) -> float:
        return self.messages / self.seconds


class JudgeDied(Exception):
    """`judge serve` exited during a run."""


class Backend:
    """Where each judge's database lives: a SQLite file, or a database of one cluster."""

    def __init__(self, cluster: TempCluster | None) -> None:
        self.cluster = cluster
        self._numbers = itertools.count(1)

    def url(self, folder: Path) -> str:
        if self.cluster is None:
            return f"sqlite:///{folder / 'judge.sqlite3'}"
        name = f"bench{next(self._numbers)}"
        self.cluster.psql(f"CREATE DATABASE {name} OWNER judge")
        return self.cluster.url(name)


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far, all its threads, user and system (proc(5))."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Bench:
    """The stack, a judge process on its own game, and the bench's mail clients.

    `baseline`: another checkout of the judge (an earlier commit), whose `judge serve` runs
    each judge path too, right after this tree's, in the same run (`judge (baseline)`)."""

    def __init__(self, stack: MailStack, backend: Backend, messages: int,
                 baseline: Path | None = None, settings: dict[str, str] | None = None,
                 reset: str = "fresh") -> None:
        self.stack, self.backend, self.messages = stack, backend, messages
        self.baseline = baseline
        self.settings = settings or {}  # JUDGE_* variables every judge of the run gets
        self.reset = reset  # RESETS: how the mailboxes are emptied before each run
        self.boxes = Mailboxes(stack, WATCHED)
        self.meter = CpuMeter(stack.base)
        self.timeout = 60.0 + messages  # far beyond any sane run: a hang, not a slow run
        # The game's seats for the bare and echo runs; each judge run starts its own judge.
        self._start_judge(start=False)

    def _start_judge(self, tree: Path | None = None, start: bool = True) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="mtb-", dir="/tmp"))
        url = self.backend.url(self.folder)
        # The default hourly limit (60 per address) would refuse most of a run's messages.
        extra = {"PYTHONPATH": str(tree)} if tree is not None else {}
        self.process = JudgeProcess(self.stack, self.folder, JUDGE_DATABASE_URL=url,
                                    JUDGE_MESSAGES_PER_HOUR="1000000", **self.settings,
                                    **extra)
        self.process.url = url
        upgrade(url)
        db = Database(url)
        try:
            self.seats: dict[str, Seating] = set_up_game(db, self.stack.domain,
                                                         self.stack.addr(JUDGE_USER))
        finally:
            db.dispose()
        if start:
            self.process.start()

    def _stop_judge(self) -> None:
        if self.process.process is not None:
            status = self.process.stop()
            if status != 0:
                print(f"judge serve exited with {status}; its log: {self._keep_log()}")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _keep_log(self) -> Path:
        """A copy of the judge's log that outlives its folder."""
        kept = Path(tempfile.gettempdir()) / f"{self.folder.name}.log"
        shutil.copy(self.process.log, kept)
        return kept

    def close(self) -> None:
        self.boxes.close()
        self._stop_judge()

    def _alive(self) -> None:
        process = self.process.process
        if process is not None and process.poll() is not None:
            raise JudgeDied(death_reason(self.process.log_text()))

    def _empty(self) -> None:
        """Every mailbox emptied, with no judge running: a `fresh` reset removes the
        Maildirs, so that no run meets an index log that earlier runs grew."""
        self._stop_judge()
        if self.reset == "expunge":
            self.stack.reset()
            return
        self.boxes.close()
        self.stack.recreate()
        self.boxes = Mailboxes(self.stack, WATCHED)

    def bare(self, repeat: int) -> Result:
        self._empty()
        messages = order_messages(self.seats, self.messages, STYLES, domain=self.stack.domain,
                                  tag=f"bare-{repeat}", to=self.stack.addr(BARE_USER))
        self.meter.start()
        sent = send_all(self.stack, messages)
        end = self.boxes.wait([BARE_USER], self.messages, self.timeout)
        return self._result(BARE, repeat, end - min(sent.values()))

    def _result(self, name: str, repeat: int, seconds: float,
                cpu: float | None = None) -> Result:
        accounting = self.meter.stop()
        print(f"{name}, run {repeat}: {accounting.line(self.messages)}")
        return Result(name, repeat, self.messages, seconds, cpu_seconds=cpu,
                      accounting=accounting)

    def echo(self, repeat: int, *, short: bool = False) -> Result:
        """The judge path's traffic through the echo relay (mail_echo.py): the ceiling;
        `short`: its answers of three lines, not of the judge's reply's size."""
        self._empty()
        with EchoRelay(self.stack, 0 if short else ANSWER_BYTES) as relay:
            messages = order_messages(self.seats, self.messages, STYLES,
                                      domain=self.stack.domain, tag=f"echo-{repeat}",
                                      to=relay.address)
            self.meter.start()
            sent = send_all(self.stack, messages)
            end = self.boxes.wait(ORDERING, self.messages, self.timeout, lambda: _alive(relay))
            result = self._result(ECHO_SHORT if short else ECHO, repeat,
                                  end - min(sent.values()))
        print(f"{result.path}, run {repeat}: answers as delivered, median "
              f"{self._delivered_size()} bytes")
        return result

    def judge(self, path: str, repeat: int, *, baseline: bool = False) -> Result:
        """One run on a fresh judge (a game's order history grows with every message: runs
        on one game would not be alike), of this tree or (`baseline`) the baseline's; a
        judge that died is reported in the result."""
        self._empty()
        self._start_judge(self.baseline if baseline else None)
        name = f"judge{BASELINE if baseline else ''}, {path}"
        try:
            return self._judge(name, path, repeat)
        except JudgeDied as exc:
            self.process.kill()
            return Result(name, repeat, self.messages, 0.0, f"{exc} (log: {self._keep_log()})")

    def _judge(self, name: str, path: str, repeat: int) -> Result:
        mark = outbox_mark(self.process.url)
        assert self.process.process is not None
        pid = self.process.process.pid
        messages = order_messages(self.seats, self.messages, PATHS[path],
                                  domain=self.stack.domain, tag=f"{path}-{repeat}")
        self.meter.start(pid)
        cpu = cpu_seconds(pid)
        sent = send_all(self.stack, messages)
        end = self.boxes.wait(ORDERING, self.messages, self.timeout, self._alive)
        cpu = cpu_seconds(pid) - cpu
        result = self._result(name, repeat, end - min(sent.values()), cpu)
        self._check_replies()
        print(f"{name}, run {repeat}: replies as delivered, median {self._delivered_size()} "
              "bytes")
        stages = read_stages(self.process.url, self.process.log, mark, sent, end)
        print(f"\n{name}, run {repeat}: where the time goes (seconds after the first SMTP "
              f"send); the judge's CPU {cpu * 1000 / self.messages:.1f} ms per message",
              *stage_report(stages), sep="\n")
        return result

    def _delivered_size(self) -> int:
        """The median size of the mail in the ordering players' INBOXes."""
        sizes = [len(raw) for user in ORDERING for raw in self.stack.messages(user)]
        return int(statistics.median(sizes)) if sizes else 0

    def _check_replies(self) -> None:
        for user in ORDERING:
            for raw in self.stack.messages(user):
                if b"[errors]" in raw.split(b"\r\n\r\n", 1)[0]:
                    raise RuntimeError(f"a reply to {user} reports errors:\n{raw.decode()}")

    def turn(self) -> float:
        """On a fresh judge, every power but Turkey orders (untimed); then Turkey's orders
        complete the turn: seconds until the reply and every report are readable."""
        self._empty()
        self._start_judge()
        send_all(self.stack, order_messages(self.seats, len(ORDERING), STYLES,
                                            domain=self.stack.domain, tag="before-turn"))
        self.boxes.wait(ORDERING, len(ORDERING), self.timeout, self._alive)
        self.stack.reset()
        sent = send_all(self.stack, [last_orders(self.seats, domain=self.stack.domain,
                                                 tag="turn")])
        # The reply to Turkey, then one report to each of the seven players and the master.
        expected = 1 + len(PLAYERS) + 1
        end = self.boxes.wait([MASTER_USER, *PLAYERS], expected, self.timeout, self._alive)
        return end - min(sent.values())


def _alive(relay: EchoRelay) -> None:
    if relay.failure is not None:
        raise RuntimeError(f"the echo relay failed: {relay.failure!r}")


def death_reason(log: str) -> str:
    """The failed thread and the last exception in the judge's log."""
    failed = _FAILED.findall(log)
    errors = _EXCEPTION.findall(log)
    parts = [failed[-1] if failed else "judge serve exited",
             errors[-1] if errors else "no exception in its log"]
    return ": ".join(parts)
