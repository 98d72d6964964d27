"""What anyone may look up: LIST, LIST game, SUMMARY game (HISTORY: turn_history.py).

Whatever a game's board or results show is the reader's: for the seat they signed on to
in that game, the board its knowledge record keeps (judge/game/seat_board.py; HISTORY and
SUMMARY: the record kept with each turn), else the variant's visibility for the public.
"""

from __future__ import annotations

from judge import variant_hooks
from judge.commands.context import JudgeContext, judge_context
from judge.commands.game_over import result_text
from judge.commands.items import CommandResult, Invocation
from judge.commands.master_settings import options_text
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.types import Phase
from judge.engine.visibility import Role, Viewer
from judge.game import history
from judge.game.clock import format_deadline, time_left
from judge.game.games import (
    find_game,
    game_variant,
    is_running,
    player_seat,
    position_of,
    powers_in,
    seats_of,
    seats_wanted,
)
from judge.game.readiness import hides, late_powers, unanswered_powers
from judge.game.recipients import viewer_of
from judge.game.seat_board import board_known, record_now, records_by_turn
from judge.reports.views import sees_every_unit
from judge.store import repo_games
from judge.store.models import Game, GameState, Seat, SeatRole, SeatStatus, Turn
from judge.store.repo_games import current_turn
from judge.variant import Variant, power_name

_SECTIONS = (("Forming (JOIN <game> <password> to play)", (GameState.FORMING,)),
             ("Running", (GameState.ACTIVE, GameState.PAUSED)),
             ("Finished", (GameState.FINISHED,)))
_ROLE_RANK = {SeatRole.MASTER: 0, SeatRole.PLAYER: 1, SeatRole.OBSERVER: 2}


def reader_viewer(jc: JudgeContext, game: Game) -> Viewer:
    """Who the reader is in `game`: their signed-on seat, else the public.

    Only a password (SIGNON) opens a seat's view: a From address is trivially forged, and
    in a hidden-information variant the master's or a player's view is a secret, and so
    is an observer's where the game lets its observers see all (issue #13 item 6).
    """
    if jc.seat is not None and jc.seat.game_id == game.id:
        return viewer_of(jc.seat)
    return Viewer.public()


def run_list(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) > 1:
        return CommandResult.fail("write LIST for every game, or LIST <game>, e.g. LIST alpha")
    if invocation.args:
        return CommandResult.ok(*_describe_game(jc, find_game(jc.session, invocation.args[0])))
    games = repo_games.all_games(jc.session)
    lines: list[str] = []
    for title, states in _SECTIONS:
        chosen = [g for g in games if g.state in states]
        if chosen:
            lines += [*([""] if lines else []), f"{title}:",
                      *(f"  {_game_line(jc, g)}" for g in chosen)]
    if not lines:
        return CommandResult.ok("There are no games on this judge yet; a game master starts one "
                                "with CREATE (see HELP CREATE).")
    return CommandResult.ok(*lines, "", "LIST <game> tells more about one game.")


def _game_line(jc: JudgeContext, game: Game) -> str:
    players = len(seats_of(game, SeatRole.PLAYER))
    if game.state == GameState.FORMING:
        # The seats the game takes: an Envoy game of 2 plays 2 of the 7 powers.
        return f"{game.name}: {game.variant}, forming, {players} of {seats_wanted(game)} players"
    if game.state == GameState.FINISHED:
        return f"{game.name}: {game.variant}, finished: {result_text(game)}"
    turn = current_turn(jc.session, game)
    phase = turn.phase if turn is not None else "no open turn"
    return f"{game.name}: {game.variant}, {game.state.value}, {phase}, {players} players"


def _describe_game(jc: JudgeContext, game: Game) -> list[str]:
    variant = game_variant(game)
    lines = [f"Game {game.name}: {variant.title} ({game.variant}), {game.state.value}"]
    masters = [s.account.name for s in seats_of(game, SeatRole.MASTER)]
    lines.append(f"Master: {', '.join(masters) or 'none'}")
    lines += _options_lines(game)
    if game.state == GameState.FORMING:
        joined = [_name(jc, game, s) for s in seats_of(game, SeatRole.PLAYER)]
        return [*lines, f"Players ({len(joined)} of {seats_wanted(game)}): "
                        f"{', '.join(joined) or 'nobody yet'}",
                "Powers are given out when the game starts."]
    if game.state == GameState.FINISHED:
        lines.append(f"Result: {result_text(game)}")
    turn = current_turn(jc.session, game)
    if turn is not None:
        lines += _turn_lines(jc, game, variant, turn)
    return [*lines, "Powers:", *_power_lines(jc, game, powers_in(variant))]


def _options_lines(game: Game) -> list[str]:
    """The rules the game plays, as CREATE fixed them (its level, decoys...), if any."""
    return [options_text(game.variant_options)] if game.variant_options else []


