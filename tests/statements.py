"""The SQL statements an engine runs while a block runs, for tests that count reads."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import sqlalchemy as sa

Chosen = Callable[[str], bool]


@contextmanager
def statements_on(engine: sa.engine.Engine, chosen: Chosen = lambda _s: True
                  ) -> Iterator[list[str]]:
    """Every statement run on `engine` inside the block that `chosen` keeps, in order."""
    seen: list[str] = []

    def note(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if chosen(statement):
            seen.append(statement)

    sa.event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", note)
