"""The game master's commands for turns, acting for a power and the game's end (EJECT and
REPLACE are in master_seats.py, SET MASTER in master_handover.py, the schedule in
master_schedule.py, the other settings in master_settings.py). Each needs SIGNON as master
and leaves an audit entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from judge.commands.context import JudgeContext, judge_context, need_master
from judge.commands.examples import example_powers
from judge.commands.game_over import refuse_if_over, result_text
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.reply import Reply
from judge.engine.types import Phase
from judge.game import mastering
from judge.game.adjudication import adjudicate_turn
from judge.game.clock import format_deadline
from judge.game.deadline_notices import moved_to
from judge.game.errors import GameError
from judge.game.games import game_variant, seats_of
from judge.game.history import PhaseError
from judge.game.mastering import describe_phase, need_open_turn, read_phase, read_power
from judge.game.recipients import tell, viewer_of
from judge.game.rollback import ended_by_ruling, rollback
from judge.game.votes import game_over_text
from judge.store import repo
from judge.store.models import Game, GameState, Seat, Turn
from judge.store.repo_games import current_turn
from judge.turns.process import process_and_report
from judge.turns.replay import rollforward
from judge.turns.seat_reports import turn_report
from judge.turns.start import start_and_mail
from judge.variant import power_name


def master_of(ctx: Context) -> tuple[JudgeContext, Seat, Game]:
    jc = judge_context(ctx)
    seat = need_master(jc)
    return jc, seat, seat.game


def master_of_unfinished(ctx: Context) -> tuple[JudgeContext, Seat, Game]:
    """master_of for a setting, which a finished game refuses with game_over.py's words and
    ROLLBACK (polish 25: SET NMR was taken after the end, with nothing left to act on)."""
    jc, seat, game = master_of(ctx)
    refuse_if_over(game, seat)
    return jc, seat, game


def record(jc: JudgeContext, seat: Seat, action: str, **detail: Any) -> None:
    mastering.audit(jc.session, seat.game, seat.account, action, **detail)


def at(moment: datetime | None, seat: Seat) -> str:
    """A deadline in the reader's own time zone."""
    return format_deadline(moment, seat.account.time_zone) if moment else "none"


def moved(moment: datetime | None, seat: Seat, now: datetime) -> str:
    """A deadline that has just moved, in the reader's zone and how far off it is."""
    return moved_to(moment, seat.account.time_zone, now) if moment else "none"


def now_open(jc: JudgeContext, seat: Seat) -> str:
    """Where the game stands now, for the end of a reply."""
    game = seat.game
    turn = current_turn(jc.session, game)
    if game.state == GameState.FINISHED:  # with how it ended (newcomer 23: SETTINGS)
        return f"Game {game.name} is over ({result_text(game)})."
    if turn is None:
        return f"Game {game.name} is over."
    return f"Now open: {describe_phase(game, turn.phase)}, deadline {at(turn.deadline, seat)}."