def _turn_lines(jc: JudgeContext, game: Game, variant: Variant, turn: Turn) -> list[str]:
    phase = Phase.parse(turn.phase)
    lines = [f"Phase: {variant.rules.calendar.describe(phase)} ({turn.phase})"]
    now = jc.clock.now()
    if turn.deadline is not None:
        left = time_left(turn.deadline, now)
        lines.append(f"Deadline: {format_deadline(turn.deadline, jc.zone)} "
                     f"({left if left == 'passed' else left + ' left'})")
    if turn.grace_until is not None:
        lines.append(f"Grace ends: {format_deadline(turn.grace_until, jc.zone)}")
    if is_running(game):
        lines.append(_owed_line(jc, game, variant, turn))
    return lines


def _owed_line(jc: JudgeContext, game: Game, variant: Variant, turn: Turn) -> str:
    """Who the turn waits for. Where the game hides anything, what a power owes is hidden
    too, so the line names the players who have sent nothing yet, for every reader alike
    (issue #13: "Orders missing or incomplete: none" was said while orders were owed)."""
    if hides(game, turn):
        waiting = set(unanswered_powers(jc.session, game, turn))
        names = [power_name(p.name) for p in variant.powers if p.name in waiting]
        return f"Orders not yet sent by: {', '.join(names) or 'nobody'}"
    viewer, position = reader_viewer(jc, game), position_of(turn)
    board = board_known(variant.rules, position, viewer, record_now(jc.session, game, viewer))
    due = set(late_powers(jc.session, game, turn))
    late = [power_name(p.name) for p in variant.powers
            if p.name in due and sees_every_unit(position, board, p.name)]
    return f"Orders missing or incomplete: {', '.join(late) or 'none'}"


def _name(jc: JudgeContext, game: Game, seat: Seat) -> str:
    """A player's name, or "(not shown)" where the game keeps its players' names from all
    but its master until it is over (`Variant.names_hidden`)."""
    shown = (not game_variant(game).names_hidden or game.state == GameState.FINISHED
             or reader_viewer(jc, game).role == Role.MASTER)
    return seat.account.name if shown else "(not shown)"


def _power_lines(jc: JudgeContext, game: Game, powers: list[str]) -> list[str]:
    lines = []
    for power in powers:
        seat = player_seat(game, power)
        who = _name(jc, game, seat) if seat is not None else "(nobody)"
        if seat is not None and seat.status == SeatStatus.CIVIL_DISORDER:
            who += " (civil disorder)"
        lines.append(f"  {power_name(power) + ':':<10}{who}")
    return lines


def run_summary(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) != 1:
        return CommandResult.fail("write SUMMARY <game>, e.g. SUMMARY alpha")
    game = find_game(jc.session, invocation.args[0])
    variant = game_variant(game)
    lines = [f"Game {game.name}: {variant.title}, {game.state.value}"]
    if game.result is not None:
        lines.append(f"Result: {result_text(game)}")
    # Every master in turn, as the players below: SET MASTER retires the one before.
    masters = [s.account.name for s in game.seats if s.role == SeatRole.MASTER]
    lines += [f"Master: {', then '.join(masters) or 'none'}", *_options_lines(game), "", "Players:"]
    # Once started, a power without a seat is played by nobody (an Envoy game of two): as LIST.
    nobody = "(nobody yet)" if game.state == GameState.FORMING else "(nobody)"
    for power, seats in history.players_of(game, variant):
        lines.append(f"  {power_name(power) + ':':<10}"
                     f"{', then '.join(_player_text(jc, s) for s in seats) or nobody}")
    turns = history.processed_turns(jc.session, game)
    viewer = reader_viewer(jc, game)
    records = records_by_turn(jc.session, game, viewer)
    counts = history.centre_counts_by_year(variant, game, turns, viewer, records)
    told = variant_hooks.summary_lines(variant, [records.get(t.id) for t in turns])
    return CommandResult.ok(*lines, "", *_centre_table(counts), *(["", *told] if told else []))


def _player_text(jc: JudgeContext, seat: Seat) -> str:
    name = _name(jc, seat.game, seat)
    if seat.status == SeatStatus.ACTIVE:
        return name
    return f"{name} ({seat.status.value.replace('_', ' ')})"


def _centre_table(counts: list[tuple[str, dict[str, int | None]]]) -> list[str]:
    if not counts:
        return ["No turn has been played yet, so there are no centre counts."]
    lines = ["Supply centres:", " " * 12 + "".join(f"{label:>6}" for label, _ in counts)]
    for power in counts[0][1]:  # the powers the game plays (games.powers_in)
        lines.append(f"  {power_name(power):<10}" + "".join(
            f"{'?' if row[power] is None else row[power]:>6}" for _, row in counts))
    if any(n is None for _, row in counts for n in row.values()):
        lines.append("  (?: not known to you: this game hides other powers' centres)")
    return lines


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="LIST", usage="LIST [game]", run=run_list, aliases=("WHOGAME",),  # njudge's
        help="the games on this judge, or one game's phase, deadline, powers and who is late"))
    registry.register(Command(
        name="SUMMARY", usage="SUMMARY <game>", run=run_summary,
        help="who played which power, and the supply centres each held year by year"))
