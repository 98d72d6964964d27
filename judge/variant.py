"""A variant: the engine's Rules, the start position, the names players use, and the hooks
a variant may set (docs/variants.md). judge/variant_loader.py reads one from its folder.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.attachment import Attachment
from judge.engine.position import Position
from judge.engine.rules import Rules
from judge.engine.turn import TurnResult
from judge.engine.visibility import Seen, Viewer

if TYPE_CHECKING:
    from judge.engine.questions import Question
    from judge.grammar.reader import OrderReader

# Each player's ranked powers (every power, the short lists completed in the variant's
# order), a random source, the powers -> each player's power.
Allocate = Callable[[Mapping[str, Sequence[str]], random.Random, Sequence[str]],
                    dict[str, str]]


def deal_by_rank(preferences: Mapping[str, Sequence[str]], powers: Sequence[str],
                 rng: random.Random) -> dict[str, str]:
    """The classic deal: rank by rank, each player (in an order drawn by lot) gets the
    best-ranked of `powers` still free; powers left over go by lot to players whose wishes
    were all taken. With fewer powers than players, the last drawn get none."""
    order = list(preferences)
    rng.shuffle(order)
    free = list(powers)
    given: dict[str, str] = {}
    for rank in range(len(free)):
        for player in order:
            wanted = preferences[player]
            if player not in given and rank < len(wanted) and wanted[rank] in free:
                given[player] = wanted[rank]
                free.remove(given[player])
    rng.shuffle(free)
    for player in order:
        if player not in given and free:
            given[player] = free.pop()
    return {player: given[player] for player in preferences if player in given}


@dataclass(frozen=True)
class PowerInfo:
    name: str
    adjective: str
    letter: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Stage:
    """A stage that opens a while before a phase's deadline and is announced to the players
    (Engineered's madman bidding opens 24 hours before it). `[[stages]]` in variant.toml."""

    name: str
    before: timedelta
    phase_kinds: frozenset[str]
    notice: str
    # `holds = true`: once the stage has opened with a player late, the turn waits for its
    # deadline even when every order comes in (the stage is the others' time to act).
    holds: bool = False
    # What the notice adds for the game at hand: (variant, position, late powers) -> text
    # (the madman's units up for bids), set by the variant's customise; None: nothing.
    describe: Callable[[Variant, Position, tuple[str, ...]], str] | None = None


@dataclass(frozen=True)
class ReportSection:
    """A part of the turn report a variant adds (docs/variants.md, "Report sections").

    `build(variant, turn, viewer, seen)` makes the section's view from what `viewer` may
    know of `turn` (`seen`: its visibility's projection), or None when it has nothing to
    tell that reader; the template `template`, in the variant's template folder, writes the
    view (named `section`) at `slot`, one of the report frame's places (judge/reports/
    sections.py). Sections of one slot come in the order the variant declares them.
    `files(variant, view)`: the files the report carries for that view (a map picture),
    sent after its text. `on_known_board`: `build` gets the turn with its position replaced
    by the board the reader knows after it (his stored knowledge record's, judge/game/
    seat_board.py; the visibility's for a master, an observer, a turn without records), so
    the section tells what the seat was told (issue #12 item 4); False: the turn as it
    was, for sections that read only `seen` or the whole position on purpose."""

    slot: str
    template: str
    build: Callable[[Variant, TurnResult, Viewer, Sequence[Seen]], object | None]
    files: Callable[[Variant, Any], Sequence[Attachment]] | None = None
    on_known_board: bool = False


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    rules: Rules
    start: Position
    powers: tuple[PowerInfo, ...]
    folder: Path
    # The variant's own settings (Secret/Stab Envoy, Engineered's madman...), read by its
    # hooks; `[options]` in variant.toml, overridden per game.
    options: Mapping[str, Any] = field(default_factory=dict)
    # Whether games of it can be created and played by mail; false while only the engine
    # knows the variant (it is still adjudicated by `judge adjudicate`).
    by_mail: bool = True
    # How order lines are read (judge/grammar/reader.py): None for the common notations;
    # a variant with its own notation sets a factory in its rules.py (docs/variants.md).
    reader: Callable[[Variant], OrderReader] | None = None
    stages: tuple[Stage, ...] = ()
    # Questions put to the game's observers (rn45 F1's audience vote), by the board of the
    # turn: they answer with POLL, and the most-voted answer reaches the handlers
    # (judge/game/polls.py). None: no polls.
    polls: Callable[[Variant, Position], Sequence[Question]] | None = None
    # Whether the players may end the game in a draw (False: a prize game, rn45 F4).
    draws: bool = True
    # Whether the game keeps its players' names from everyone but its master until it is
    # over (LIST, SUMMARY): players know one another only by their powers (rn45 F2).
    names_hidden: bool = False
    # The `[options]` key that says how many players a game takes when fewer than its
    # powers play (variant.toml `seats_option`); the start state then lists the powers
    # played under the same key. None: one player per power.
    seats_option: str | None = None
    # The variant's own spellings of the order words, by word (`[words]` in variant.toml:
    # build = ["place"]), which the common grammar reads beside its own.
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sections: tuple[ReportSection, ...] = ()  # what its reports tell beyond the common frame
    # Who gets which power from the players' preference lists (Envoy rule 2); None: the
    # classic deal by rank and lot (judge/game/allocation.py). Set by `customise`.
    allocate: Allocate | None = None
    # The game's seed, chosen when it was created (0 for the variant as its folder gives
    # it): what `make_map` and the variant's own draws start from.
    seed: int = 0
    # The game's own map as `make_map` made it (None: the folder's), for hooks that keep
    # more in it than provinces and borders (a numbering of the borders, say).
    world: Mapping[str, Any] | None = None
    # How one reader's picture is drawn when the map is made for each game: given the
    # folder's drawing (judge.pictures.drawing.Drawing: colours, symbols), the reader's
    # board and his viewer, the Drawing to render, with the places and outlines he may
    # see. None: the folder's drawing as it is. Set by `customise`.
    drawing: Callable[[Variant, Any, Position, Viewer], Any] | None = None
    # What a seat's start notice tells beyond the common frame, from the board the first
    # phase opens on and the seat's viewer (Algernon: a player's homes and their portals,
    # rule 4). None: nothing more. Set by `customise`.
    start_words: Callable[[Variant, Position, Viewer], Sequence[str]] | None = None
    # The map's names for places it no longer has (variant_map.read_former's rows: its
    # folder's former.csv, or "former" in the game's own map), for the grammar's hints.
    former: tuple[Mapping[str, Any], ...] = ()

    def powers_in_play(self) -> list[str]:
        """The powers a game of this variant plays, in its order: those its map (the
        game's own, `world`) gives homes or units at the start. A map made for a game's
        number of players declares fewer than the variant; a power nobody plays that
        holds homes still counts."""
        start = {u.power for u in self.start.units}
        return [p.name for p in self.powers if self.rules.homes.get(p.name) or p.name in start]

    def power_names(self) -> dict[str, str]:
        """Every way to write a power (lower case) -> the power's id."""
        out: dict[str, str] = {}
        for p in self.powers:
            for alias in (p.name, p.adjective, *p.aliases):
                out[alias.lower()] = p.name
        return out


def with_rulebook(variant: Variant, **choices: Any) -> Variant:
    """The same variant with some rule choices changed (a game's options)."""
    rules = replace(variant.rules, rulebook=replace(variant.rules.rulebook, **choices))
    return replace(variant, rules=rules)


def power_name(power: str) -> str:
    """A power's id as mail writes it: 'FRANCE' -> 'France'."""
    return power.title()


def power_rank(variant: Variant) -> dict[str, int]:
    """The variant's order of powers, the order every report and list gives them in."""
    return {p.name: i for i, p in enumerate(variant.powers)}
