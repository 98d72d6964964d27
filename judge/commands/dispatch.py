"""Run a message's items in order and collect the Reply.

Order lines are handed to an OrderHandler in runs of consecutive lines, at their place in
the message, because a command before them (SIGNON, PHASE) decides what they apply to.

A message often ends in a signature its mail program wrote without the `-- ` line. When
the handler can tell prose from orders (ReadsProse), the lines that end the message and
all read as prose, after at least one command or order line, are one Ignored entry
rather than one error each (docs/commands.md, "How the judge reads your message").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from judge.commands.items import CommandResult, Ignored, Invocation, Item, OrderText
from judge.commands.parse import split_message
from judge.commands.registry import CommandRegistry, Context
from judge.commands.reply import Reply
from judge.game.errors import GameError


class OrderHandler(Protocol):
    def __call__(self, ctx: Context, lines: Sequence[OrderText], reply: Reply, /) -> None: ...


@runtime_checkable
class ReadsProse(Protocol):
    def reads_as_prose(self, ctx: Context, text: str, /) -> bool: ...


@dataclass(frozen=True, slots=True)
class BasicContext:
    """The smallest Context: enough for the commands that need no game state."""

    registry: CommandRegistry


def reject_orders(ctx: Context, lines: Sequence[OrderText], reply: Reply) -> None:
    """The handler when no game is in play: every order line is an unknown command."""
    for line in lines:
        word = line.text.split()[0]
        near = ctx.registry.close_matches(word)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        reply.error(line.line_no, line.text,
                    f"not a command{hint} (orders need SIGNON to a game first)")


def run_message(body: str, ctx: Context, orders: OrderHandler = reject_orders,
                prelude: Sequence[Invocation] = (), items: Sequence[Item] | None = None
                ) -> Reply:
    """`prelude`: commands the message carries outside its body (a code in the address
    it was sent to), run first. `items`: the body split already (split_message with
    `ctx`'s registry), when the caller has it: the mail path splits a message first to
    count its commands (issue #18: once, not twice)."""
    reply = Reply()
    for invocation in prelude:
        _invoke(ctx, invocation, reply)
    pending: list[OrderText] = []
    if items is None:
        items = split_message(body, ctx.registry)
    for item in items:
        if isinstance(item, OrderText):
            pending.append(item)
            continue
        if pending:
            orders(ctx, tuple(pending), reply)
            pending.clear()
        if isinstance(item, Ignored):
            reply.ignored(item.line_no, item.text, item.reason)
        else:
            _invoke(ctx, item, reply)
    kept, closing = _closing(ctx, orders, pending, len(items) > len(pending))
    if kept:
        orders(ctx, tuple(kept), reply)
    if closing:
        _ignore_closing(reply, closing)
    return reply


def _closing(ctx: Context, orders: OrderHandler, lines: list[OrderText],
             after_items: bool) -> tuple[list[OrderText], list[OrderText]]:
    """The message's last order lines split before the prose that ends the message."""
    if not isinstance(orders, ReadsProse):
        return lines, []
    start = len(lines)
    while start > 0 and orders.reads_as_prose(ctx, lines[start - 1].text):
        start -= 1
    if start == 0 and not after_items:
        return lines, []  # nothing but prose: each line gets its error
    return lines[:start], lines[start:]


def _ignore_closing(reply: Reply, lines: list[OrderText]) -> None:
    first, last = lines[0], lines[-1]
    rest = "" if first is last else f", and neither is anything after it (to line {last.line_no})"
    reply.ignored(first.line_no, first.text,
                  f"not read{rest}: this is neither an order nor a command, so the judge "
                  "took it for your signature. End your orders with SIGNOFF, or put a line "
                  "'-- ' above your signature, to say where they end.")


def _invoke(ctx: Context, invocation: Invocation, reply: Reply) -> None:
    if invocation.error is not None:
        reply.error(invocation.line_no, invocation.text, invocation.error)
        return
    command = ctx.registry.lookup(invocation.name).command
    assert command is not None, invocation.name  # the parser only names registered commands
    try:
        result = command.run(ctx, invocation)
    except GameError as exc:
        result = CommandResult.fail(str(exc))
    if result.error is not None:
        reply.error(invocation.line_no, invocation.text, result.error)
    else:
        reply.done(invocation.line_no, invocation.text, *result.lines)
