"""The judge's settings: one frozen record, from defaults, a TOML file and the environment.

The TOML file (named by --config or JUDGE_CONFIG; deploy/judge.toml is a commented example)
has a [judge] table for the unprefixed settings and one table per part: [smtp], [imap],
[receiver], [outbox], [limits]. `[smtp] host = "..."` sets `smtp_host`, and so on.
JUDGE_<NAME> environment variables override the file (JUDGE_SMTP_HOST, JUDGE_LISTEN...);
`judge_address` is JUDGE_ADDRESS.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from judge.store.db import database_url

SECURITY_CHOICES = ("none", "starttls", "tls")


class ConfigError(ValueError):
    """A setting the judge cannot use, named with what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = ""
    # The judge's own address: From of every message it sends, To of every command.
    judge_address: str = "judge@localhost"
    judge_name: str = "Diplomacy judge"
    # The domain of the Message-IDs the judge makes.
    domain: str = "localhost"
    # Where the operator is told about quarantined messages; none: the log only.
    operator_address: str = ""
    # Outgoing mail goes to this relay; with no host, into the Maildir below.
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_security: str = "none"  # none, starttls or tls (SMTPS, RFC 8314)
    smtp_timeout: int = 30
    maildir: str = "var/outbox-maildir"
    # A message being sent is claimed for this long, renewed for the rest of a claim as
    # each message is recorded; after a crash mid-send it is due again when the claim
    # runs out (several workers on one database each respect it).
    send_lease_seconds: int = 120
    # Where `judge serve` notes the messages it is sending, so that its next start after a
    # crash sends them at once rather than after the lease; one per judge; empty: none.
    claims_file: str = "var/outbox-claims"
    # Relay connections sending at once: a relay answers each message after its own work
    # (Postfix's cleanup), and a second connection sends while the first one waits. 0: this
    # judge sends nothing; another `judge serve` on the same database does (issue #18: a
    # worker whose cores go to turns alone, docs/deployment.md).
    senders: int = 2
    # A report whose picture is still to draw is left this long (once due) to the picture
    # stage, which draws each picture once for all its readers, before a sender draws it
    # itself: so a judge with no picture stage running still sends it.
    picture_grace_seconds: int = 5
    # Turns first (judge/turns/backlog.py): while this judge's scheduler has due turns
    # waiting for its sweeping thread (a deadline storm), its senders and picture stage
    # wait, at most this long; 0: they send as the turns queue their reports.
    turns_first_seconds: int = 60
    # The mailbox the poller reads; with no host, no poller runs.
    imap_host: str = ""
    imap_port: int = 143
    imap_user: str = ""
    imap_password: str = ""
    imap_security: str = "none"
    imap_folder: str = "INBOX"
    imap_processed_folder: str = "Processed"
    imap_poll_seconds: int = 60
    # While idling, look for new mail every this many milliseconds besides IDLE (0: IDLE
    # alone). Dovecot announces new mail to IDLE half a second late; a local server may
    # be asked more often, a remote one (Gmail) must not be (docs/deployment.md).
    imap_recheck_ms: int = 0
    # The embedded SMTP receiver, host:port; empty: none.
    listen: str = "127.0.0.1:2525"
    # Abuse limits, each answered with a reply that says which one was hit.
    max_message_bytes: int = 5 * 1024 * 1024
    max_commands: int = 300
    messages_per_hour: int = 60
    # Password guessing (judge.game.throttle): wrong passwords within an hour for one seat,
    # for all the seats of one account, and in one message, before checks stop.
    password_tries_per_seat: int = 5
    password_tries_per_account: int = 10
    password_tries_per_message: int = 2

    def with_defaults(self) -> Settings:
        for name in ("smtp_security", "imap_security"):
            if getattr(self, name) not in SECURITY_CHOICES:
                raise ConfigError(f"{name} must be one of {', '.join(SECURITY_CHOICES)}, "
                                 f"not {getattr(self, name)!r}")
        if self.senders < 0:
            raise ConfigError(f"senders must be 0 (none: another judge sends) or more, "
                              f"not {self.senders}")
        for name in ("picture_grace_seconds", "turns_first_seconds"):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name} must be 0 or more, not {getattr(self, name)}")
        return replace(self, database_url=database_url(self.database_url or None))

    @property
    def listen_address(self) -> tuple[str, int] | None:
        if not self.listen:
            return None
        host, _, port = self.listen.rpartition(":")
        return (host or "127.0.0.1", int(port))


ENV_PREFIX = "JUDGE_"
CONFIG_ENV = "JUDGE_CONFIG"
# Where the environment name is not JUDGE_ + the field's name.
_ENV_NAMES = {"judge_address": "JUDGE_ADDRESS"}
_SECTIONS = ("smtp", "imap", "receiver", "outbox", "limits")


def load_settings(path: Path | None = None) -> Settings:
    """Defaults, then the TOML file (path, else $JUDGE_CONFIG), then JUDGE_* variables."""
    path = path or (Path(os.environ[CONFIG_ENV]) if os.environ.get(CONFIG_ENV) else None)
    values: dict[str, Any] = _file_values(path) if path is not None else {}
    kinds = {spec.name: spec.type for spec in fields(Settings)}
    for name, kind in kinds.items():
        env = os.environ.get(_ENV_NAMES.get(name, ENV_PREFIX + name.upper()))
        if env is not None:
            values[name] = _env_value(name, env, str(kind))
    unknown = set(values) - set(kinds)
    if unknown:
        raise ConfigError(f"unknown settings: {', '.join(sorted(unknown))}")
    return Settings(**values).with_defaults()


def _file_values(path: Path) -> dict[str, Any]:
    with open(path, "rb") as file:
        try:
            document = tomllib.load(file)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    values = dict(document.get("judge", {}))
    for section in _SECTIONS:
        for key, value in document.get(section, {}).items():
            # [receiver] listen and [outbox] maildir are named without their table.
            values[key if section in ("receiver", "outbox", "limits") else f"{section}_{key}"] \
                = value
    unknown_tables = set(document) - {"judge", *_SECTIONS}
    if unknown_tables:
        raise ConfigError(f"{path}: unknown tables: {', '.join(sorted(unknown_tables))}")
    return values


def _env_value(name: str, text: str, kind: str) -> Any:
    if kind != "int":
        return text
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {text!r}") from None
