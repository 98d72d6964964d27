"""The game master's settings of play: SET PRESS (and SET PRESS OBSERVERS), SET NMR,
SET LATE, SET DIAS / SET NODIAS, and SETTINGS, which shows every setting with the
schedule (master_schedule.py sets that).

Each command needs SIGNON as master and leaves an audit entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from judge.commands.game_over import PRIZE_GAME
from judge.commands.items import CommandResult, Invocation
from judge.commands.master import at, master_of, master_of_unfinished, now_open, record
from judge.commands.master_schedule import schedule_lines
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game.errors import GameError
from judge.game.games import game_variant, settings_of, store_settings
from judge.game.settings import GameSettings, NmrPolicy, PressMode
from judge.store.models import GameState


def _setting(ctx: Context, action: str, change: Callable[[GameSettings], GameSettings],
             said: str) -> CommandResult:
    jc, seat, game = master_of_unfinished(ctx)
    store_settings(game, change(settings_of(game)))
    record(jc, seat, action, value=said)
    return CommandResult.ok(f"{game.name}: {said}.")


_PRESS = {"none": PressMode.NONE, "no": PressMode.NONE, "white": PressMode.WHITE,
          "grey": PressMode.GREY, "gray": PressMode.GREY, "partial": PressMode.PARTIAL}
_NMR = {"hold": NmrPolicy.HOLD, "disorder": NmrPolicy.CIVIL_DISORDER,
        "cd": NmrPolicy.CIVIL_DISORDER, "civil": NmrPolicy.CIVIL_DISORDER,
        "wait": NmrPolicy.WAIT}


_SWITCH = {"on": True, "yes": True, "off": False, "no": False}
PRESS_USAGE = ("write SET PRESS none, white, grey or partial, e.g. SET PRESS grey, or SET "
               "PRESS OBSERVERS ON or OFF (whether observers see broadcasts)")


def run_set_press(ctx: Context, invocation: Invocation) -> CommandResult:
    words = invocation.rest.lower().split()
    if len(words) == 2 and words[0] == "observers" and words[1] in _SWITCH:
        see = _SWITCH[words[1]]
        return _setting(ctx, "set_press", lambda s: replace(
            s, press=replace(s.press, observers_see_broadcasts=see)), _observers_text(see))
    mode = _PRESS.get(words[0]) if len(words) == 1 else None
    if mode is None:
        return CommandResult.fail(PRESS_USAGE)
    return _setting(ctx, "set_press", lambda s: replace(s, press=replace(s.press, mode=mode)),
                    f"press is {mode.value}")


def _observers_text(see: bool) -> str:
    return f"observers {'see' if see else 'do not see'} broadcasts"


def _commentator_text(name: str) -> str:
    return f"; {name} is the commentator (SET COMMENTATOR)" if name else ""


def run_set_nmr(ctx: Context, invocation: Invocation) -> CommandResult:
    policy = _NMR.get(invocation.rest.strip().lower())
    if policy is None:
        return CommandResult.fail("write SET NMR hold, disorder or wait, e.g. SET NMR hold "
                                  "(what happens to missing orders when grace ends)")
    return _setting(ctx, "set_nmr",
                    lambda s: replace(s, schedule=replace(s.schedule, nmr=policy)),
                    f"at the end of grace, missing orders mean {_NMR_TEXT[policy]}")


_NMR_TEXT = {NmrPolicy.HOLD: "hold", NmrPolicy.CIVIL_DISORDER: "civil disorder",
             NmrPolicy.WAIT: "the turn waits for the master"}
_LATE = {"public": True, "on": True, "yes": True, "private": False, "hidden": False,
         "off": False, "no": False}


def run_set_late(ctx: Context, invocation: Invocation) -> CommandResult:
    public = _LATE.get(invocation.rest.strip().lower())
    if public is None:
        return CommandResult.fail("write SET LATE PUBLIC or SET LATE PRIVATE (whether every "
                                  "report names the powers that missed the deadline)")
    return _setting(ctx, "set_late",
                    lambda s: replace(s, schedule=replace(s.schedule, late_public=public)),
                    _late_text(public))


def _late_text(public: bool) -> str:
    return ("every report names the powers that missed the deadline" if public else
            "only your reports name the powers that missed the deadline")


# A game without draws (game_over.PRIZE_GAME) has none to share: SET DRAW is refused
# (player.py), so neither SETTINGS nor SET DIAS may speak of how a draw is shared.
NO_DRAWS = f"none: the {PRIZE_GAME}"


def _draws(ctx: Context) -> None:
    _, _, game = master_of_unfinished(ctx)
    if not game_variant(game).draws:
        raise GameError(f"{game.name} allows no draws, so DIAS has no use: its {PRIZE_GAME}")


def run_set_dias(ctx: Context, invocation: Invocation) -> CommandResult:
    _draws(ctx)
    return _setting(ctx, "set_dias", lambda s: replace(s, draw=replace(s.draw, dias=True)),
                    "a draw includes all survivors (DIAS)")


def run_set_nodias(ctx: Context, invocation: Invocation) -> CommandResult:
    _draws(ctx)
    return _setting(ctx, "set_nodias", lambda s: replace(s, draw=replace(s.draw, dias=False)),
                    "a draw includes only the powers its votes name (no DIAS)")


def run_settings(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    settings = settings_of(game)
    record(jc, seat, "show_settings")
    start = at(settings.schedule.start, seat) if settings.schedule.start else "when full"
    lines = [f"Game {game.name}: {game.state.value}.",
             now_open(jc, seat) if game.state != GameState.FORMING else f"Starts: {start}.",
             *schedule_lines(settings.schedule, game),
             f"Missing orders at the end of grace: {_NMR_TEXT[settings.schedule.nmr]}.",
             f"Late powers: {_late_text(settings.schedule.late_public)}.",
             f"Press: {settings.press.mode.value}; "
             f"{_observers_text(settings.press.observers_see_broadcasts)}"
             f"{_commentator_text(settings.press.commentator)}.",
             f"Draws: {_draw_text(settings.draw.dias, game_variant(game).draws)}.",
             options_text(game.variant_options)]
    return CommandResult.ok(*lines)


def _draw_text(dias: bool, draws: bool) -> str:
    if not draws:
        return NO_DRAWS
    return "DIAS" if dias else "the powers the votes name"


def options_text(options: Mapping[str, Any]) -> str:
    """The options CREATE was given, which are fixed: a master setting a game up sees the
    rules it plays (an Engineered game's level, its decoys) beside its schedule, and LIST
    shows them to everyone (they are the game's public rules)."""
    if not options:
        return "Options: none given at CREATE (the variant's defaults)."
    return "Options (fixed at CREATE): " + ", ".join(
        f"{k}={_option_value(v)}" for k, v in options.items()) + "."


def _option_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def register(registry: CommandRegistry) -> None:
    for name, usage, run, text in (
        ("SET PRESS", "SET PRESS none|white|grey|partial | OBSERVERS ON|OFF", run_set_press,
         "which press players may send, or whether observers see broadcasts (master)"),
        ("SET NMR", "SET NMR hold|disorder|wait", run_set_nmr,
         "what missing orders mean when grace ends (master)"),
        ("SET LATE", "SET LATE PUBLIC|PRIVATE", run_set_late,
         "whether every report names the powers that missed the deadline (master)"),
        ("SET DIAS", "", run_set_dias, "a draw includes all survivors (master)"),
        ("SET NODIAS", "", run_set_nodias, "a draw includes only the powers voted (master)"),
        ("SETTINGS", "", run_settings, "show the game's schedule and settings (master)"),
    ):
        registry.register(Command(name=name, usage=usage, run=run, help=text))
