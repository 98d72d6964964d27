"""A game's past from its stored turns: results rebuilt without adjudicating again.

Every processed turn keeps its structured events and the board after it, so HISTORY and
SUMMARY read them back; what a reader may see of them is what his knowledge record kept
with each turn (judge/game/seat_board.py; the callers pass it on) and the visibility's
projection of the turn's events.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.calendar import SeasonCalendar
from judge.engine.codec import event_from_json, position_from_json
from judge.engine.outcome import OrderResult
from judge.engine.position import Position
from judge.engine.turn import TurnResult
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase
from judge.engine.visibility import Viewer, counts_public
from judge.game.errors import GameError
from judge.game.games import game_variant, powers_in
from judge.game.seat_board import board_known
from judge.store.models import Game, Seat, SeatRole, Turn
from judge.store.repo_games import turns_of
from judge.variant import Variant

PHASE_EXAMPLE = ("write a phase as S1901M or Spring 1901 Movement (S1901 or Spring 1901: "
                 "the season's first phase)")
# A phase code; without its kind letter it means the season's first phase (S1901 = S1901M).
_CODE = re.compile(r"^([A-Z]+)(\d{1,5})([A-Z]?)$")
# Kind letters players bring from other judges: B for builds (W1901B).
_KIND_LETTERS = {"B": ADJUSTMENT}
_SEASON_SYNONYMS = {"AUTUMN": "FALL"}
Key = tuple[int, int, int]  # phase_key's: year, season, kind
_KIND_WORDS = {
    MOVEMENT: ("MOVEMENT", "MOVEMENTS", "MOVES", "MOVE"),
    RETREAT: ("RETREAT", "RETREATS"),
    ADJUSTMENT: ("ADJUSTMENT", "ADJUSTMENTS", "BUILDS", "BUILD"),
}
_KINDS = {word: code for code, words in _KIND_WORDS.items() for word in words}


def ended_on(game: Game, turn: Turn) -> bool:
    """Whether the game's end was decided by processing `turn` (a solo, or a shared win)."""
    return game.result is not None and game.result.get("phase") == turn.phase


def stored_result(game: Game, turn: Turn, next_turn: Turn | None) -> TurnResult:
    """The TurnResult `turn` produced, read back from its stored events and board.

    `next_turn` is the turn opened after it (None for the last one): a game ends on a turn
    only if nothing followed it, so a result recorded later (a draw) never rewrites it.
    """
    if turn.events is None or turn.position_after is None:
        raise ValueError(f"turn {turn.phase} has not been processed")
    registry = game_variant(game).rules.registry  # the game's own order and event types
    events = tuple(event_from_json(registry, data) for data in turn.events)
    position = position_from_json(turn.position_after)
    ended = next_turn is None and ended_on(game, turn)
    winners: tuple[str, ...] = ()
    if ended and game.result is not None and game.result.get("kind") in ("solo", "win"):
        winners = tuple(game.result.get("winners", ()))
    return TurnResult(
        phase=Phase.parse(turn.phase),
        results=tuple(e for e in events if isinstance(e, OrderResult)),
        position=position,
        events=events,
        next_phase=None if ended else position.phase,
        winners=winners,
    )


def phase_key(calendar: SeasonCalendar, phase: Phase) -> Key:
    """Sorts phases in play order: year, then season, then the season's phase kinds."""
    season = calendar.season(phase.season)
    kind = season.kinds.index(phase.kind) if phase.kind in season.kinds else len(season.kinds)
    return phase.year, calendar.seasons.index(season), kind


def parse_phase(calendar: SeasonCalendar, text: str) -> Phase:
    """'S1901M' or 'Spring 1901 Movement' (any case; Autumn for Fall, Builds for
    Adjustments) -> the phase, checked against the variant's calendar."""
    words = text.upper().split()
    if len(words) in (2, 3):
        kind = _kinds(calendar).get(words[2], words[2][:1]) if len(words) == 3 else ""
        season = _season_code(calendar, words[0], kind)
        words = [f"{season}{words[1]}{kind}"]
    try:
        phase = Phase.parse(_with_kind(calendar, " ".join(words)))
        if phase.kind not in calendar.season(phase.season).kinds and \
                phase.kind not in _own_kinds(calendar):
            raise ValueError(phase.kind)
    except ValueError:
        raise PhaseError(text) from None
    return phase


