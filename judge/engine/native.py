"""How the optional compiled build (mypyc, docs/deployment.md "The compiled reader") is to
treat the engine's classes; interpreted, nothing here changes anything.

mypyc reads `mypyc_attr` by its full name, `mypy_extensions.mypyc_attr`, when it compiles
the hot modules (setup.py with JUDGE_COMPILE=1). Compiled, a class refuses interpreted
subclasses unless it allows them (`allow_interpreted_subclasses=True`: the resolvers and
`FullInformation` the variants and tests derive from; the phase handlers derive from
handler.py's PhaseHandler, which stays interpreted, so they are ordinary classes;
counted.py's orders are compiled with the orders they extend, setup.py); the bases of
variants' orders and events stay out of the build altogether (variant_bases.py says why).
Interpreted, the decorator returns its class as it is, and the engine imports nothing
outside the standard library.

A compiled frozen dataclass is copied and unpickled by a `__setstate__` of mypyc's that
assigns to its frozen fields, which fails; `copied_by_fields` rebuilds such objects from
their fields instead, for the compiled classes only.
"""

from __future__ import annotations

import copyreg
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda thing: thing

__all__ = ["copied_by_fields", "mypyc_attr"]


def copied_by_fields(*classes: type) -> None:
    """Called at the end of a module that may be compiled, with its frozen dataclasses."""
    for cls in classes:
        if _compiled(cls):
            copyreg.pickle(cls, _by_fields)


def _compiled(cls: type) -> bool:
    module = sys.modules.get(cls.__module__)
    return (getattr(module, "__file__", None) or "").endswith((".so", ".pyd"))


def _by_fields(obj: Any) -> tuple[type, tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))
