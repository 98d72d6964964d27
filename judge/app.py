"""The composition root: the one place that builds the judge's parts and wires them."""

from __future__ import annotations

from dataclasses import dataclass

from judge.commands import build_registry
from judge.commands.registry import CommandRegistry
from judge.config import Settings
from judge.game.clock import Clock, SystemClock
from judge.game.postman import Postman
from judge.mail.outbound.outbox_postman import OutboxPostman
from judge.store.db import Database


@dataclass(frozen=True)
class Judge:
    settings: Settings
    db: Database
    clock: Clock
    postman: Postman
    registry: CommandRegistry


def build_judge(settings: Settings, clock: Clock | None = None,
                db: Database | None = None) -> Judge:
    clock = clock or SystemClock()
    return Judge(settings=settings, db=db or Database(settings.database_url), clock=clock,
                 postman=OutboxPostman(settings, clock), registry=build_registry())
