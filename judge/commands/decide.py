"""DECIDE: the master answers a question the variant's rules leave to him
(judge/game/master_decisions.py); the last answer processes a turn that waited for it."""

from __future__ import annotations

from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, now_open, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game import master_decisions
from judge.game.adjudication import collect_orders
from judge.game.errors import GameError
from judge.game.games import position_of
from judge.game.mastering import describe_phase, need_open_turn
from judge.turns.process import process_and_report


def run_decide(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    turn = need_open_turn(jc.session, game)
    if len(invocation.args) < 2:
        raise GameError("write DECIDE <question> <answer>, e.g. DECIDE removal A Par; "
                        "the open questions are in the mail that asked them")
    key, answer = invocation.args[0], invocation.rest.split(None, 1)[1]
    asked = master_decisions.questions(game, turn, position_of(turn),
                                       collect_orders(jc.session, game, turn))
    question, spelled = master_decisions.decide(jc.session, game, turn, asked, key, answer)
    record(jc, seat, "decide", phase=turn.phase, question=question.key, answer=spelled)
    lines = [f"{question.key}: {spelled}."]
    left = [q.key for q in asked if q.key not in master_decisions.answers(turn)]
    if left:
        return CommandResult.ok(*lines, f"Still to decide: {', '.join(left)}.")
    if not turn.notices.get(master_decisions.ASKED):
        return CommandResult.ok(*lines, "Every question is answered; the turn is processed at "
                                        "its deadline as usual.")
    phase = turn.phase
    turn.notices = {k: v for k, v in turn.notices.items()
                    if k not in (master_decisions.ASKED, "held")}
    if process_and_report(jc.session, game, jc.clock, jc.postman, phase) is None:
        return CommandResult.ok(*lines, "The orders now raise another question: it was mailed "
                                        "to you.")
    return CommandResult.ok(*lines, f"{describe_phase(game, phase)} is processed; the reports "
                                    "were mailed to every seat.", now_open(jc, seat))


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="DECIDE", usage="DECIDE <question> <answer>", run=run_decide,
        help="answer a question the variant's rules leave to the master; the last answer "
             "processes a turn that waits for it (master)"))
