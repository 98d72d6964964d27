"""Orders: the lines no command claims, CLEAR, and PHASE for orders ahead of time.

Every message that touches orders gets back the power's whole current set, the units
still without orders and the time left; the turn is processed at once when the last
power's orders complete it and nobody asked to WAIT.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from judge.commands.context import JudgeContext, acting_power, judge_context, need_seat
from judge.commands.dispatch import reject_orders
from judge.commands.game_over import refuse_if_over
from judge.commands.items import CommandResult, Invocation, OrderText
from judge.commands.order_answers import Answers
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.reply import Reply
from judge.engine.refusal import Refusal
from judge.engine.types import ADJUSTMENT, MOVEMENT, RETREAT, Phase
from judge.game import arrival, order_sets, ordering, orders_ahead, owed
from judge.game import reasons as G
from judge.game.arrival import Feedback
from judge.game.clock import format_deadline, time_left
from judge.game.errors import GameError
from judge.game.games import game_variant, position_of
from judge.game.history import parse_phase, phase_key, processed_turns
from judge.game.knowledge import writer_of
from judge.game.readiness import hides, is_ready, unanswered_powers
from judge.game.refusals import Before
from judge.grammar.reader import reader_for
from judge.store import repo_games
from judge.store.models import FutureOrder, Game, GameState, SeatRole, Turn
from judge.store.repo_games import current_turn
from judge.turns.process import process_and_report

# Hidden-information games process once every player has answered (readiness.owing_powers),
# so a message whose lines were refused still answers: the player must know it may be the
# last word before the turn, and that what he has not ordered takes the rules' default.
ANSWER_COUNTED = ("In this game any message you send counts as your answer for this phase, "
                  "even if none of its orders were taken: once every player has answered, the "
                  "turn is processed, and what is still without orders takes the rules' "
                  "default{default}. Send the missing orders now if they are to count.")
# That default, by the standard phase kinds. A variant's own phase (Envoy's placement, in
# which "a unit holds" means nothing) has its own, which its start notice tells.
_DEFAULTS = {MOVEMENT: " (a unit holds)",
             RETREAT: " (a dislodged unit disbands)",
             ADJUSTMENT: " (a build is waived; a removal is chosen by the rules)"}
# ORDERS, PHASE's lines or a refused command are no answer (readiness.unanswered_powers):
# a player owing nothing was told "You owe no orders" while the turn waited for him.
NOT_ANSWERED = ("In this game the turn is processed before its deadline only once every player "
                "has answered, and nothing you have sent counts as your answer for {phase} "
                "yet: send your orders, or CLEAR if you have none to give.")

UNREAD_PHASE = ("not taken: the PHASE line above ({written}) did not read, so these orders "
                "are for no phase; write the phase again (its form is in that line's answer) "
                "and the orders after it, or PHASE alone for the phase now open")


class MailOrderHandler:
    """The order handler of mail: order lines for the seat signed on, and the prose test
    that lets the dispatcher set a message's closing signature aside (dispatch.py)."""

    def __call__(self, ctx: Context, lines: Sequence[OrderText], reply: Reply, /) -> None:
        jc = judge_context(ctx)
        if jc.seat is None:
            reject_orders(ctx, lines, reply)
            return
        numbered = [(line.line_no, line.text) for line in lines]
        current = jc.phase is None
        try:
            if jc.unread_phase:
                raise GameError(UNREAD_PHASE.format(written=jc.unread_phase))
            if current:
                _now(jc, numbered)
            else:
                _future(jc, numbered)
        except GameError as exc:
            said = (Refusal.of(G.GAME_SAYS, said=str(exc)),)
            Answers.of(jc).refused(jc.seat.game, [Feedback(n, text, said, True)
                                                   for n, text in numbered], numbered)
        show_status(jc, current)

    def reads_as_prose(self, ctx: Context, text: str, /) -> bool:
        jc = judge_context(ctx)
        if jc.seat is None:
            return False  # no game, no map to tell orders by: every line is answered
        return reader_for(game_variant(jc.seat.game)).reads_as_prose(text)


