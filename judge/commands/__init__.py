"""Mail commands: a registry of command families, the message splitter and the reply.

    registry = build_registry()
    reply = run_message(body, BasicContext(registry))
    reply.subject("Re: orders"), reply.render()
"""

from __future__ import annotations

from judge.commands import (
    absence,
    account,
    board,
    builtin,
    commentator,
    decide,
    game_map,
    listing,
    master,
    master_handover,
    master_schedule,
    master_seats,
    master_settings,
    observers,
    orders,
    player,
    poll,
    press,
    seating,
    signon,
    turn_history,
)
from judge.commands import map as map_family
from judge.commands.dispatch import BasicContext, OrderHandler, run_message
from judge.commands.items import CommandResult, Ignored, Invocation, Item, OrderText
from judge.commands.parse import split_message
from judge.commands.registry import (
    Command,
    CommandRegistry,
    Context,
    DuplicateCommandError,
    RegisterFamily,
)
from judge.commands.reply import Reply

# One entry per family module; each adds its commands to the registry it is given.
FAMILIES: tuple[RegisterFamily, ...] = (
    builtin.register, signon.register, orders.register, account.register, listing.register,
    turn_history.register,
    seating.register, player.register, absence.register, press.register, master.register,
    master_handover.register, master_seats.register, master_schedule.register,
    master_settings.register, observers.register, board.register, decide.register,
    map_family.register,
    game_map.register, poll.register, commentator.register,
)


def build_registry(families: tuple[RegisterFamily, ...] = FAMILIES) -> CommandRegistry:
    """A fresh registry with every family's commands; a name clash raises here."""
    registry = CommandRegistry()
    for register in families:
        register(registry)
    return registry


__all__ = [
    "FAMILIES", "BasicContext", "Command", "CommandRegistry", "CommandResult", "Context",
    "DuplicateCommandError", "Ignored", "Invocation", "Item", "OrderHandler", "OrderText",
    "RegisterFamily", "Reply", "build_registry", "run_message", "split_message",
]
