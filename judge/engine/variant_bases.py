"""The bases of a variant's own orders and events, kept out of the compiled build.

setup.py compiles orders.py and outcome.py (issue #18, the order reader); mypyc checks a
value declared as one of their unions (`Order`, `Event`) against each member's exact type
when the member's class has no compiled subclass, so a variant's Disembark or Damage,
derived from a VariantOrder compiled there, was refused (`TypeError: union[...] object
expected`: bench/README.md, reader18d). A class of a module mypyc does not compile is
any object to it: the unions take every variant's class, and the standard members, tried
first, are still told apart by their exact types. Interpreted, nothing changes.
"""

from __future__ import annotations

from dataclasses import Field
from typing import Any, ClassVar


class VariantOrder:
    """The base of a variant's own order types (Engineered's damage, a scout): a frozen
    dataclass deriving from this, with `loc` and `kind` like every order, registered with
    its notation, check and set key (order_types.OrderType). The standard handlers never
    see one: the variant's handler takes its own orders out before calling them."""

    __slots__ = ()
    # Declared for the type checker: every subclass is a dataclass (fields, replace).
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    loc: str
    kind: str | None


class VariantEvent:
    """The base of a variant's own events (a scouting report, a prisoner taken): the
    variant registers each with its JSON form (order_types.EventType) and derives it from
    this, so that handlers may return it and the engine's code, which matches the standard
    events, passes it by."""

    __slots__ = ()
