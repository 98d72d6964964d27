"""The game's options as a phase sees them. A game copies its options into its start
position's state (docs/variants.md, G2), and `judge adjudicate` takes them in the request's
"state" (docs/adjudicate.md), so a phase reads them there first, then the variant's own
(a game's choices over variant.toml's defaults).

Some options are rules of one level only (rn45 A marks each rule simple, complex or
advanced): `refusal` says why a game asked with one at another level cannot be made, so a
master who writes `decoys=yes` at the simple level is told, not given a game without them."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.position import Position

Options = Mapping[str, object]


def options_at(defaults: Options, position: Position) -> dict[str, object]:
    return {**defaults, **{k: v for k, v in position.state.items() if k in defaults}}


def level_at(defaults: Options, position: Position) -> str:
    """rn45 A: "simple", "complex" or "advanced"."""
    return str(options_at(defaults, position).get("level", "simple"))


# (option, the levels it is a rule of, the rule, what to write with it)
NEEDS_LEVEL = (
    ("decoys", ("complex", "advanced"), "rn45 C8: Complex and Optional",
     "level=complex or level=advanced"),
    ("survival", ("advanced",), "rn45 F: Advanced and Optional", "level=advanced"),
    ("prize", ("advanced",), "rn45 F4, part of the survival game",
     "level=advanced survival=yes"),
)


def refusal(options: Options) -> str | None:
    """Why a game of these options cannot be made (an option of another level, a prize
    game that is no survival game), or None."""
    level = str(options.get("level", "simple"))
    for option, levels, rule, write in NEEDS_LEVEL:
        if options.get(option) and level not in levels:
            return (f"{option}=yes is not a rule of the {level} game ({rule}); "
                    f"write {write} with it")
    if options.get("prize") and not options.get("survival"):
        return "prize=yes is a survival game's (rn45 F4); write survival=yes with it"
    if options.get("decoy_beside", "swap") != "swap" and not options.get("decoys"):
        return (f"decoy_beside={options['decoy_beside']} is a reading of the decoys' rule "
                "(rn45 C8 8c); write decoys=yes with it")
    return None
