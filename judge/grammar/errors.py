"""What a player is told when an order line cannot be read."""

from __future__ import annotations

from enum import StrEnum


class ErrorKind(StrEnum):
    UNKNOWN_PLACE = "unknown place"
    UNKNOWN_WORD = "unknown word"
    MISSING_PART = "missing part"
    WRONG_PHASE = "wrong phase"
    AMBIGUOUS = "ambiguous"
    EMPTY = "empty"


class OrderSyntaxError(ValueError):
    """An order line the grammar cannot read.

    `message` is meant for the player as is; `fragment` is the part of the line at fault,
    spelled as the player wrote it (the whole line when a part is missing).
    """

    def __init__(self, kind: ErrorKind, message: str, fragment: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.fragment = fragment

    def __repr__(self) -> str:
        return f"OrderSyntaxError({self.kind.name}, {self.message!r}, {self.fragment!r})"
