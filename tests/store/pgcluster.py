"""A throw-away PostgreSQL cluster for the tests: initdb + pg_ctl under a temp folder.

No systemd and no /etc/postgresql cluster: only the server binaries of the Debian
`postgresql` package. Listens on 127.0.0.1 (a free port) and a private socket folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

# Test speed only: a crash of the test server may lose data, which nobody needs.
FAST_SETTINGS = ("fsync = off", "synchronous_commit = off", "full_page_writes = off")
ROLE = "judge"
SUPERUSER_PASSWORD = "postgres"


def find_bin_dir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin that has initdb, if any."""
    found = [p for p in Path("/usr/lib/postgresql").glob("*/bin") if (p / "initdb").is_file()]
    return max(found, key=lambda p: _version(p.parent.name), default=None)


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


def free_port() -> int:
    # The port could be taken again before the server binds it; on a test machine the
    # window is milliseconds and a clash fails loudly at start, so it is good enough.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class TempCluster:
    bin_dir: Path
    port: int = field(default_factory=free_port)
    base: Path = field(init=False)
    timings: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Short and under /tmp: postgres must traverse every parent (pytest's tmp_path
        # sits in a 0700 folder) and the socket path must stay under 108 bytes.
        self.base = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))
        self.base.chmod(0o755)

    @property
    def data(self) -> Path:
        return self.base / "data"

    @property
    def run_dir(self) -> Path:
        return self.base / "run"

    def url(self, database: str = ROLE) -> str:
        return f"postgresql+psycopg://{ROLE}:{ROLE}@127.0.0.1:{self.port}/{database}"

    def conninfo(self, database: str = ROLE, *, user: str = ROLE, password: str = ROLE) -> str:
        return f"host=127.0.0.1 port={self.port} dbname={database} user={user} password={password}"

    def start(self) -> TempCluster:
        started = time.monotonic()
        self._initdb()
        self.timings["initdb"] = time.monotonic() - started
        self._configure()
        self._pg_ctl("start", "-l", str(self.run_dir / "postgres.log"), "-t", "30")
        self.psql(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{ROLE}'",
                  f"CREATE DATABASE {ROLE} OWNER {ROLE}")
        self.timings["start (with initdb)"] = time.monotonic() - started
        return self

    def stop(self) -> None:
        started = time.monotonic()
        try:
            if (self.data / "postmaster.pid").exists():
                self._pg_ctl("stop", "-m", "fast")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
            self.timings["stop"] = time.monotonic() - started

    def psql(self, *statements: str) -> str:
        """Run SQL as the superuser over the private socket (trust auth)."""
        args = [str(self.bin_dir / "psql"), "-h", str(self.run_dir), "-p", str(self.port),
                "-U", "postgres", "-d", "postgres", "-qAt", "-v", "ON_ERROR_STOP=1"]
        for statement in statements:
            args += ["-c", statement]
        return self._run(args)

    def _initdb(self) -> None:
        for folder, mode in ((self.data, 0o700), (self.run_dir, 0o755)):
            folder.mkdir(mode=mode)
            self._give_to_postgres(folder)
        pwfile = self.base / "pwfile"
        pwfile.write_text(SUPERUSER_PASSWORD + "\n")
        self._give_to_postgres(pwfile)
        self._run([str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres",
                   f"--pwfile={pwfile}", "--auth-local=trust", "--auth-host=scram-sha-256",
                   "-E", "UTF8", "--locale=C.UTF-8"])

    def _configure(self) -> None:
        lines = ["listen_addresses = '127.0.0.1'", f"port = {self.port}",
                 f"unix_socket_directories = '{self.run_dir}'", *FAST_SETTINGS]
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n".join(lines) + "\n")

    def _pg_ctl(self, *args: str) -> None:
        self._run([str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-w", *args])

    def _give_to_postgres(self, path: Path) -> None:
        if os.geteuid() == 0:
            shutil.chown(path, "postgres", "postgres")

    def _run(self, args: Sequence[str]) -> str:
        # PostgreSQL refuses to run as root: as root, run as the postgres user.
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        # stdout to a file, never a pipe: pg_ctl's server inherits it and a pipe would
        # keep our read waiting until the server exits.
        with tempfile.TemporaryFile() as out:
            done = subprocess.run([*prefix, *args], stdin=subprocess.DEVNULL, stdout=out,
                                  stderr=subprocess.STDOUT, timeout=120, check=False)
            out.seek(0)
            text = out.read().decode(errors="replace")
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:1])} failed ({done.returncode}):\n{text}")
        return text
