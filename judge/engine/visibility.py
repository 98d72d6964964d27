"""Per-viewer projection of a turn's events: the only way hidden information is hidden.

Reports, LIST, HISTORY, maps and error replies are all built from what a `Visibility`
returns for their reader, never by filtering rendered text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, Protocol

from judge.engine.native import mypyc_attr
from judge.engine.outcome import Event
from judge.engine.position import Position
from judge.engine.types import Phase, Unit


class Role(StrEnum):
    PLAYER = "player"
    OBSERVER = "observer"
    MASTER = "master"
    PUBLIC = "public"  # anyone without a seat in the game: the public facts only


@dataclass(frozen=True, slots=True)
class Viewer:
    role: Role
    power: str | None = None  # the power a player plays

    @classmethod
    def master(cls) -> Viewer:
        return cls(Role.MASTER)

    @classmethod
    def observer(cls) -> Viewer:
        return cls(Role.OBSERVER)

    @classmethod
    def public(cls) -> Viewer:
        """A reader with no seat in the game: never more than an observer without the
        game's privileges (a game may let its observers see all; nobody else)."""
        return cls(Role.PUBLIC)

    @classmethod
    def player(cls, power: str) -> Viewer:
        return cls(Role.PLAYER, power)


class Sighting(NamedTuple):
    """A unit the viewer learns stands in its province, its order not told (Stab Envoy
    12d: a unit attacked while supporting is seen, its support is not)."""

    unit: Unit
    dislodged: bool = False


class Notice(NamedTuple):
    """A fact a hidden-movement variant tells a viewer in place of the events it hides.

    The topic is the variant's own word (Stab Envoy's "major ally", "counts"...): the engine
    carries a notice, the variant that made it builds the report section that tells it."""

    topic: str
    powers: tuple[str, ...] = ()  # the powers it names, in the order the topic reads them
    units: tuple[Unit, ...] = ()  # the units it shows
    numbers: tuple[int, ...] = ()  # the numbers it tells


# A power a projection may not name, in an event it rewrites: the side of a centre change
# the viewer did not see (Stab Envoy 12e). Reports write it in words; JSON gives it as is.
UNSEEN = "?"

Seen = Event | Sighting | Notice
"""What a viewer may be shown of a turn: events, possibly rewritten, and notices."""


class Visibility(Protocol):
    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        """The events `viewer` may know, possibly rewritten (a unit shown without its order)."""

    def board(self, position: Position, viewer: Viewer) -> Position:
        """The board as `viewer` may see it (Secret Envoy hides diplomats, Algernon the maze)."""


class TurnVisibility(Visibility, Protocol):
    """A visibility that needs the turn's phase and the board it led to (G22): Stab Envoy
    reads who controls what and counts centres from them."""

    def project_turn(self, phase: Phase, events: Sequence[Event], position: Position,
                     viewer: Viewer) -> tuple[Seen, ...]:
        """What `viewer` may know of the turn `phase` whose events led to `position`."""


class Hiding(Protocol):
    """A visibility that says whether it may keep anything from a viewer in a game: a fact
    of the game's rules and the viewer's seat, never of what is hidden at the moment."""

    def hides(self, position: Position, viewer: Viewer) -> bool:
        """Whether the game of `position` may keep anything from `viewer`."""


class PublicCounts(Protocol):
    """A visibility that hides who owns what but makes every power's count of centres
    public when the year's centres are counted (Algernon rule 7): SUMMARY shows them."""

    def counts_public(self) -> bool:
        """Whether every power's centre count at the year's count is public."""


# counts_public, duties_public, hides and projection ask for the one method their protocol
# names, as isinstance on a runtime protocol would, without its cost on Python 3.11 (10-20
# µs: it lists the protocol's members at every call): duties_public runs at the end of
# every autumn (adjustments.AdjustmentPhase.needed; issue #18). The protocols are not
# runtime-checkable: the compiled build (setup.py) drops Protocol from a decorated
# protocol's bases, and nothing asks isinstance of them.


def counts_public(visibility: Visibility) -> bool:
    said = getattr(visibility, "counts_public", None)
    return callable(said) and bool(said())


class ToldSurvivors(Protocol):
    """A visibility that keeps from the players whether another power has a unit left: it
    says which powers every player may know are still in the game (votes.survivors_told)."""

    def survivors_told(self, position: Position, dealt: frozenset[str]) -> frozenset[str]:
        """The powers all may know survive on `position`; `dealt`: those dealt to a player."""


def survivors_told(visibility: Visibility, position: Position,
                   dealt: frozenset[str]) -> frozenset[str] | None:
    """What the visibility says of the survivors, or None: the board's are public."""
    said = getattr(visibility, "survivors_told", None)
    return frozenset(said(position, dealt)) if callable(said) else None


class PublicDuties(Protocol):
    """A visibility that hides something, but nothing that decides who has orders to give
    in a phase (rn45 C8: which unit is a decoy is hidden; how many each power has, and so
    its builds, is not). Its turns wait, as an open game's do, for the powers that have
    orders to give, not for every player's answer (issue #13 item 7)."""

    def duties_public(self) -> bool:
        """Whether who owes or may give orders in a phase depends on nothing hidden."""


def duties_public(visibility: Visibility) -> bool:
    said = getattr(visibility, "duties_public", None)
    return callable(said) and bool(said())


def hides(visibility: Visibility, position: Position, viewer: Viewer) -> bool:
    """Whether `viewer` may be kept from anything in this game. A visibility that does not
    say is asked for the board: it hides if the viewer's board is not the whole board (for
    such a variant that may depend on what stands where, so a hiding one should say)."""
    said = getattr(visibility, "hides", None)
    if callable(said):
        return bool(said(position, viewer))
    return visibility.board(position, viewer) != position


class ObserversSeeMore(Protocol):
    """A visibility that says whether an observer's seat shows more than a reader with no
    seat (Secret and Stab Envoy's `observers_see_all`): there a seat is the master's to give,
    since a player's second account would read what his power may not (advsec8)."""

    def observers_see_more(self, position: Position) -> bool:
        """Whether, in the game of `position`, an observer may know what the public may not."""


def observers_see_more(visibility: Visibility, position: Position) -> bool:
    """What the visibility says, else what `hides` tells: the public is kept from something
    that observers are not."""
    said = getattr(visibility, "observers_see_more", None)
    if callable(said):
        return bool(said(position))
    return hides(visibility, position, Viewer.public()) \
        and not hides(visibility, position, Viewer.observer())


def projection(visibility: Visibility, phase: Phase, events: Sequence[Event],
               position: Position, viewer: Viewer) -> tuple[Seen, ...]:
    """What `viewer` may know of a turn, from whichever form `visibility` implements."""
    turn = getattr(visibility, "project_turn", None)
    if callable(turn):
        seen: tuple[Seen, ...] = turn(phase, events, position, viewer)
        return seen
    return visibility.project(events, viewer)


@mypyc_attr(allow_interpreted_subclasses=True)
class FullInformation:
    """Standard Diplomacy: every order, result and unit is public."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        return tuple(events)

    def board(self, position: Position, viewer: Viewer) -> Position:
        return position

    def hides(self, position: Position, viewer: Viewer) -> bool:
        return False
