"""Taking and leaving seats: CREATE, JOIN, OBSERVE and RESIGN.

Each seat has its own password, chosen by whoever takes it; later messages prove the seat
with `SIGNON <letter><game> <password>`. A game fills as players JOIN and starts the moment
it is full, unless its master set a start time (the scheduler starts it then).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import StrEnum
from typing import Any

from judge.commands.context import JudgeContext, judge_context, need_account, need_seat
from judge.commands.game_over import read_on, refuse_if_over, result_text
from judge.commands.items import CommandResult, Invocation
from judge.commands.observers import ask_to_observe
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.seat_requests import ask_for_seat
from judge.engine.rulebook import Rulebook
from judge.game import observers
from judge.game.clock import format_deadline
from judge.game.errors import GameError
from judge.game.games import (
    CHOICES,
    find_game,
    game_variant,
    phase_of,
    plain_variant,
    seats_of,
    seats_wanted,
    settings_of,
)
from judge.game.lifecycle import (
    OBSERVER_SEAT_GIVEN_UP,
    check_creatable,
    create_game,
    is_full,
    join_game,
    observes,
    parse_preferences,
)
from judge.game.mastering import UNPLAYED, audit
from judge.game.recipients import tell
from judge.game.seat_requests import seats_wait_for_mailbox
from judge.game.throttle import check_password
from judge.store.models import Game, GameState, RequestKind, Seat, SeatRole, SeatStatus
from judge.store.repo_games import current_turn, locked_game
from judge.turns.start import start_and_mail
from judge.variant import power_name
from judge.variant_loader import available_variants

CREATE_USAGE = "CREATE <game> <password> <variant> [option=value ...]"
JOIN_USAGE = "JOIN <game> <password> [preference list]"
OBSERVE_USAGE = "OBSERVE <game> <password>"
RESIGN_USAGE = "RESIGN [<game> <password>]"


def run_create(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) < 3:
        return CommandResult.fail(f"write {CREATE_USAGE}, e.g. CREATE alpha secret standard")
    account = need_account(jc)
    name, password, variant = invocation.args[:3]
    # The name and variant first: options are read against the variant's own, so a
    # misspelt variant would be blamed on its options (newcomer 25).
    check_creatable(jc.session, name.lower(), variant.lower())
    options = parse_options(invocation.args[3:], _game_options_of(variant))
    game = create_game(jc.session, name=name, password=password, variant=variant,
                       master=account, options=options)
    audit(jc.session, game, account, "create", variant=game.variant, options=options)
    jc.seat, jc.power, jc.phase = seats_of(game, SeatRole.MASTER)[0], None, None
    players = seats_wanted(game)
    return CommandResult.ok(
        f"Game {game.name} ({game_variant(game).title}) is created; you are its master "
        "and signed on as master for the rest of this message.",
        f"Sign on in later messages with: SIGNON M{game.name} <the password you chose>",
        f"Players join with: JOIN {game.name} <a password of their own>; it starts when "
        f"all {players} have joined.")


def parse_options(words: tuple[str, ...],
                  per_game: Mapping[str, Any] | None = None) -> dict[str, object]:
    """`victory_centres=17 duplicate_orders=last` -> rule choices, checked by name and type;
    `per_game`: the variant's own `[options]` (Envoy's `players=3 hidden=stab`)."""
    choices = {f.name: f for f in fields(Rulebook)}
    defaults = Rulebook()
    own = {k: v for k, v in (per_game or {}).items() if not k.endswith(CHOICES)}
    options: dict[str, object] = {}
    for word in words:
        key, equals, value = word.partition("=")
        key = key.strip().lower().replace("-", "_")
        if equals and key in own:
            options[key] = _own_option(key, value.strip(), own[key], per_game or {})
            continue
        if not equals or key not in choices:
            raise GameError(f"{word!r} is not an option; write option=value, e.g. "
                            f"victory_centres=17; the options are "
                            f"{', '.join([*own, *choices])}")
        options[key] = _option_value(key, value.strip(), getattr(defaults, key))
    return options


def _game_options_of(name: str) -> Mapping[str, Any]:
    return plain_variant(name).options if name.lower() in available_variants() else {}


def _own_option(key: str, value: str, default: object, per_game: Mapping[str, Any]) -> object:
    """A variant option: one of `<key>_choices` when listed, or, when the choices are
    numbers ([low, high], as Envoy's seats), a whole number in that range."""
    allowed = per_game.get(key + CHOICES)
    if isinstance(allowed, list) and allowed and all(isinstance(a, int) for a in allowed):
        low, high = min(allowed), max(allowed)
        if value.isdigit() and low <= int(value) <= high:
            return int(value)
        return _bad_option(key, value, f"a number from {low} to {high}")
    if isinstance(allowed, list):
        if value.lower() in allowed:
            return value.lower()
        return _bad_option(key, value, " or ".join(str(a) for a in allowed))
    return _option_value(key, value, default)


def _option_value(key: str, value: str, default: object) -> object:
    """The value as JSON keeps it: an enum's value, a bool or an int."""
    if isinstance(default, StrEnum):
        allowed = [member.value for member in type(default)]
        if value.lower() in allowed:
            return value.lower()
        return _bad_option(key, value, " or ".join(allowed))
    if isinstance(default, bool):
        words = {"yes": True, "true": True, "on": True, "no": False, "false": False,
                 "off": False}
        if value.lower() in words:
            return words[value.lower()]
        return _bad_option(key, value, "yes or no")
    if isinstance(default, int) and value.isdigit() and 0 < int(value) < 1000:
        return int(value)
    return _bad_option(key, value, "a whole number, e.g. 17")


def _bad_option(key: str, value: str, wanted: str) -> object:
    raise GameError(f"{key}={value} is not allowed: {key} must be {wanted}")


def run_join(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) < 2:
        return CommandResult.fail(f"write {JOIN_USAGE}, e.g. JOIN alpha secret FGE "
                                  "(France first, then Germany, then England)")
    account = need_account(jc)
    game = locked_game(jc.session, find_game(jc.session, invocation.args[0]))
    preferences = parse_preferences(game_variant(game), " ".join(invocation.args[2:]))
    refuse_if_over(game, jc.seat)  # not "ask its master to REPLACE a power with you"
    if seats_wait_for_mailbox(game):  # who plays is secret: no oracle by forged JOIN (adv8)
        return CommandResult.ok(*ask_for_seat(jc, game, account, RequestKind.JOIN,
                                              invocation.args[1], preferences))
    watched = observes(game, account)
    seat = join_game(jc.session, game, account, invocation.args[1], preferences)
    jc.seat, jc.power, jc.phase = seat, None, None
    lines = [f"You joined {game.name}; you are signed on for the rest of this message.",
             *([OBSERVER_SEAT_GIVEN_UP.format(game=game.name)] if watched else []),
             _wishes(preferences)]
    return CommandResult.ok(*lines, *start_if_full(jc, game))


def _wishes(preferences: list[str]) -> str:
    if not preferences:
        return "No preference list: any power will do."
    return "Your preferences: " + ", ".join(power_name(p) for p in preferences) + "."


def start_if_full(jc: JudgeContext, game: Game) -> list[str]:
    """After a player joins: start a full game with no start time set; lines to report."""
    have, need = len(seats_of(game, SeatRole.PLAYER)), seats_wanted(game)
    if not is_full(game):
        return [f"Players so far: {have} of {need}; you will hear when it starts."]
    start = settings_of(game).schedule.start
    if start is not None:
        return [f"The game is full; it starts at {format_deadline(start, jc.zone)}."]
    start_and_mail(jc.session, game, jc.clock, jc.postman, jc.rng)
    return ["The game is full and has started: every player has been sent their power "
            "and the first deadline."]


def run_observe(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    if len(invocation.args) != 2:
        return CommandResult.fail(f"write {OBSERVE_USAGE}, e.g. OBSERVE alpha secret")
    account = need_account(jc)
    game = find_game(jc.session, invocation.args[0])
    if seats_wait_for_mailbox(game):  # who observes is secret too (adv8)
        return CommandResult.ok(*ask_for_seat(jc, game, account, RequestKind.OBSERVE,
                                              invocation.args[1], []))
    if observers.needs_leave(jc.session, game):  # a second account saw all (advsec8)
        return CommandResult.ok(*ask_to_observe(jc, game, account))
    seat = observers.seat_at_once(jc.session, game, account, invocation.args[1])
    jc.seat, jc.power, jc.phase = seat, None, None
    # Newcomer 23: a finished game's observer was promised reports that never come.
    watching = f"You observe {game.name}: you will receive its public reports." \
        if game.state != GameState.FINISHED else (
            f"You observe {game.name}, which is over ({result_text(game)}), so no report "
            f"will come; {read_on(game)}.")
    return CommandResult.ok(watching,
                            f"Sign on in later messages with: SIGNON O{game.name} <your password>")


def run_resign(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = _seat_by_password(jc, invocation.args) if invocation.args else need_seat(jc)
    if seat.role == SeatRole.MASTER:  # newcomer 22: he was told to sign on as a player
        raise GameError(f"a master does not resign: hand {seat.game.name} to another "
                        "registered player with SET MASTER <address> <password>, e.g. SET "
                        "MASTER dan@example.org secret")
    if seat.role != SeatRole.PLAYER:
        raise GameError("only a player can resign; sign on with your power's letter, "
                        "e.g. SIGNON Falpha secret")
    game = seat.game
    if game.state == GameState.FINISHED:
        raise GameError(f"game {game.name} is over; there is nothing to resign from")
    if jc.seat is seat:  # whatever follows in the message no longer speaks for it
        jc.seat, jc.power, jc.phase = None, None, None
    if game.state == GameState.FORMING:
        jc.session.delete(seat)
        jc.session.flush()
        jc.session.expire(game, ["seats"])
        return CommandResult.ok(f"You have left {game.name}; your place is free again.")
    return CommandResult.ok(*_resign_running(jc, game, seat))


def _seat_by_password(jc: JudgeContext, args: tuple[str, ...]) -> Seat:
    """`RESIGN game password`: before the start a player has no letter to SIGNON with."""
    if len(args) != 2:
        raise GameError(f"write RESIGN after SIGNON, or {RESIGN_USAGE}, e.g. RESIGN alpha "
                        "secret")
    account = need_account(jc)
    game = find_game(jc.session, args[0])
    # Throttled as SIGNON is: From is only a claim, so this is a password guess too.
    mine = [s for s in seats_of(game, SeatRole.PLAYER) if s.account_id == account.id]
    seat = check_password(jc.session, jc.clock.now(), jc.postman, jc.password_guard, mine,
                          args[1], sender=jc.sender, zone=jc.zone) if mine else None
    if seat is not None:
        return seat
    raise GameError(f"you hold no player seat in {game.name} with that password")


def _resign_running(jc: JudgeContext, game: Game, seat: Seat) -> list[str]:
    power = power_name(seat.power or "?")
    seat.status, seat.waiting = SeatStatus.RESIGNED, False
    turn = current_turn(jc.session, game)
    during = (f" during {game_variant(game).rules.calendar.describe(phase_of(turn))}"
              if turn is not None else "")
    tell(jc.session, jc.postman, seats_of(game, SeatRole.MASTER),
         f"{game.name}: {power} needs a replacement",
         f"{seat.account.name} has resigned {power} from {game.name}{during}.\n\n"
         f"Until you REPLACE {power} <address> <password>, nobody orders it: "
         f"{UNPLAYED}.\n")
    return [f"You have resigned {power} from {game.name}; the master is asked to find "
            "a replacement.",
            f"Until then nobody orders {power}: {UNPLAYED}."]


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="CREATE", usage=CREATE_USAGE, run=run_create,
        help="create a game with you as its master (options are rule choices, e.g. "
             "victory_centres=17)"))
    registry.register(Command(
        name="JOIN", usage=JOIN_USAGE, run=run_join,
        help="join a forming game with a password of your own and the powers you "
             "would like, best first (e.g. FGE or France Germany England)"))
    registry.register(Command(
        name="OBSERVE", usage=OBSERVE_USAGE, run=run_observe,
        help="follow a game's reports, with a password of your own; where its observers "
             "see more than the public, its master is asked first"))
    registry.register(Command(
        name="RESIGN", usage=RESIGN_USAGE, run=run_resign,
        help="give up your seat (after SIGNON, or naming the game and your password): "
             "before the start you simply leave; later the master is asked to replace you"))
