"""The judge's settings: one frozen record, from defaults, a TOML file and the environment."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from judge.store.db import database_url


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = ""
    # The judge's own address: From of every message it sends, To of every command.
    judge_address: str = "judge@localhost"
    judge_name: str = "Diplomacy judge"
    # The domain of the Message-IDs the judge makes.
    domain: str = "localhost"
    # Outgoing mail goes here (a Maildir) unless a relay is configured.
    maildir: str = "var/outbox-maildir"
    relay_host: str = ""
    relay_port: int = 25

    def with_defaults(self) -> Settings:
        return replace(self, database_url=database_url(self.database_url or None))


ENV_PREFIX = "JUDGE_"


def load_settings(path: Path | None = None) -> Settings:
    """Defaults, then the TOML file's [judge] table, then JUDGE_* environment variables."""
    values: dict[str, Any] = {}
    if path is not None:
        with open(path, "rb") as file:
            values.update(tomllib.load(file).get("judge", {}))
    for spec in fields(Settings):
        env = os.environ.get(ENV_PREFIX + spec.name.upper())
        if env is not None:
            values[spec.name] = int(env) if spec.type == "int" else env
    unknown = set(values) - {spec.name for spec in fields(Settings)}
    if unknown:
        raise ValueError(f"unknown settings: {', '.join(sorted(unknown))}")
    return Settings(**values).with_defaults()
