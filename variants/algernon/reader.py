"""Reading orders by portal (I.A-C) against the writer's knowledge, never the maze.

A space the writer has not learnt of is unknown to him whether or not it exists, and a
portal number is checked only against a portal count he knows, so no reply tells him
anything of the maze (issue #17; the hidden-information harness). Without a seat (the
master) the maze itself is the knowledge; `judge adjudicate` reads a player's lines
against the record its request gives him, or his start's (rule 4), with the spaces where
his rats stand (known.with_own_spaces).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from judge.engine.orders import Hold, Order
from judge.engine.types import MOVEMENT
from judge.grammar import ErrorKind, OrderSyntaxError
from judge.grammar.reader import Writer
from judge.variant import Variant

from .known import portal_count, record, space_facts, with_own_spaces
from .maze import Maze
from .orders import BuildList, PortalMove, PortalSupport, RetreatList
from .source import maze_of

SPACE = r"([a-z][a-z0-9]*)"
# I.A.1's "to", a dash or arrow as players write moves ("VT-3", "VT - 3", "VT->3"), the
# move letter of older judges ("VT M 3", as the common grammar reads it), or rule 5's verb.
TO = r"(?:\s+(?:to|m|attacks?)\s*|\s*->?\s*)"
PATTERNS = {
    "move": re.compile(rf"^{SPACE}{TO}(\d+)$"),
    "hold": re.compile(rf"^{SPACE}\s+(?:h|hold|holds)$"),
    "support": re.compile(rf"^{SPACE}\s+(?:s|supports?)\s+(\d+)"
                          rf"(?:\s*\(\s*(?:{SPACE}{TO}(\d+)|(\d+))\s*\))?$"),
    "retreat": re.compile(rf"^{SPACE}\s*\(\s*(\d+(?:\s*,\s*\d+)*)\s*\)$"),
    "build": re.compile(r"^build\s+(.+)$"),
}
# 'PL S KG - 1', a support as other games write it, names no portal of its own (I.A.4).
UNPORTALLED_SUPPORT = re.compile(rf"^{SPACE}\s+(?:s|supports?)\s+{SPACE}{TO}(\d+)$")
# 'PL S KG', a support of a hold as other games write it ('F Lon S A Wal'): I.A.3's names
# the supporter's portal whose far end it supports, never a space.
SUPPORT_OF_SPACE = re.compile(rf"^{SPACE}\s+(?:s|supports?)\s+(?:(?:r|rat|a|f)\s+)?{SPACE}$")
# 'IG - DS', a move to a space by name as other games write it: a rat goes out of a portal.
MOVE_TO_SPACE = re.compile(rf"^{SPACE}{TO}{SPACE}$")
WAIVE_WORDS = frozenset({"waive", "waive build", "waive builds"})
HOW = ("write VT to 3, VT h, VT s 2, VT s 4 (SQ to 6), MK s 1 (1), VT(3,2,5,1,6,4) or "
       "Build MK, VT, CJ")


class PortalReader:
    def __init__(self, variant: Variant) -> None:
        self.maze = maze_of(variant)

    def read(self, text: str, phase_kind: str, writer: Writer) -> Order:
        line = " ".join(text.lower().replace(".", " ").split())
        if not line:
            raise OrderSyntaxError(ErrorKind.EMPTY, "an empty line is no order", text)
        if phase_kind != MOVEMENT:
            raise OrderSyntaxError(ErrorKind.WRONG_PHASE, "orders go with the moves: "
                                   "retreat and build lists too (I.B, I.C)", text.strip())
        known = self.known(writer)
        for candidate in _as_written(line):
            for name, pattern in PATTERNS.items():
                match = pattern.match(candidate)
                if match:
                    return _READ[name](known, match.groups(), text.strip())
        raise OrderSyntaxError(ErrorKind.MISSING_PART, _not_an_order(line, text.strip()),
                               text.strip())

    def known(self, writer: Writer) -> Mapping[str, Any]:
        if writer.power is None:
            return everything(self.maze)
        return with_own_spaces(record(writer.knowledge, self.maze, writer.power), self.maze)

    def reads_as_prose(self, text: str) -> bool:
        """Words, not an attempt at an order: no order's shape, no number, no BUILD."""
        line = " ".join(text.lower().split())
        rest = _after(line, RAT_WORDS + OTHER_UNITS)
        lines = [line, rest] if rest else [line]
        return not (line in WAIVE_WORDS  # an order of the other games: answered as one
                    or any(p.match(one) for one in lines for p in PATTERNS.values())
                    or re.search(r"\d", line) or line.startswith("build")
                    or any(_order_shaped(one) for one in lines))


# What a rat does, written after its space: 'CG s LO' is a support with a space written
# for the portal, an order to answer, never a signature ('to' is left out: 'Bob to all').
VERBS = frozenset({"s", "support", "supports", "h", "hold", "holds", "attacks", "-", "->"})


def _order_shaped(line: str) -> bool:
    """A space's short name, a verb, then only short words ('CG s LO', 'CG - LO')."""
    words = re.sub(r"(->?)", r" \1 ", line).split()
    return (len(words) >= 2 and len(words[0]) <= 3 and words[1] in VERBS
            and all(len(w) <= 3 for w in words[2:]))