handle_orders = MailOrderHandler()


def _open_turn(jc: JudgeContext) -> tuple[Game, Turn]:
    game = need_seat(jc).game
    refuse_if_over(game, jc.seat)
    turn = current_turn(jc.session, game)
    if game.state == GameState.FORMING or turn is None:
        raise GameError(f"game {game.name} has no turn open for orders "
                        f"(it is {game.state.value})")
    return game, turn


def _now(jc: JudgeContext, numbered: list[tuple[int, str]]) -> None:
    """Orders for the open phase. Its blocks in one message (before and after PHASE lines)
    are that message's orders, settled together (DATC 4.D.3), as those sent ahead are."""
    game, turn = _open_turn(jc)
    power, variant, position = acting_power(jc), game_variant(game), position_of(turn)
    held = Answers.of(jc).open_block(game, power, turn, lambda: order_sets.latest_set(
        jc.session, variant, turn, power))
    lines = [*held.numbered, *numbered]
    merged = dict(held.before)
    held.feedback = arrival.take(variant, position, power, merged, lines,
                                 lambda: _before(jc, game), writer_of(jc.session, game, power))
    held.numbered = lines
    order_sets.save_set(jc.session, turn, power, merged, jc.clock, jc.inbox)


def _before(jc: JudgeContext, game: Game) -> Before | None:
    """The turn processed last, for the answer to an order that came too late for it."""
    done = processed_turns(jc.session, game)
    if not done or done[-1].processed_at is None:
        return None
    mine = order_sets.latest_set(jc.session, game_variant(game), done[-1], acting_power(jc))
    return Before(position_of(done[-1]), format_deadline(done[-1].processed_at, jc.zone),
                  frozenset(mine))


def _future(jc: JudgeContext, numbered: list[tuple[int, str]]) -> None:
    """Orders for a later phase: read now, checked against the board when it opens. Every
    block of one message for one phase is settled with the blocks before it (DATC 4.D.3:
    two `PHASE F1901M` blocks are one message's orders, as one block is: adv9), so the
    lines are answered once the whole message has run (order_answers.Answers)."""
    assert jc.phase is not None
    game, power = need_seat(jc).game, acting_power(jc)
    over = _over(jc, game, jc.phase, line=True)
    ahead = Answers.of(jc)
    if over:
        said = (Refusal.of(G.GAME_SAYS, said=over),)
        ahead.refused(game, [Feedback(n, text, said, True) for n, text in numbered], numbered)
        return
    variant, writer = game_variant(game), writer_of(jc.session, game, power)
    read, errors = ordering.read_lines(variant, jc.phase, numbered, writer)
    row = _future_row(jc, game, power, jc.phase)
    sent = ahead.block(game, power, jc.phase, row.lines)
    sent.add(numbered, read, [Feedback(e.line_no, e.text, (e.why,), True) for e in errors])
    kept, sent.clashes, dropped = orders_ahead.settle(variant, jc.phase, sent.read)
    row.lines = [*orders_ahead.without(variant, jc.phase, sent.before, dropped, writer),
                 *(w.text for _, w in kept)]
    row.submitted_at = jc.clock.now()


def _future_row(jc: JudgeContext, game: Game, power: str, phase: Phase) -> FutureOrder:
    return (repo_games.future_order(jc.session, game, str(phase), power)
            or repo_games.new_future_order(jc.session, game, str(phase), power, inbox=jc.inbox))


def show_status(jc: JudgeContext, current: bool) -> None:
    """`current`: the message touched the open phase's orders, so its reply shows them and
    may process the turn even if a later PHASE line leaves the message on a later phase."""
    if report_current in jc.after:
        return
    if report_status not in jc.after:
        jc.after.append(report_current if current else report_status)
    elif current:
        jc.after[jc.after.index(report_status)] = report_current


def report_status(jc: JudgeContext, reply: Reply) -> None:
    """After orders for a later phase only: the closing sections, unless the message
    ends on that phase (its lines are checked when it opens)."""
    if jc.phase is None:
        report_current(jc, reply)


