"""Fixtures of the outbox sender tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mail.smtp_sink import Sink


@pytest.fixture
def sink() -> Iterator[Sink]:
    """A real SMTP server on 127.0.0.1 that keeps what it is sent."""
    with Sink() as running:
        yield running