def _not_an_order(line: str, text: str) -> str:
    """`A LO to 2`, an army's or fleet's letter from the other games: say what to drop.
    `LO c 2 (SQ to 6)`, a convoy as other games write it: say that rats have none."""
    rest = _after(line, OTHER_UNITS)
    if rest and any(p.match(rest) for p in PATTERNS.values()):
        written = text.split(None, 1)[1]
        return (f"not an order: your units are rats (rule 2), ordered by their space alone "
                f"({written}) or as the replies write them (R {written})")
    named = _space_for_portal(line)
    if named:
        return named
    if line in WAIVE_WORDS:
        return ("not an order: builds are never ordered nor waived in this game: the "
                "Winter makes those due with nobody ordering, in the homes of the build "
                "list you send with the Fall's moves first (Build MK, VT, CJ), the others at "
                "random (I.C.1)")
    words = (_after(line, RAT_WORDS + OTHER_UNITS) or line).split()
    if len(words) > 1 and words[1] in CONVOY_WORDS:
        return ("not an order: a rat does not convoy (rule 5: it attacks, supports or "
                f"holds; rule 2: there are no fleets); {HOW}")
    return f"not an order: {HOW}"


def _space_for_portal(line: str) -> str | None:
    """A support or move written as other games write it, naming a space where a rat
    names a portal of its own (I.A.1, I.A.3, I.A.4): say which portal to name."""
    support = UNPORTALLED_SUPPORT.match(_after(line, RAT_WORDS) or line)
    if support:
        here, there, portal = (g.upper() for g in support.groups())
        return (f"not an order: a rat supports out of one of its own portals (I.A.4), so "
                f"name that portal first: {here} s <portal> ({there} to {portal})")
    held = SUPPORT_OF_SPACE.match(_after(line, RAT_WORDS + OTHER_UNITS) or line)
    if held:
        here = held.group(1).upper()
        return (f"not an order: a rat supports the rat at the far end of one of its own "
                f"portals, named by its number, not by the space it leads to (I.A.3): "
                f"{here} s <portal>")
    moved = MOVE_TO_SPACE.match(_after(line, RAT_WORDS + OTHER_UNITS) or line)
    if moved:
        here = moved.group(1).upper()
        return (f"not an order: a rat moves out of one of its own portals, named by its "
                f"number, not by the space it leads to (I.A.1): {here} to <portal>")
    return None


def _as_written(line: str) -> list[str]:
    """The line, then without a leading `R` or `rat`: the replies write a rat `R LO`
    ("Still without orders: R LO"), and a player copies it (`R LO to 2`). The line as
    written comes first, so a space called R is still read as one."""
    rest = _after(line, RAT_WORDS)
    return [line, rest] if rest else [line]


# How the replies write a rat ("R LO"), and the letters of other games' armies and fleets.
RAT_WORDS = ("r", "rat")
OTHER_UNITS = ("a", "f")
CONVOY_WORDS = ("c", "convoy", "convoys")


def _after(line: str, words: tuple[str, ...]) -> str:
    """The line after its first word when that word is one of `words`, else ""."""
    first, _, rest = line.partition(" ")
    return rest if first in words else ""


def everything(maze: Maze) -> dict[str, Any]:
    """The master's knowledge: the whole maze."""
    return {"spaces": {n: space_facts(s) for n, s in maze.spaces.items()},
            "homes": [n for n, s in maze.spaces.items() if s.home]}


def _space(known: Mapping[str, Any], word: str, text: str) -> str:
    name = word.upper()
    if name not in known.get("spaces", {}):
        raise OrderSyntaxError(ErrorKind.UNKNOWN_PLACE,
                               f"you know no space called {name}", word)
    return name.lower()


def _portal(known: Mapping[str, Any], space: str, word: str) -> int:
    number, count = int(word), portal_count(known, space.upper())
    if number < 1 or (count is not None and number > count):
        raise OrderSyntaxError(ErrorKind.UNKNOWN_PLACE, f"{space.upper()} has portals 1 to "
                               f"{count}, not {number}", word)
    return number


def _move(known: Mapping[str, Any], g: tuple[Any, ...], text: str) -> Order:
    loc = _space(known, g[0], text)
    return PortalMove(loc, _portal(known, loc, g[1]))


def _hold(known: Mapping[str, Any], g: tuple[Any, ...], text: str) -> Order:
    return Hold(_space(known, g[0], text), "R")


def _support(known: Mapping[str, Any], g: tuple[Any, ...], text: str) -> Order:
    loc = _space(known, g[0], text)
    portal = _portal(known, loc, g[1])
    if g[2] is not None:
        target = _space(known, g[2], text)
        return PortalSupport(loc, portal, target, _portal(known, target, g[3]))
    # I.A.5's "(1)" is the writer's order 1 or a portal of the space MK1 leads to, which he
    # may not know (numbered_support): only the adjudication checks it, and a misfit is void.
    return PortalSupport(loc, portal, number=None if g[4] is None else int(g[4]))


def _retreat(known: Mapping[str, Any], g: tuple[Any, ...], text: str) -> Order:
    loc = _space(known, g[0], text)
    return RetreatList(loc, tuple(_portal(known, loc, w.strip()) for w in g[1].split(",")))


def _build(known: Mapping[str, Any], g: tuple[Any, ...], text: str) -> Order:
    words = [w for w in re.split(r"[\s,]+", g[0]) if w]
    spaces = tuple(_space(known, w, text) for w in words)
    homes = {h.lower() for h in known.get("homes", ())}
    for space, word in zip(spaces, words, strict=True):
        if space not in homes:
            raise OrderSyntaxError(ErrorKind.UNKNOWN_PLACE,
                                   f"{word.upper()} is not one of your homes", word)
    return BuildList(spaces)


_READ = {"move": _move, "hold": _hold, "support": _support, "retreat": _retreat,
         "build": _build}
