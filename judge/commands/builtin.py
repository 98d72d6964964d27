"""The commands that need no game state: HELP and SIGNOFF (HELP ORDERS reads the signed-on
game's variant when there is one: orders_help.py).

How a family adds itself (one module per family, e.g. `account.py` for REGISTER, SET
PASSWORD, SET ADDRESS; `players.py` for SIGNON, JOIN, RESIGN; `master.py` for the master's
commands):

1. Write each run function as `def run_x(ctx: Context, invocation: Invocation) -> CommandResult`.
   Read `invocation.args` (case kept as typed: passwords), `invocation.rest` (the line after
   the command words) and, for block commands, `invocation.block`. Report with
   `CommandResult.ok(*lines)` or `CommandResult.fail(reason)`; never write to the reply yourself.
2. Give the module a `register(registry: CommandRegistry) -> None` that calls
   `registry.register(Command(...))` once per command.
3. Add that `register` to `FAMILIES` in `judge/commands/__init__.py`. A clash of names
   or aliases with another family raises DuplicateCommandError when the registry is built.
4. If the command needs more than the registry (a unit of work, the sender's account),
   add a member to the `Context` protocol in registry.py; do not reach for globals.
"""

from __future__ import annotations

from judge.commands.items import CommandResult, Invocation
from judge.commands.orders_help import is_topic, orders_help
from judge.commands.registry import Command, CommandRegistry, Context


def run_help(ctx: Context, invocation: Invocation) -> CommandResult:
    if not invocation.args:
        return CommandResult.ok("Commands (case does not matter; unique abbreviations of 4 or "
                                "more letters work):", "", *ctx.registry.help_lines(), "",
                                "How to write orders, with examples for your game: HELP ORDERS")
    if is_topic(invocation.args):
        return orders_help(ctx, invocation.args)
    topic = " ".join(invocation.args)
    for phrase in (topic, invocation.args[0]):
        found = ctx.registry.lookup(phrase)
        if found.command is not None:
            return CommandResult.ok(*_describe(found.command))
    return CommandResult.fail(_unknown_topic(ctx.registry, topic))


def _describe(command: Command) -> list[str]:
    lines = [command.synopsis()]
    if command.aliases:
        lines.append(f"Also written: {', '.join(command.aliases)}")
    if command.block:
        ends = " or ".join(command.end_words)
        lines.append(f"Takes the lines that follow, up to a line reading {ends}.")
    if command.ends_message:
        lines.append("Lines after it are ignored.")
    return lines


def _unknown_topic(registry: CommandRegistry, topic: str) -> str:
    found = registry.lookup(topic)
    near = found.candidates or registry.close_matches(topic)
    # A game's own order words (a variant's) are no commands: point to its order help.
    hint = (f"; did you mean {', '.join(near)}?" if near else
            "; send HELP for the list of commands; if it is an order, HELP ORDERS (signed "
            "on to your game) shows how to write your game's orders")
    return f"no command {topic.upper()}{hint}"


def run_signoff(ctx: Context, invocation: Invocation) -> CommandResult:
    return CommandResult.ok("End of commands.")


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="HELP", usage="HELP [command | ORDERS]", run=run_help,
        help="list the commands, or explain one; HELP ORDERS: how to write orders"))
    registry.register(Command(
        name="SIGNOFF", run=run_signoff, ends_message=True,
        help="end of commands; the rest of the message (a signature) is ignored"))
