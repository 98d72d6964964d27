"""The one exception the game layer raises for a request it refuses."""

from __future__ import annotations


class GameError(ValueError):
    """A request the rules or the game's state refuse; the message says why and what to do.

    Commands turn it into an error entry quoting the offending line; operators' commands
    print it. Programming errors are other exceptions and are never shown to players.
    """