class PhaseError(GameError):
    """A phase that does not read; `written` is the text as it was typed."""

    def __init__(self, written: str) -> None:
        super().__init__(f"{written!r} is not a phase of this game; {PHASE_EXAMPLE}")
        self.written = written


def _kinds(calendar: SeasonCalendar) -> dict[str, str]:
    """Every word for a phase kind: the common ones, and the names of the calendar's own
    (a variant's `[phase_names]`: Envoy's placement turn, W1913P, is 'Winter 1913
    Placement'), which no season's cycle lists since the game opens with it."""
    return {**{name.upper(): code for code, name in calendar.kind_names.items()}, **_KINDS}


def _own_kinds(calendar: SeasonCalendar) -> set[str]:
    """The kinds a variant names but no season cycles through (Envoy's opening P)."""
    cycled = {kind for season in calendar.seasons for kind in season.kinds}
    return set(calendar.kind_names) - cycled


def _with_kind(calendar: SeasonCalendar, code: str) -> str:
    """`code` with the season's first kind when it names none, and B read as builds."""
    match = _CODE.match(code)
    if match is None:
        return code
    season, year, kind = match.groups()
    if not kind and len(year) < 3:
        return code  # 'S19' is a typo more likely than the year 19: refused as written
    if not kind:
        kind = calendar.season(season).kinds[0]
    return f"{season}{year}{_KIND_LETTERS.get(kind, kind)}"


def _season_code(calendar: SeasonCalendar, word: str, kind: str) -> str:
    """The season named `word`. Seasons may share a name (a calendar of months whose
    adjustments follow a month's move in a season of their own, named for the month): then
    the first whose phases include `kind`; with no kind, the first of them; with a kind
    none of them cycles through (an opening turn before the first move), the last."""
    word = _SEASON_SYNONYMS.get(word, word)
    named = [s for s in calendar.seasons if s.name.upper() == word]
    if not named:
        return word
    if not kind:
        return named[0].code
    having = [s for s in named if kind in s.kinds]
    return (having or named[-1:])[0].code


def read_phases(calendar: SeasonCalendar, words: Sequence[str]) -> list[Phase]:
    """The phases in `words`: codes (S1901M, S1901) or words (Spring 1901 Movement,
    Spring 1901), with optional FROM and TO between them."""
    phases: list[Phase] = []
    index = 0
    while index < len(words):
        if words[index].upper() in _JOINERS:
            index += 1
            continue
        size = _phase_size(calendar, words, index)
        phases.append(parse_phase(calendar, " ".join(words[index:index + size])))
        index += size
    return phases


_JOINERS = ("FROM", "TO", "-")
_YEAR = re.compile(r"^\d{1,5}$")


@dataclass(frozen=True)
class Mark:
    """A phase or a whole year of a range a reader asks for: the phase keys it spans."""

    text: str  # as told back: 'S1901M', '1901'
    low: Key
    high: Key
    year: bool


def read_marks(calendar: SeasonCalendar, words: Sequence[str]) -> list[Mark]:
    """read_phases, where a bare number is also a year: every phase of it (njudge's
    HISTORY takes a range of dates; a year is the date a player has at hand)."""
    marks: list[Mark] = []
    index = 0
    while index < len(words):
        word = words[index].upper()
        size = 1 if word in _JOINERS or _YEAR.match(word) else \
            _phase_size(calendar, words, index)
        if _YEAR.match(word):
            year = int(word)  # (year, len(seasons), 0) comes after every phase of it
            marks.append(Mark(str(year), (year, -1, -1), (year, len(calendar.seasons), 0),
                              True))
        elif word not in _JOINERS:
            phase = parse_phase(calendar, " ".join(words[index:index + size]))
            key = phase_key(calendar, phase)
            marks.append(Mark(str(phase), key, key, False))
        index += size
    return marks


def _phase_size(calendar: SeasonCalendar, words: Sequence[str], index: int) -> int:
    """How many words the phase at `index` takes: one code, or a season, year, kind."""
    if _CODE.match(words[index].upper()):
        return 1
    return 3 if index + 2 < len(words) and words[index + 2].upper() in _kinds(calendar) else 2


