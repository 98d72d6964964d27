"""Fixtures of the outbox sender tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.mail.smtp_sink import Sink


@pytest.fixture(params=["one by one", "pipelining"])
def sink(request: pytest.FixtureRequest) -> Iterator[Sink]:
    """A real SMTP server on 127.0.0.1 that keeps what it is sent; each test runs against
    one that announces PIPELINING too (the sender then takes its other path)."""
    with Sink(pipelining=request.param == "pipelining") as running:
        yield running
