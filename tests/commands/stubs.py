"""A registry holding every command name issue #3 lists, with stub run functions.

It checks the planned names against each other (no clashes, realistic ambiguities) before
the families exist.
"""

from __future__ import annotations

from judge.commands import (
    Command,
    CommandRegistry,
    CommandResult,
    Context,
    Invocation,
    build_registry,
)

PLAIN = (
    "LIST", "HISTORY", "SUMMARY", "CREATE", "SIGNON", "JOIN", "OBSERVE", "CLEAR", "PHASE",
    "SET PASSWORD", "SET ADDRESS", "SET WAIT", "SET NOWAIT", "SET DRAW", "SET NODRAW",
    "SET CONCEDE", "SET ABSENCE", "SET ZONE", "RESIGN", "SET DEADLINE", "SET GRACE",
    "SET START", "START", "PROCESS", "PREVIEW", "ROLLBACK", "ROLLFORWARD", "PAUSE",
    "RESUME", "EJECT", "REPLACE", "BECOME", "SET ORDERS", "ANNOUNCE", "END GAME",
)


def stub(ctx: Context, invocation: Invocation) -> CommandResult:
    return CommandResult.ok(f"ran {invocation.name} {' '.join(invocation.args)}".strip())


def full_registry() -> CommandRegistry:
    """The real families plus a stub for each planned name no family registers yet."""
    registry = build_registry()
    planned = [Command(name=name, help=f"{name.lower()} (stub)", run=stub) for name in PLAIN]
    planned += [
        Command(name="REGISTER", help="register", run=stub, block=True, end_words=("END",)),
        Command(name="PRESS", help="press", run=stub, block=True,
                end_words=("ENDPRESS", "END PRESS")),
        Command(name="BROADCAST", help="broadcast", run=stub, block=True,
                end_words=("ENDPRESS", "END PRESS")),
    ]
    for command in planned:
        if registry.lookup(command.name).command is None:
            registry.register(command)
    return registry
