"""Run a message's items in order and collect the Reply.

Order lines are handed to an OrderHandler in runs of consecutive lines, at their place in
the message, because a command before them (SIGNON, PHASE) decides what they apply to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from judge.commands.items import Ignored, Invocation, OrderLine, Outcome
from judge.commands.parse import split_message
from judge.commands.registry import Context, Registry
from judge.commands.reply import Reply
from judge.game.errors import GameError


class OrderHandler(Protocol):
    def __call__(self, ctx: Context, lines: Sequence[OrderLine], reply: Reply, /) -> None: ...


@dataclass(frozen=True, slots=True)
class BasicContext:
    """The smallest Context: enough for the commands that need no game state."""

    registry: Registry


def reject_orders(ctx: Context, lines: Sequence[OrderLine], reply: Reply) -> None:
    """The handler when no game is in play: every order line is an unknown command."""
    for line in lines:
        word = line.text.split()[0]
        near = ctx.registry.close_matches(word)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        reply.error(line.line_no, line.text,
                    f"not a command{hint} (orders need SIGNON to a game first)")


def run_message(body: str, ctx: Context, orders: OrderHandler = reject_orders,
                prelude: Sequence[Invocation] = ()) -> Reply:
    """`prelude`: commands the message carries outside its body (a code in the address
    it was sent to), run first."""
    reply = Reply()
    for invocation in prelude:
        _invoke(ctx, invocation, reply)
    pending: list[OrderLine] = []
    for item in split_message(body, ctx.registry):
        if isinstance(item, OrderLine):
            pending.append(item)
            continue
        if pending:
            orders(ctx, tuple(pending), reply)
            pending.clear()
        if isinstance(item, Ignored):
            reply.ignored(item.line_no, item.text, item.reason)
        else:
            _invoke(ctx, item, reply)
    if pending:
        orders(ctx, tuple(pending), reply)
    return reply


def _invoke(ctx: Context, invocation: Invocation, reply: Reply) -> None:
    if invocation.error is not None:
        reply.error(invocation.line_no, invocation.text, invocation.error)
        return
    command = ctx.registry.lookup(invocation.name).command
    assert command is not None, invocation.name  # the parser only names registered commands
    try:
        result = command.run(ctx, invocation)
    except GameError as exc:
        result = Outcome.fail(str(exc))
    if result.error is not None:
        reply.error(invocation.line_no, invocation.text, result.error)
    else:
        reply.done(invocation.line_no, invocation.text, *result.lines)
