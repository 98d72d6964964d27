"""A player's standing wishes: SET WAIT/NOWAIT, draw and concession votes (SET ABSENCE is
in absence.py).

Votes are secret: the reply says the vote is recorded, and everyone hears only the
outcome when a vote passes (judge.game.votes).
"""

from __future__ import annotations

from judge.commands.context import JudgeContext, acting_power, judge_context, need_seat
from judge.commands.examples import example_powers
from judge.commands.game_over import PRIZE_GAME, refuse_if_over
from judge.commands.items import CommandResult, Invocation
from judge.commands.orders import show_status
from judge.commands.registry import Command, CommandRegistry, Context
from judge.engine.visibility import Viewer
from judge.game import votes
from judge.game.clock import format_deadline
from judge.game.errors import GameError
from judge.game.games import game_variant, player_seat, settings_of
from judge.game.lifecycle import parse_preferences, power_lookup
from judge.store.models import Game, GameState, Seat, VoteKind
from judge.store.repo_games import current_turn, locked_game
from judge.variant import power_name

RUNNING = (GameState.ACTIVE, GameState.PAUSED)


def _running_seat(jc: JudgeContext) -> tuple[Game, Seat]:
    """The game and the seat of the power this message acts for, in a running game."""
    game = need_seat(jc).game
    refuse_if_over(game, jc.seat)  # before a master is told to BECOME a power
    power = acting_power(jc)
    if game.state not in RUNNING:
        raise GameError(f"game {game.name} is {game.state.value}; this works only while "
                        "it is being played")
    seat = player_seat(game, power)
    if seat is None:
        raise GameError(f"{power_name(power)} has no player at the moment")
    return game, seat


