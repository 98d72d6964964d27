"""HISTORY: a game's past turn reports, as the reader may know them.

    HISTORY <game>               its last 10 turns
    HISTORY <game> 1901          every phase of 1901
    HISTORY <game> S1901M        from S1901M on
    HISTORY <game> S1901M F1902M from one to the other (years too: 1901 1903; FROM, TO)
    HISTORY [1901 ...]           the writer's game: the one he signed on to in this
                                 message, else the only game his account has a seat in

What each turn shows is what the reader's signed-on seat was told (the record kept with
the turn), else what the public is (listing.reader_viewer): a game picked from the
account, without SIGNON, is the public's, as LIST <game> is.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.commands.context import JudgeContext, judge_context
from judge.commands.items import CommandResult, Invocation
from judge.commands.listing import reader_viewer
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.types import Phase
from judge.game import history
from judge.game.errors import GameError
from judge.game.games import find_game, game_variant, is_running
from judge.game.history import Key, Mark, PhaseError
from judge.game.seat_board import board_known, records_by_turn
from judge.store import repo
from judge.store.models import Game, SeatStatus, Turn
from judge.turns.seat_reports import turn_report

HISTORY_LIMIT = 10  # turns shown when no range is asked for: a mail, not an archive
USAGE = "HISTORY [game] [from] [to]"
_RETIRED = (SeatStatus.RESIGNED, SeatStatus.ABANDONED)


@dataclass(frozen=True)
class _Asked:
    """The game HISTORY reads, the words of its range, and why that game if not named."""

    game: Game
    words: tuple[str, ...]
    chosen: str | None = None


def run_history(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    asked = _asked(jc, invocation.args)
    game, variant = asked.game, game_variant(asked.game)
    every = history.processed_turns(jc.session, game)
    marks = _marks(asked, invocation.args, every)
    turns = _history_turns(jc, game, *_bounds(game, marks), ranged=bool(marks))
    viewer = reader_viewer(jc, game)
    following = history.following_turns(jc.session, game)
    # What the reader's seat was told after each turn, as it was kept then.
    records = records_by_turn(jc.session, game, viewer)
    lines = [*([asked.chosen] if asked.chosen else []),
             *_history_head(game, bool(marks), turns, every)]
    for turn in turns:
        nxt = following[turn.id]
        result = history.stored_result(game, turn, nxt)
        board = board_known(variant.rules, result.position, viewer, records.get(turn.id))
        # Only the open turn's deadline still matters; old ones would only mislead, and
        # so would the turn left open when a vote or the master ended the game.
        deadline = (nxt.deadline if nxt is not None and nxt.processed_at is None
                    and is_running(game) else None)
        lines += ["", *turn_report(variant, game, turn, result, viewer, deadline, jc.zone,
                                   board).rstrip("\n").split("\n")]
    return CommandResult.ok(*lines)


def _asked(jc: JudgeContext, args: tuple[str, ...]) -> _Asked:
    """The game named first, else the writer's own (the words are then the range), as
    MAP picks its game; the account's seats are read only when no game is named."""
    missing: GameError | None = None
    if args and (jc.seat is None or args[0].lower() != jc.seat.game.name):
        try:
            return _Asked(find_game(jc.session, args[0]), args[1:])
        except GameError as error:
            missing = error
    own, why = _own_game(jc)
    if own is None:
        # A word that is no game and no year: say so ('no game called ...').
        raise missing if missing is not None and not args[0].isdigit() else GameError(why)
    if args and args[0].lower() == own.name:
        return _Asked(own, args[1:])
    return _Asked(own, args, why)


