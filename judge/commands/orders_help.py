"""HELP ORDERS: how to write orders, with the examples of the game's variant.

A variant gives its own examples in its folder (`variants/<name>/help-orders.txt`): its
map's names, its coasts, its own orders (Envoy's diplomats). A game that chose another map
(its option `map`) gets `help-orders-<map>.txt` when the folder has one. The judge adds how it takes
orders, which is the same for every variant. Signed on, a player gets his game's page;
otherwise `HELP ORDERS <variant>` names one, and HELP ORDERS alone lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from judge.commands.context import JudgeContext
from judge.commands.items import CommandResult
from judge.commands.registry import Context
from judge.engine.rulebook import DuplicateOrders
from judge.game.games import game_variant, plain_variant
from judge.variant import Variant
from judge.variant_loader import available_variants

HELP_FILE = "help-orders.txt"
# HELP with any of these words is about writing orders, not about a command; so is HELP
# with the name of a unit kind of any variant (ARMY, FLEET, a variant's own kinds).
TOPICS = frozenset({
    "ORDERS", "ORDER", "MOVE", "MOVES", "MOVEMENT", "HOLD", "SUPPORT", "CONVOY",
    "RETREAT", "RETREATS", "BUILD", "BUILDS", "REMOVE", "DISBAND", "WAIVE", "COAST",
    "COASTS", "ADJUSTMENT", "ADJUSTMENTS"})
_DUPLICATES = {
    DuplicateOrders.HOLD: "two different orders for one unit in one message: neither stands "
                          "and the unit holds",
    DuplicateOrders.LAST: "two different orders for one unit in one message: the last one "
                          "stands",
}


def is_topic(words: Sequence[str]) -> bool:
    return bool(words) and words[0].strip(".,:;!?").upper() in TOPICS | _unit_words()


@cache
def _unit_words() -> frozenset[str]:
    """Every variant's unit kinds by name, singular and plural: the variants' folders say
    which units exist, so the judge names none."""
    names = {kind.name.upper() for name in available_variants()
             for kind in plain_variant(name).rules.geo.kinds.values()}
    return frozenset(names | {f"{name}S" for name in names})


def orders_help(ctx: Context, words: Sequence[str]) -> CommandResult:
    """The page for the variant named after the topic word, else for the signed-on game."""
    if len(words) > 1:
        name = words[1].strip(".,:;!?").lower()
        if name not in available_variants():
            return CommandResult.fail(f"no variant called {words[1]!r}; write HELP ORDERS alone, "
                                      f"or one of: {', '.join(_listed())}")
        return CommandResult.ok(*_page(plain_variant(name), None))
    game = ctx.game if isinstance(ctx, JudgeContext) else None
    if game is None:
        return CommandResult.ok(*_choose())
    variant = game_variant(game)
    return CommandResult.ok(*_page(variant, variant.rules.rulebook.duplicate_orders))


def _page(variant: Variant, rule: DuplicateOrders | None) -> list[str]:
    return [f"Writing orders for {variant.title} ({variant.name})", "",
            *_examples(help_path(variant)), "", *_taking(rule)]


def help_path(variant: Variant) -> Path:
    """The examples for the game's map: its own page when it chose another map."""
    chosen = variant.options.get("map")
    own = variant.folder / f"help-orders-{chosen}.txt"
    return own if chosen is not None and own.is_file() else variant.folder / HELP_FILE


def _choose() -> list[str]:
    """Not signed on: which page to ask for, then what holds in every game."""
    lines = ["Orders are written for a game's map. Sign on (SIGNON) and send HELP ORDERS "
             "for your game's examples, or name its variant:"]
    lines += [f"  HELP ORDERS {name} — {plain_variant(name).title}" for name in _listed()]
    return [*lines, "", *_taking(None)]


def _listed() -> list[str]:
    return [name for name in available_variants() if plain_variant(name).by_mail]


@cache
def _examples(path: Path) -> tuple[str, ...]:
    try:
        return tuple(path.read_text(encoding="utf-8").rstrip().splitlines())
    except FileNotFoundError:
        return ("This variant gives no examples of its own: write orders in the usual "
                "notation, e.g. A Par - Bur, F Lon S A Wal - Bel, build A War.",)


def _taking(rule: DuplicateOrders | None) -> list[str]:
    """How the judge takes orders, whatever the variant."""
    duplicates = [_DUPLICATES[rule]] if rule else [
        f"{_DUPLICATES[r]} (where the game's rule is duplicate_orders={r.value})"
        for r in DuplicateOrders]
    return [
        "How the judge takes them:",
        "- After SIGNON (or in a reply to the judge's mail to your seat), every line that "
        "is not a command is an order for the phase now open.",
        "- A later order for a unit replaces the earlier one, from any earlier message; "
        + "; ".join(duplicates) + ".",
        "- Each line is checked when it arrives: the reply quotes each line it refuses, "
        "with the reason, and shows your whole order set and what is still missing.",
        "- PHASE <phase> sends the lines after it for a later phase; CLEAR cancels your "
        "orders for this phase.",
        "- End your orders with SIGNOFF, or put a line '-- ' above your signature: nothing "
        "after it is read. Quoted text (lines starting with '>') is skipped.",
    ]
