"""POLL: an observer answers a question the variant puts to the game's audience
(judge/game/polls.py); POLL alone lists the open ones."""

from __future__ import annotations

from judge.commands.context import judge_context, need_seat
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game import polls
from judge.game.errors import GameError
from judge.game.mastering import need_open_turn
from judge.store.models import SeatRole


def run_poll(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    if seat.role != SeatRole.OBSERVER:
        raise GameError(f"only the observers of {seat.game.name} answer its polls "
                        f"(SIGNON O{seat.game.name} <password> as an observer)")
    game = seat.game
    turn = need_open_turn(jc.session, game)
    if not invocation.args:
        asked = polls.open_polls(game, turn)
        if not asked:
            return CommandResult.ok(f"{game.name} has no open poll this turn.")
        return CommandResult.ok(*(f"{q.key}: {q.text} Choices: {', '.join(q.choices)}. "
                                  f"Answer: POLL {q.key} <choice>" for q in asked))
    if len(invocation.args) < 2:
        raise GameError("write POLL <poll> <answer>, e.g. POLL vote-off Italy; POLL alone "
                        "lists the open polls")
    key, answer = invocation.args[0], invocation.rest.split(None, 1)[1]
    question, spelled = polls.vote(game, turn, seat, key, answer)
    return CommandResult.ok(f"{question.key}: your answer is {spelled}. Answers are secret "
                            "and may be changed until the turn is processed; the result "
                            "shows in its report.")


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="POLL", usage="POLL [<poll> <answer>]", run=run_poll,
        help="answer a poll the game's variant puts to its observers, or list the open "
             "ones (observer)"))