def _own_game(jc: JudgeContext) -> tuple[Game | None, str]:
    """The writer's game and why it is his; else None and what to write instead."""
    if jc.seat is not None:
        return jc.seat.game, f"{jc.seat.game.name}: the game you signed on to."
    which = (f"say which game: write {USAGE}, e.g. HISTORY alpha or HISTORY alpha 1901, "
             "or sign on first (SIGNON Falpha <password>) for your own game")
    if jc.account is None:
        return None, which
    games: dict[int, Game] = {}
    for seat in repo.seats_of_account(jc.session, jc.account):
        if seat.status not in _RETIRED:
            games.setdefault(seat.game_id, seat.game)
    if len(games) == 1:
        (game,) = games.values()
        # Only a password opens a seat's view (listing.reader_viewer): say so.
        return game, (f"{game.name}: the only game you have a seat in, as the public sees "
                      f"it (SIGNON first for what your seat was told).")
    if games:
        names = [g.name for g in games.values()]
        return None, (f"say which game: you have seats in {', '.join(names)}; write "
                      f"e.g. HISTORY {names[0]}, or sign on first (SIGNON) to one of them")
    return None, which


def _marks(asked: _Asked, args: tuple[str, ...], every: list[Turn]) -> list[Mark]:
    """The phases and years asked for; what does not read is quoted with what does, the
    examples taken from the game's own turns (Envoy's start in 1913, 1885's months)."""
    calendar = game_variant(asked.game).rules.calendar
    try:
        return history.read_marks(calendar, asked.words)
    except PhaseError as error:
        name = asked.game.name
        what = (f"neither a game nor a phase or a year of {name}" if asked.words == args
                else f"not a phase or a year of {name}")
        first, last = (every[0].phase, every[-1].phase) if every else ("S1901M", "F1902M")
        start = Phase.parse(first)
        year, span = start.year, first if first == last else f"{first} {last}"
        told = calendar.describe(start) if every else "Spring 1901 Movement"
        # The phase forms from the game's own first turn too (1885's DECB1884C): the
        # standard S1901M reads in no other calendar.
        raise GameError(
            f"{error.written!r} is {what}. HISTORY takes a year ({year}: every phase of "
            f"it), a phase ({first} or {told}; {start.season}{year}: the "
            f"season's first phase: from it on), or two of them (from, to), e.g. HISTORY "
            f"{name} {year} or HISTORY {name} {span}") from None


def _bounds(game: Game, marks: list[Mark]) -> tuple[Key | None, Key | None]:
    """The keys from and to which turns are shown: a year alone is all of it, a phase
    alone is where to start (the turns since)."""
    if len(marks) > 2:
        raise GameError("give at most two phases or years, where to start and where to "
                        f"stop, e.g. HISTORY {game.name} S1901M F1901M")
    if not marks:
        return None, None
    first, last = marks[0], marks[-1]
    if first.low > last.high:
        raise GameError(f"{first.text} comes after {last.text}; give the earlier one "
                        f"first, e.g. HISTORY {game.name} {last.text} {first.text}")
    return first.low, (last.high if len(marks) == 2 or first.year else None)


def _history_turns(jc: JudgeContext, game: Game, low: Key | None, high: Key | None,
                   ranged: bool) -> list[Turn]:
    turns = history.turns_between(jc.session, game, low, high)
    if ranged and not turns:
        raise GameError(f"no turn of {game.name} was processed in that range; send "
                        f"HISTORY {game.name} for the latest turns")
    return turns if ranged else turns[-HISTORY_LIMIT:]


def _history_head(game: Game, ranged: bool, turns: list[Turn], every: list[Turn]) -> list[str]:
    if not turns:
        return [f"No turn of {game.name} has been processed yet."]
    span = turns[0].phase if len(turns) == 1 else f"{turns[0].phase} to {turns[-1].phase}"
    if not ranged and len(every) > len(turns):
        earlier = every[:-len(turns)]
        return [f"The last {len(turns)} of {len(every)} turns of {game.name} ({span}); "
                f"for earlier ones give phases, e.g. HISTORY {game.name} "
                f"{earlier[0].phase} {earlier[-1].phase}"]
    return [f"{len(turns)} turn{'s' if len(turns) != 1 else ''} of {game.name} ({span})."]


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="HISTORY", usage=USAGE, run=run_history,
        help="a game's past turn reports (the last 10 unless you give phases or years, "
             "e.g. 1901); without a game, the one you signed on to or your only one"))