def run_start(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    turn = start_and_mail(jc.session, game, jc.clock, jc.postman, jc.rng)
    record(jc, seat, "start", phase=turn.phase)
    return CommandResult.ok(f"Game {game.name} has started; every seat was mailed its power "
                            "and how to sign on.", now_open(jc, seat))


def run_process(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    turn = need_open_turn(jc.session, game)
    if game.state != GameState.ACTIVE:
        raise GameError(f"game {game.name} is paused; RESUME it before processing")
    phase = str(_read_phase(jc, game, invocation.rest)) if invocation.args else turn.phase
    if phase != turn.phase:
        raise GameError(f"the phase open in {game.name} is {turn.phase}, not {phase}; "
                        f"nothing was processed (write PROCESS {turn.phase} to process it)")
    if process_and_report(jc.session, game, jc.clock, jc.postman, phase) is None:
        return CommandResult.fail(f"{describe_phase(game, phase)} was not processed: the rules "
                                  "leave a decision to you first. The questions were mailed to "
                                  "you; answer each with DECIDE <question> <answer>, and the last "
                                  "answer processes the turn.")
    record(jc, seat, "process", phase=phase)
    return CommandResult.ok(f"{describe_phase(game, phase)} is processed; the reports were "
                            "mailed to every seat.", now_open(jc, seat))


def run_preview(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    turn = need_open_turn(jc.session, game)
    result = adjudicate_turn(jc.session, game, turn)
    report = turn_report(game_variant(game), game, turn, result, viewer_of(seat), None,
                         seat.account.time_zone)
    record(jc, seat, "preview", phase=turn.phase)
    return CommandResult.ok(f"Preview of {describe_phase(game, turn.phase)} with the orders as "
                            "they stand. Nothing was changed and nobody else sees this.",
                            "", *report.splitlines())


def run_rollback(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    target = _read_phase(jc, game, invocation.rest) if invocation.args else None
    if target is None and ended_by_ruling(game):
        return _reopen(jc, seat, game)
    turn, removed = rollback(jc.session, game, jc.clock, seat.account, target)
    title = describe_phase(game, turn.phase)
    undone = ", ".join(removed) or "none"
    mastering.notify(jc.session, jc.postman, game, f"rolled back to {turn.phase}",
                     lambda s: f"The master of {game.name} rolled the game back to the "
                               f"start of {title}.\nYour orders for it stand; orders for the "
                               f"phases undone ({undone}) are kept for when they come round."
                               f"\nNew deadline: {moved(turn.deadline, s, jc.clock.now())}\n")
    return CommandResult.ok(f"{game.name} is back at the start of {title}; undone: {undone}.",
                            "Orders for the undone phases are kept (ROLLFORWARD replays them); "
                            "everyone was told.", now_open(jc, seat))


def _read_phase(jc: JudgeContext, game: Game, text: str) -> Phase:
    """The phase a master names; refused with an example of this game's own phases where
    the standard one (S1901M) would not read either (1885-III's months: JAN1885M)."""
    try:
        return read_phase(game, text)
    except PhaseError as error:
        turn = current_turn(jc.session, game)
        if turn is None or game_variant(game).rules.calendar.seasons[0].code == "S":
            raise
        raise GameError(f"{error.written!r} is not a phase of this game; write a phase as "
                        f"{turn.phase} or {describe_phase(game, turn.phase)} (the phase "
                        "open now)") from None


def _reopen(jc: JudgeContext, seat: Seat, game: Game) -> CommandResult:
    """ROLLBACK of a game a vote or END GAME ended: no phase is undone, so say what is."""
    turn, _ = rollback(jc.session, game, jc.clock, seat.account)
    title = describe_phase(game, turn.phase)
    mastering.notify(jc.session, jc.postman, game, "the game is reopened",
                     lambda s: f"The master of {game.name} has reopened the game: its end is "
                               f"undone, and it plays on from {title}. Your orders for it "
                               "stand; draw and concession votes were cleared.\nNew deadline: "
                               f"{moved(turn.deadline, s, jc.clock.now())}\n")
    return CommandResult.ok(f"{game.name} is reopened at {title}, where it ended; no phase "
                            "was undone. Draw and concession votes were cleared; everyone was "
                            "told.", now_open(jc, seat))


def run_rollforward(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    replayed = rollforward(jc.session, game, jc.clock, jc.postman, seat.account)
    count = f"{len(replayed)} turn{'s' if len(replayed) != 1 else ''}"
    return CommandResult.ok(f"{count} replayed ({', '.join(replayed)}); the reports were mailed.",
                            now_open(jc, seat))


@dataclass
class _OrdersAudit:
    """At the end of the message, log the orders the master wrote for a power."""

    seat: Seat
    turn: Turn
    power: str
    before: int | None

    def __call__(self, jc: JudgeContext, reply: Reply) -> None:
        row = repo.latest_orders(jc.session, self.turn).get(self.power)
        if row is not None and row.id != self.before:
            record(jc, self.seat, "orders_by_master", power=self.power,
                   phase=self.turn.phase, lines=list(row.lines))


def _act_for(ctx: Context, invocation: Invocation, action: str) -> tuple[JudgeContext, str]:
    jc, seat, game = master_of(ctx)
    if len(invocation.args) != 1:
        raise GameError(f"write {action.upper().replace('_', ' ')} <power>, e.g. "
                        f"{action.upper().replace('_', ' ')} {example_powers(game)}")
    power = read_power(game, invocation.args[0])
    turn = need_open_turn(jc.session, game)
    mastering.need_player(game, power)
    jc.power, jc.phase = power, None
    if not any(isinstance(a, _OrdersAudit) and a.power == power for a in jc.after):
        before = repo.latest_orders(jc.session, turn).get(power)
        jc.after.append(_OrdersAudit(seat, turn, power, before.id if before else None))
    record(jc, seat, action, power=power, phase=turn.phase)
    return jc, power_name(power)


def run_become(ctx: Context, invocation: Invocation) -> CommandResult:
    _, name = _act_for(ctx, invocation, "become")
    return CommandResult.ok(f"You act for {name} for the rest of this message (orders, "
                            "press, votes); what you do is logged.")


def run_set_orders(ctx: Context, invocation: Invocation) -> CommandResult:
    _, name = _act_for(ctx, invocation, "set_orders")
    return CommandResult.ok(f"The order lines that follow are {name}'s, set by you as master "
                            "(logged).")


def run_announce(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    text = "\n".join(invocation.block).strip("\n")
    if not text.strip():
        return CommandResult.fail("write the announcement on the lines after ANNOUNCE, then a "
                                  "line ENDANNOUNCE")
    seats = seats_of(game)
    tell(jc.session, jc.postman, seats, f"{game.name}: announcement from the master",
         f"Announcement from the master of {game.name}:\n\n{text}\n")
    record(jc, seat, "announce", text=text)
    return CommandResult.ok(f"Your announcement was mailed to all {len(seats)} seats of "
                            f"{game.name}.")


def run_end_game(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    words = invocation.rest.replace(",", " ").split()
    kind = {"DRAW": "draw", "WIN": "solo", "SOLO": "solo"}.get(words[0].upper()) \
        if words else "abandoned"
    powers = [read_power(game, w) for w in words[1:]]
    if kind is None or (kind == "solo" and len(powers) != 1) \
            or (kind == "abandoned" and powers):
        return CommandResult.fail("write END GAME DRAW [powers], END GAME WIN <power>, or END "
                                  "GAME alone to abandon it, e.g. END GAME DRAW "
                                  f"{example_powers(game, count=2)}")
    typed = " ".join(invocation.text.upper().split()[:2])
    if kind == "abandoned" and typed != "END GAME":
        # An abbreviation (END GAM, a draw half typed) must not end a game for everyone
        # with no result: abandoning it is the one form with no word to confirm it.
        return CommandResult.fail(
            f"{typed} is read as END GAME, which alone ends {game.name} with no result; "
            f"nothing was changed. Write END GAME in full to abandon it, or END GAME DRAW "
            f"{example_powers(game, count=2)} or END GAME WIN <power>")
    result = mastering.end_game(jc.session, game, kind, powers, jc.clock.now())
    record(jc, seat, "end_game", kind=kind, winners=result["winners"])
    outcome = _outcome(kind, result["winners"])
    tell(jc.session, jc.postman, seats_of(game), f"{game.name}: the game is over",
         game_over_text(game, outcome))
    return CommandResult.ok(f"Game {game.name} is over: {outcome} Everyone was told.")


def _outcome(kind: str, winners: list[str]) -> str:
    names = [power_name(p) for p in winners]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    if kind == "draw":
        return f"a draw between {listed}, declared by the master."
    if kind == "solo":
        return f"{listed} wins, as the master declared."
    return "the master ended it without a result."


def register(registry: CommandRegistry) -> None:
    for name, usage, run, text in (
        ("START", "", run_start, "start a full forming game now (master)"),
        ("PROCESS", "PROCESS [phase]", run_process,
         "process the open phase now, orders missing or not; the phase guards against "
         "processing twice, e.g. PROCESS S1901M (master)"),
        ("PREVIEW", "", run_preview,
         "adjudicate the current orders privately; the result comes to you only (master)"),
        ("ROLLBACK", "ROLLBACK [phase]", run_rollback,
         "go back to the start of a processed phase, the last one by default (master)"),
        ("ROLLFORWARD", "", run_rollforward,
         "process again the phases the last ROLLBACK undid (master)"),
        ("BECOME", "BECOME <power>", run_become,
         "act for a power for the rest of the message (master; logged)"),
        ("SET ORDERS", "SET ORDERS <power>", run_set_orders,
         "the order lines that follow are that power's (master; logged)"),
        ("END GAME", "END GAME [DRAW powers | WIN power]", run_end_game,
         "end the game as a draw, a win, or with no result (master)"),
    ):
        registry.register(Command(name=name, usage=usage, run=run, help=text))
    registry.register(Command(
        name="ANNOUNCE", usage="ANNOUNCE ... ENDANNOUNCE", run=run_announce, block=True,
        end_words=("ENDANNOUNCE",), help="mail an official announcement to every seat "
                                         "(master)"))
