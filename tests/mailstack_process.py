"""Processes of tests/mailstack.py: free ports, greetings, daemons started and stopped by PID."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_greeting(port: int, prefix: bytes, timeout: float = 20.0) -> None:
    """Until a server on 127.0.0.1:port greets with prefix (the daemons fork, then bind)."""
    deadline = time.monotonic() + timeout
    last: object = None
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                last = s.recv(200)
                if isinstance(last, bytes) and last.startswith(prefix):
                    return
        except OSError as exc:
            last = exc
        time.sleep(0.05)
    raise TimeoutError(f"no {prefix!r} greeting on 127.0.0.1:{port}: {last!r}")


def alive(pid: int) -> bool:
    # A zombie counts as stopped: PID 1 here reaps orphans only every 1-2 s.
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def stop_pidfile(pidfile: Path, timeout: float = 10.0) -> None:
    """SIGTERM the daemon named in pidfile, wait for it, SIGKILL its group as a last resort."""
    try:
        pid = int(pidfile.read_text().split()[0])
    except (FileNotFoundError, ValueError, IndexError):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and alive(pid):
        time.sleep(0.02)
    if alive(pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)  # both masters lead their own process group


def instance_pids(prefix: str, service: str = "") -> list[int]:
    """Dovecot's processes titled prefix + service ("instance/service"), any with no service."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            title = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
        except OSError:  # gone meanwhile
            continue
        name = title.split(b"\0")[0].strip().decode(errors="replace")
        if name.startswith(prefix) and (not service or name == prefix + service):
            found.append(int(entry.name))
    return found


def start_daemon(argv: list[str], log: Path) -> None:
    # The daemons keep inherited descriptors: a pipe here would hang its reader.
    with open(log, "ab") as out:
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=out, check=True)


def terminate(pids: list[int], timeout: float = 10.0) -> None:
    """SIGTERM each process and wait until none is left (zombies count as gone)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.02)