def report_current(jc: JudgeContext, reply: Reply) -> None:
    """The closing sections: the power's current orders, then early processing."""
    if jc.seat is None or (jc.seat.role != SeatRole.PLAYER and jc.power is None):
        return  # nobody's order set to show: a master or observer without BECOME
    game = jc.seat.game
    turn = current_turn(jc.session, game)
    if turn is None or game.state == GameState.FORMING:
        return
    power = acting_power(jc)
    variant, position = game_variant(game), position_of(turn)
    sets = order_sets.latest_sets(jc.session, variant, turn)
    known = writer_of(jc.session, game, power).knowledge
    status = owed.status(variant, position, power, sets.get(power, {}), known=known)
    title = f"Orders for {power.title()}, {variant.rules.calendar.describe(position.phase)}"
    # A phase that waits for no orders (Algernon's Winter, I.C) is played at the judge's
    # next round: its schedule deadline is nobody's, and the reports do not tell it either.
    told = not variant.rules.plays_without_orders(position)
    reply.note(title, *_status_lines(jc, status, turn, told=told))
    # Where the game hides anything, readiness is every player's answer, whatever he
    # owes (readiness.owing_powers), and the notes say only that.
    hidden = hides(game, turn)
    if not is_ready(jc.session, game, turn, jc.clock.now(), sets):
        if hidden and power in unanswered_powers(jc.session, game, turn):
            reply.note("Not yet answered", NOT_ANSWERED.format(phase=turn.phase))
        elif hidden and status.missing:
            reply.note("Counted as your answer", ANSWER_COUNTED.format(
                default=_DEFAULTS.get(position.phase.kind, "")))
        return
    if process_and_report(jc.session, game, jc.clock, jc.postman, turn.phase) is None:
        done = "Every player has sent orders" if hidden else "Every power's orders are complete"
        reply.note("Turn waiting", f"{done}; the turn waits for a decision of the "
                   "game's master and is processed once it is made.")
        return
    done = "Every player has sent orders" if hidden else "Every power's orders were complete"
    reply.note("Turn processed", f"{done}: {turn.phase} has been processed and the "
               "reports sent.")


def _status_lines(jc: JudgeContext, status: owed.OrderStatus, turn: Turn,
                  told: bool = True) -> list[str]:
    lines = [f"  {text}" for text in status.orders] or ["  (no orders yet)"]
    if status.missing:
        lines += ["", "Still without orders: " + ", ".join(status.missing)]
    elif status.orders:
        lines += ["", "Your orders are complete."]
    else:
        # Nothing owed and nothing given (no units, nothing to adjust, or a power whose
        # units another orders this season): "complete" would read as orders taken.
        lines += ["", "You owe no orders this phase."]
    lines += [f"You may also order: {choice}" for choice in status.may]
    now = jc.clock.now()
    if not told:
        return [*lines, "It waits for no orders: the judge plays it at its next round."]
    if turn.deadline is not None:
        lines.append(f"Deadline: {format_deadline(turn.deadline, jc.zone)} "
                     f"({_left(turn.deadline, now)})")
    if turn.grace_until is not None:
        lines.append(f"Grace ends: {format_deadline(turn.grace_until, jc.zone)} "
                     f"({_left(turn.grace_until, now)})")
    return lines


def _left(when: datetime, now: datetime) -> str:
    left = time_left(when, now)
    return left if left == "passed" else f"{left} left"


