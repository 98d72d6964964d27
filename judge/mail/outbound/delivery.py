"""What a transport promises the outbox sender: deliver a message or say how it failed."""

from __future__ import annotations

from typing import Protocol


class TemporaryFailure(Exception):
    """The message may go through later: a 4xx answer, a relay down or misconfigured."""


class PermanentFailure(Exception):
    """The message will never go through as it is: a 5xx answer to it."""


class Transport(Protocol):
    def deliver(self, row_id: int, sender: str, recipients: list[str], raw: bytes) -> None:
        """Hand one message on, or raise TemporaryFailure or PermanentFailure."""

    def close(self) -> None:
        """Let go of what was kept between deliveries (a connection)."""


__all__ = ["PermanentFailure", "TemporaryFailure", "Transport"]