def processed_turns(session: Session, game: Game, first: Phase | None = None,
                    last: Phase | None = None) -> list[Turn]:
    """The game's processed turns in play order, from `first` to `last` inclusive."""
    calendar = game_variant(game).rules.calendar
    return turns_between(session, game,
                         phase_key(calendar, first) if first is not None else None,
                         phase_key(calendar, last) if last is not None else None)


def turns_between(session: Session, game: Game, low: Key | None,
                  high: Key | None) -> list[Turn]:
    """The game's processed turns in play order whose phase keys are from `low` to
    `high` inclusive (None: no bound)."""
    calendar = game_variant(game).rules.calendar
    found = []
    for turn in turns_of(session, game):
        key = phase_key(calendar, Phase.parse(turn.phase))
        if turn.processed_at is not None and (low is None or key >= low) \
                and (high is None or key <= high):
            found.append((key, turn))
    return [turn for _, turn in sorted(found, key=lambda pair: pair[0])]


def following_turns(session: Session, game: Game) -> dict[int, Turn | None]:
    """Each turn's id -> the turn played after it (None for the last), in play order."""
    calendar = game_variant(game).rules.calendar
    turns = sorted(turns_of(session, game),
                   key=lambda t: phase_key(calendar, Phase.parse(t.phase)))
    return {turn.id: (turns[i + 1] if i + 1 < len(turns) else None)
            for i, turn in enumerate(turns)}


def centre_counts_by_year(variant: Variant, game: Game, turns: Sequence[Turn],
                          viewer: Viewer,
                          records: Mapping[int, Mapping[str, Any]] | None = None
                          ) -> list[tuple[str, dict[str, int | None]]]:
    """('Start', counts), then (year, counts) for each year whose centres were counted,
    from the processed `turns` in play order, through the board `viewer` knew after each
    (his record kept with the turn, `records` by turn id, none: the visibility's board;
    judge/game/seat_board.py): None
    for a power whose centres that board hides (Stab Envoy 12e), never a false 0."""
    rules = variant.rules
    if not turns:
        return []
    powers = powers_in(variant)
    start = position_from_json(turns[0].position_before)
    # Asked of the first board, where every power holds its home centres, as
    # votes.hides_centres asks: never by comparing a later board he knows with the true
    # one, which would itself tell him whether he sees every owner.
    hidden = rules.visibility.board(start, viewer).owners != start.owners
    rows = [("Start", _counts(variant, start, viewer, powers, None, hidden))]
    for turn in turns:
        if turn.position_after is None:
            continue
        phase, after = Phase.parse(turn.phase), position_from_json(turn.position_after)
        counted = rules.calendar.season(phase.season).takes_centres and (
            ended_on(game, turn) or rules.calendar.ends_season(phase, after.phase))
        if counted:
            rows = [row for row in rows if row[0] != str(phase.year)]
            rows.append((str(phase.year),
                         _counts(variant, after, viewer, powers,
                                 (records or {}).get(turn.id), hidden)))
    return rows


def _counts(variant: Variant, position: Position, viewer: Viewer, powers: Sequence[str],
            record: Mapping[str, Any] | None, hidden: bool) -> dict[str, int | None]:
    """Each power's count on the board `viewer` knows; None for one shown without centres
    where `hidden` (the game may hide owners from him: a power shown with none is unknown,
    not without any)."""
    rules = variant.rules
    public = counts_public(rules.visibility)
    board = position if public else board_known(rules, position, viewer, record)
    centres = variant.rules.geo.supply_centres  # a variant may own other areas (GD 5.1)
    owned = Counter(p for c, p in board.owners.items() if c in centres)
    unknown = None if hidden and not public else 0
    return {power: owned.get(power, unknown) for power in powers}


def players_of(game: Game, variant: Variant) -> list[tuple[str, list[Seat]]]:
    """Each power (in the variant's order) and every seat that played it, first to last:
    replaced and resigned players included, for the record."""
    seats = sorted((s for s in game.seats if s.role == SeatRole.PLAYER and s.power),
                   key=lambda s: s.id)
    return [(power, [s for s in seats if s.power == power]) for power in powers_in(variant)]
