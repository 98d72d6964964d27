"""The game's options as a phase sees them. A game copies its options into its start
position's state (docs/variants.md, G2), and `judge adjudicate` takes them in the request's
"state" (docs/adjudicate.md), so a phase reads them there first, then the variant's own
(a game's choices over variant.toml's defaults)."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.position import Position

Options = Mapping[str, object]


def options_at(defaults: Options, position: Position) -> dict[str, object]:
    return {**defaults, **{k: v for k, v in position.state.items() if k in defaults}}


def level_at(defaults: Options, position: Position) -> str:
    """rn45 A: "simple", "complex" or "advanced"."""
    return str(options_at(defaults, position).get("level", "simple"))