def run_clear(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, turn = _open_turn(jc)
    if invocation.args:
        # `CLEAR A par` cleared every order, its words unread (newcomer 25).
        show_status(jc, True)  # the set it kept, to read what to change
        return CommandResult.fail(
            f"CLEAR takes no unit: alone it clears all your orders for {turn.phase}, and "
            "nothing was cleared; to change one unit's order, send its new order (a hold, "
            "if it should stay): it replaces the one you sent")
    if jc.phase is not None or jc.unread_phase:
        # After `PHASE F1901M` (or one that did not read) CLEAR wiped the open phase's
        # orders, meant for the block's phase (adv10, newcomer 26).
        show_status(jc, True)
        written = jc.phase or jc.unread_phase
        return CommandResult.fail(
            f"CLEAR follows PHASE {written}, but it clears only the phase open now "
            f"({turn.phase}), so nothing was cleared: write CLEAR before the PHASE line, or "
            "after a line PHASE alone. Orders sent ahead are not cleared: a new order for "
            "the same unit replaces one")
    power = acting_power(jc)
    order_sets.save_set(jc.session, turn, power, {}, jc.clock, jc.inbox)
    Answers.of(jc).cleared(game, power, turn)
    show_status(jc, True)
    return CommandResult.ok(f"All of {power.title()}'s orders for {turn.phase} are cleared.")


def run_orders(ctx: Context, invocation: Invocation) -> CommandResult:
    """ORDERS: the power's current set, what is missing and the deadline, changing nothing."""
    jc = judge_context(ctx)
    _, turn = _open_turn(jc)
    show_status(jc, True)
    return CommandResult.ok(f"{acting_power(jc).title()}'s current orders for {turn.phase} follow.")


def run_phase(ctx: Context, invocation: Invocation) -> CommandResult:
    """PHASE Fall 1901 Movement, PHASE F1901M, or PHASE (back to the current phase)."""
    jc = judge_context(ctx)
    game = need_seat(jc).game
    if not invocation.args:
        jc.phase = None
        return CommandResult.ok("Orders that follow are for the current phase.")
    refuse_if_over(game, jc.seat)  # it took orders for a phase that will never open
    try:
        phase = parse_phase(game_variant(game).rules.calendar, invocation.rest)
    except GameError:
        jc.phase, jc.unread_phase = None, invocation.rest
        raise
    turn = current_turn(jc.session, game)
    if turn is not None and phase == Phase.parse(turn.phase):
        jc.phase = None
        return CommandResult.ok(f"{phase} is the current phase: the orders that follow are for it.")
    # A phase gone by keeps its lines from the current phase too: they were meant for
    # another board, and each is refused with the same words.
    jc.phase = phase
    over = _over(jc, game, phase)
    if over:
        return CommandResult.fail(over)
    return CommandResult.ok(f"Orders that follow are for {phase}, up to a line PHASE alone; they "
                            f"are checked when it opens.{_now_goes(turn)}")


def _now_goes(turn: Turn | None) -> str:
    """Where the open phase's orders go, for a player who writes them under PHASE."""
    if turn is None:
        return ""
    return (f" Orders for {turn.phase}, the phase open now, go before this line or after a "
            "line PHASE alone.")


def _over(jc: JudgeContext, game: Game, phase: Phase, line: bool = False) -> str:
    """Why orders for `phase` cannot be taken, when it is over; else ''. For PHASE's own
    line, or (`line`) for each order line after it."""
    turn = current_turn(jc.session, game)
    if turn is None:
        return ""
    calendar = game_variant(game).rules.calendar
    now = Phase.parse(turn.phase)
    if phase_key(calendar, phase) >= phase_key(calendar, now):
        return ""
    if line:
        return (f"not taken: it follows PHASE {phase}, and {calendar.describe(phase)} is "
                f"over; for {calendar.describe(now)}, send it without PHASE")
    return (f"{calendar.describe(phase)} ({phase}) is over: the phase open now is "
            f"{calendar.describe(now)} ({now}). Send orders for it without PHASE (or after "
            "a line PHASE alone); PHASE is only for a phase still to come.")


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="CLEAR", run=run_clear, help="cancel all your orders for the current phase"))
    registry.register(Command(
        name="ORDERS", run=run_orders,
        help="show your current orders, the units still without orders and the deadline"))
    registry.register(Command(
        name="PHASE", usage="PHASE [season year kind]", run=run_phase,
        help="send the orders that follow for a later phase (e.g. PHASE Fall 1901 Retreat)"))