def run_wait(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _running_seat(jc)
    seat.waiting = True
    turn = current_turn(jc.session, game)
    when = f" ({format_deadline(turn.deadline, jc.zone)})" if turn and turn.deadline else ""
    return CommandResult.ok(f"This turn will not be processed before its deadline{when}, even "
                            "if every order is in. It applies to this turn only; SET NOWAIT "
                            "lifts it.")


def run_nowait(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    seat.waiting = False
    # The turn may now be ready: the order status note processes it if so.
    show_status(jc, True)
    return CommandResult.ok("This turn may be processed as soon as every power's orders are in.")


def run_draw(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _voting_seat(jc)
    if not game_variant(game).draws:
        raise GameError(f"{game.name} allows no draws: its {PRIZE_GAME}")
    powers = _draw_powers(jc, game, invocation.rest)
    votes.cast(jc.session, jc.clock, seat, VoteKind.DRAW, powers)
    named = f" ({', '.join(map(power_name, powers))})" if powers else ""
    return CommandResult.ok(f"Your draw vote{named} is recorded. Votes are secret; everyone "
                            "hears when a draw passes.", *_settle(jc, game))


def _voting_seat(jc: JudgeContext) -> tuple[Game, Seat]:
    game, seat = _running_seat(jc)
    game = locked_game(jc.session, game)  # two last votes at once must not both miss
    power = power_name(seat.power or "?")
    if seat.power not in votes.survivors(jc.session, game):
        raise GameError(f"{power} is out of the game; only surviving powers vote")
    if seat.power not in votes.voters(jc.session, game):
        # Newcomer 22: say how it ends (master.md, REPLACE), not only that it is so.
        raise GameError(f"{power} is in civil disorder and does not vote; the master's "
                        f"REPLACE {power} <its player's address> <password> gives it back "
                        "to its player")
    return game, seat


def _draw_powers(jc: JudgeContext, game: Game, text: str) -> list[str]:
    if not text.strip():
        return []
    if settings_of(game).draw.dias:
        raise GameError(f"in {game.name} a draw includes every surviving power (DIAS), so "
                        "a vote cannot name powers; write SET DRAW alone")
    powers = parse_preferences(game_variant(game), text)
    _played_only(jc, game, powers, "share a draw")
    alive = votes.survivors(jc.session, game)
    gone = [p for p in powers if p not in alive]
    if gone:
        raise GameError(f"{', '.join(map(power_name, gone))} cannot share a draw: "
                        "only surviving powers can")
    if len(powers) < 2:
        raise GameError("a draw needs two or more powers, e.g. SET DRAW "
                        f"{_draw_example(jc, game)}; to give one power the game, SET "
                        "CONCEDE it")
    return powers if set(powers) != set(alive) else []


def _concede_example(jc: JudgeContext, game: Game, seat: Seat) -> str:
    """A surviving player other than the writer: the one power he may concede to."""
    return example_powers(game, seat.power, among=votes.survivors(jc.session, game))


def _draw_example(jc: JudgeContext, game: Game) -> str:
    """The writer's own power and another: a draw he proposes includes him."""
    mine = jc.seat.power if jc.seat is not None else None
    alive = votes.survivors(jc.session, game)
    if mine is None:
        return example_powers(game, count=2, among=alive)
    return f"{power_name(mine)} {example_powers(game, mine, among=alive)}"


def run_nodraw(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    had = votes.withdraw(jc.session, seat, VoteKind.DRAW)
    return CommandResult.ok("Your draw vote is withdrawn." if had else "You had no draw vote.")


def run_concede(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    game, seat = _voting_seat(jc)
    winner = _conceded_to(jc, game, seat, invocation.rest)
    seen = [] if invocation.rest.strip() or not votes.hides(jc.session, game) else [
        f"{power_name(winner)} leads on the board as you see it; {game.name} hides what "
        "you may not know, so name the power when you mean another: SET CONCEDE <power>."]
    votes.cast(jc.session, jc.clock, seat, VoteKind.CONCEDE, [winner])
    return CommandResult.ok(f"Your concession to {power_name(winner)} is recorded. Votes are "
                            "secret; everyone hears if every other player concedes too.",
                            *seen, *_settle(jc, game))


def _conceded_to(jc: JudgeContext, game: Game, seat: Seat, text: str) -> str:
    if text.strip():
        winner = power_lookup(game_variant(game)).get(text.strip().upper())
        if winner is not None:
            _played_only(jc, game, [winner], "be conceded to", text.strip())
        if winner is None or winner not in votes.survivors(jc.session, game):
            raise GameError(f"{text.strip()!r} is not a surviving power of {game.name}; "
                            f"write e.g. SET CONCEDE {_concede_example(jc, game, seat)}")
    else:
        winner = _leader_seen(jc, game, seat)
    if winner == seat.power and not text.strip() and votes.hides(jc.session, game):
        raise GameError(f"you lead on the board as you see it ({game.name} hides what you "
                        "may not know), and cannot concede to yourself; name the power you "
                        f"concede to, e.g. SET CONCEDE {_concede_example(jc, game, seat)}, or "
                        "propose a draw with SET DRAW")
    if winner == seat.power:
        raise GameError("you cannot concede to yourself; SET DRAW proposes a draw instead")
    return winner


def _leader_seen(jc: JudgeContext, game: Game, seat: Seat) -> str:
    """The leader as the conceding player may know him: counted on his own view of the
    board, so the answer tells nothing the rules hide (issue #13 item 5; Secret Envoy,
    rule 11: another player's diplomats, and so his Major Allies, are hidden)."""
    if votes.hides_centres(jc.session, game, seat):
        # Naming the leader would tell who leads (Stab Envoy 12e hides the counts).
        # Polish 25: it began "maze hides the other powers' centres", which Algernon's
        # newcomer read as a fault (rule 7 publishes the counts): what to write comes first.
        raise GameError("name the power you concede to: SET CONCEDE <power>, e.g. SET "
                        f"CONCEDE {_concede_example(jc, game, seat)} ({game.name} does not "
                        "show you who holds which centres, so the judge names no leader "
                        "for you)")
    found = votes.leader(jc.session, game, Viewer.player(seat.power or ""))
    if found is None:
        raise GameError(f"no single power leads in supply centres{_as_seen(jc, game)}; "
                        "name the one you concede to, e.g. SET CONCEDE "
                        f"{_concede_example(jc, game, seat)}")
    return found


def _as_seen(jc: JudgeContext, game: Game) -> str:
    return " on the board as you see it" if votes.hides(jc.session, game) else ""


def _played_only(jc: JudgeContext, game: Game, powers: list[str], what: str,
                 written: str | None = None) -> None:
    """Refuse powers nobody plays in this game (the state's `players`: a variant's neutral
    countries), whose draws and concessions are the players' (judge.game.votes)."""
    played = votes.played(jc.session, game)
    outside = [p for p in powers if played is not None and p not in played]
    if not played or not outside:
        return
    names = [repr(written)] if written else [repr(power_name(p)) for p in outside]
    verb = "is" if len(names) == 1 else "are"
    raise GameError(f"{' and '.join(names)} {verb} not played in {game.name}: only the "
                    f"powers played ({', '.join(map(power_name, played))}) can {what}")


def run_noconcede(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    _, seat = _running_seat(jc)
    had = votes.withdraw(jc.session, seat, VoteKind.CONCEDE)
    return CommandResult.ok("Your concession is withdrawn." if had else "You had not conceded.")


def _settle(jc: JudgeContext, game: Game) -> list[str]:
    outcome = votes.settle(jc.session, game, jc.clock, jc.postman)
    return [f"The vote has passed. The game is over: {outcome}"] if outcome else []


def register(registry: CommandRegistry) -> None:
    for name, run, help_text in (
        ("SET WAIT", run_wait, "hold this turn until its deadline even if all orders are in"),
        ("SET NOWAIT", run_nowait, "let this turn process as soon as all orders are in"),
        ("SET NODRAW", run_nodraw, "withdraw your draw vote"),
        ("SET NOCONCEDE", run_noconcede, "withdraw your concession"),
    ):
        registry.register(Command(name=name, run=run, help=help_text))
    registry.register(Command(
        name="SET DRAW", usage="SET DRAW [powers]", run=run_draw,
        help="vote for a draw (secret); name its powers only where the game is not DIAS"))
    registry.register(Command(
        name="SET CONCEDE", usage="SET CONCEDE [power]", run=run_concede,
        help="concede the game to a power (the leader if none named); it wins when "
             "every other player concedes"))
