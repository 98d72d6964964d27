"""A throw-away Postfix + Dovecot on 127.0.0.1 for the integration tests.

    Postfix smtpd :smtp_port --LMTP--> Dovecot LMTP :lmtp_port --> maildirs <-- Dovecot IMAP

Everything (configs, queue, maildirs, logs, pid files) lives in one short folder under /tmp;
nothing in /etc is read or changed, no systemd. Needs root and the Debian packages
dovecot-imapd, dovecot-lmtpd, postfix (and openssl for TLS), which .ci/run installs.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import smtplib
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.mailstack_config import dovecot_conf, postfix_main_cf, postfix_master_cf
from tests.mailstack_process import (
    free_port,
    instance_pids,
    start_daemon,
    stop_pidfile,
    terminate,
    wait_greeting,
)

PASSWORD = "secret"
# nobody:nogroup owns the maildirs: Dovecot refuses mail access as root.
MAIL_UID = MAIL_GID = 65534
DOVECOT_PROGRAMS = ("/usr/lib/dovecot/imap", "/usr/lib/dovecot/lmtp")
PACKAGES = "apt-get install dovecot-imapd dovecot-lmtpd postfix openssl"


class MailStack:
    """Postfix in front of Dovecot; every user's password is "secret"."""

    def __init__(self, users: tuple[str, ...] = ("judge", "alice"), *,
                 domain: str = "example.test", tls: bool = False) -> None:
        self.users, self.domain, self.tls = users, domain, tls
        self.password = PASSWORD
        self.smtp_port, self.imap_port, self.lmtp_port = free_port(), free_port(), free_port()
        self.imaps_port, self.smtps_port = (free_port(), free_port()) if tls else (0, 0)
        # Short: unix socket paths must stay under 108 bytes.
        self.base = Path(tempfile.mkdtemp(prefix="ms-", dir="/tmp"))

    @staticmethod
    def available(tls: bool = False) -> str | None:
        """Why the stack cannot run here, or None."""
        if os.geteuid() != 0:
            return "the mail stack needs root (Postfix's master starts as root)"
        needed = ["dovecot", "doveadm", "postfix"] + (["openssl"] if tls else [])
        missing = [name for name in needed if shutil.which(name) is None]
        missing += [path for path in DOVECOT_PROGRAMS if not Path(path).exists()]
        if missing:
            return f"missing {', '.join(missing)} ({PACKAGES})"
        return None

    @property
    def cafile(self) -> Path:
        """The self-signed certificate: ssl.create_default_context(cafile=stack.cafile)."""
        return self.base / "tls" / "cert.pem"

    @property
    def maillog(self) -> Path:
        return self.base / "postfix" / "log" / "maillog"

    @property
    def dovecot_log(self) -> Path:
        return self.base / "dovecot" / "log" / "dovecot.log"

    def addr(self, user: str) -> str:
        return f"{user}@{self.domain}"

    # ------------------------------------------------------------------ life cycle
    def start(self) -> MailStack:
        reason = self.available(self.tls)
        if reason is not None:
            self.stop()
            raise RuntimeError(reason)
        try:
            # Every parent must be traversable by dovecot, dovenull and postfix.
            self.base.chmod(0o755)
            if self.tls:
                self._write_certificate()
            self._write_dovecot()
            self._write_postfix()
            self._start_dovecot()
            start_daemon(["postfix", "-c", str(self.base / "postfix" / "etc"), "start"],
                    self.base / "postfix" / "log" / "start.log")
            wait_greeting(self.smtp_port, b"220 ")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self, remove: bool = True) -> None:
        stop_pidfile(self.base / "postfix" / "spool" / "pid" / "master.pid")
        self._stop_dovecot()
        if remove:
            shutil.rmtree(self.base, ignore_errors=True)

    def restart_dovecot(self) -> None:
        """Stop and start Dovecot alone: same ports, same mail; clients see BYE, then refusals."""
        self._stop_dovecot()
        self._start_dovecot()

    def drop_imap_connections(self) -> None:
        """SIGKILL every IMAP session process: clients see EOF, without a BYE."""
        for pid in instance_pids(self._instance, "imap"):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    @property
    def _instance(self) -> str:
        return f"dovecot-mailstack-{self.imap_port}/"

    def _start_dovecot(self) -> None:
        start_daemon(["dovecot", "-c", str(self._dovecot_conf)],
                self.base / "dovecot" / "log" / "stdio.log")
        wait_greeting(self.imap_port, b"* OK")
        wait_greeting(self.lmtp_port, b"220 ")

    def _stop_dovecot(self) -> None:
        # About 1.1 s: the master waits a fixed second for its log process.
        stop_pidfile(self.base / "dovecot" / "run" / "master.pid")
        # Sessions outlive the master here despite shutdown_clients = yes, so a "restart"
        # would keep IMAP clients connected: end what is left of this instance, by PID.
        terminate(instance_pids(self._instance))

    # ------------------------------------------------------------------ configuration
    @property
    def _dovecot_conf(self) -> Path:
        return self.base / "dovecot" / "dovecot.conf"

    def _write_certificate(self) -> None:
        folder = self.base / "tls"
        folder.mkdir()
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-keyout", str(folder / "key.pem"), "-out", str(self.cafile),
                        "-subj", "/CN=localhost",
                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                       check=True, stdin=subprocess.DEVNULL, capture_output=True)
        (folder / "key.pem").chmod(0o600)

    def _write_dovecot(self) -> None:
        folder = self.base / "dovecot"
        for sub in ("run", "state", "log"):
            (folder / sub).mkdir(parents=True)
        folder.chmod(0o755)
        mail = self.base / "mail"
        mail.mkdir(mode=0o750)
        os.chown(mail, MAIL_UID, MAIL_GID)
        users = folder / "users"
        users.write_text("".join(f"{user}:{{PLAIN}}{self.password}:{MAIL_UID}:{MAIL_GID}"
                                 f"::{mail / user}::\n" for user in self.users))
        users.chmod(0o640)
        shutil.chown(users, group="dovecot")
        self._dovecot_conf.write_text(dovecot_conf(self.base, self._ports(), self.domain,
                                                   tls=self.tls))

    def _write_postfix(self) -> None:
        folder = self.base / "postfix"
        for sub in ("etc", "spool", "data", "log"):
            (folder / sub).mkdir(parents=True)
        shutil.chown(folder / "data", user="postfix")
        (folder / "etc" / "vmailbox").write_text(
            "".join(f"{self.addr(user)} OK\n" for user in self.users))
        (folder / "etc" / "main.cf").write_text(
            postfix_main_cf(self.base, self.lmtp_port, self.domain, tls=self.tls))
        (folder / "etc" / "master.cf").write_text(postfix_master_cf(self._ports(), tls=self.tls))

    def _ports(self) -> dict[str, int]:
        return {"smtp": self.smtp_port, "imap": self.imap_port, "lmtp": self.lmtp_port,
                "imaps": self.imaps_port, "smtps": self.smtps_port}

    # ------------------------------------------------------------------ mailboxes
    def doveadm(self, *args: str) -> str:
        result = subprocess.run(["doveadm", "-c", str(self._dovecot_conf), *args],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"doveadm {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def reset(self) -> None:
        """Empty every mailbox of every user, Processed included (UIDs keep growing)."""
        for user in self.users:
            self.doveadm("expunge", "-u", user, "mailbox", "*", "all")

    def recreate(self) -> None:
        """Every user's Maildir removed with Dovecot's index files, so that the next login
        or delivery makes a new one. An expunged mailbox keeps its index log, which grows
        with every message until Dovecot rotates it, and Dovecot's CPU a message with it
        (bench/mail_drift.py). No IMAP session may be open meanwhile."""
        for user in self.users:
            shutil.rmtree(self.base / "mail" / user / "Maildir", ignore_errors=True)

    def set_uidvalidity(self, user: str, value: int, folder: str = "INBOX") -> None:
        self.doveadm("mailbox", "update", "-u", user, "--uid-validity", str(value), folder)

    def imap(self, user: str) -> Any:
        """A logged-in IMAPClient (untyped library, hence Any); use it as a context manager."""
        from imapclient import IMAPClient

        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=10)
        client.login(user, self.password)
        return client

    def messages(self, user: str, folder: str = "INBOX") -> list[bytes]:
        """The raw messages in a folder, oldest first, read without setting \\Seen."""
        with self.imap(user) as client:
            client.select_folder(folder, readonly=True)
            uids = sorted(client.search("ALL"))
            fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
            return [bytes(fetched[uid][b"BODY[]"]) for uid in uids if uid in fetched]

    def wait_for(self, user: str, count: int, folder: str = "INBOX",
                 timeout: float = 20.0) -> list[bytes]:
        """The folder's messages once there are at least count (Postfix delivers later)."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.messages(user, folder)
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"{user}/{folder} holds {len(found)} of {count} messages "
                                   f"after {timeout} s; see {self.maillog} and {self.dovecot_log}")
            time.sleep(0.05)

    def deliver_lmtp(self, user: str, raw: bytes, sender: str = "") -> None:
        """Straight into Dovecot: synchronous, the message is stored when this returns."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port, timeout=10) as lmtp:
            lmtp.sendmail(sender or self.addr("postmaster"), [self.addr(user)], raw)

    def smtp(self) -> smtplib.SMTP:
        return smtplib.SMTP("127.0.0.1", self.smtp_port, timeout=10)
