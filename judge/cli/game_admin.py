"""`judge game …` and `judge sweep`: an operator's view of the games and hands on them.

Operator actions go into the audit log with no account (AuditEntry.actor_account_id null),
and tell the players what a master's command would tell them.
"""

from __future__ import annotations

import argparse
from datetime import datetime

from sqlalchemy.orm import Session

from judge.cli.support import judge_of, moment, table
from judge.game import mastering
from judge.game.clock import format_deadline
from judge.game.errors import GameError
from judge.game.games import game_variant, primary_address
from judge.game.lifecycle import create_game
from judge.game.readiness import late_powers
from judge.game.rollback import rollback
from judge.store import repo, repo_games
from judge.store.models import Game, GameState, Seat, SeatRole
from judge.store.repo_games import current_turn
from judge.turns.deadlines import sweep_all
from judge.turns.process import process_and_report
from judge.variant import power_name


def run_create(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        master = repo.account_by_address(session, args.master)
        if master is None:
            raise GameError(f"no account has the address {args.master}; create one first: "
                            f"judge account create --name NAME --address {args.master}")
        game = create_game(session, name=args.name, password=args.password,
                           variant=args.variant, master=master)
        mastering.audit(session, game, None, "create", by="operator")
        print(f"Created game {game.name} ({game_variant(game).title}), forming; its master "
              f"is {master.name} <{primary_address(master)}>.")
    return 0


def _find(session: Session, name: str) -> Game:
    game = repo.game_by_name(session, name.lower())
    if game is None:
        raise GameError(f"no game called {name!r}; judge game list shows them all")
    return game


def run_list(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        games = repo_games.all_games(session)
        rows: list[tuple[str, ...]] = [("GAME", "VARIANT", "STATE", "PHASE", "DEADLINE", "PLAYERS")]
        rows += [_row(session, game) for game in games]
    print("\n".join(table(rows)) if games else "No games.")
    return 0


def _row(session: Session, game: Game) -> tuple[str, ...]:
    turn = current_turn(session, game)
    players = [s for s in game.seats if s.role == SeatRole.PLAYER]
    return (game.name, game.variant, game.state.value, turn.phase if turn else "-",
            moment(turn.deadline if turn else None),
            f"{len(players)}/{len(game_variant(game).powers)}")


def run_show(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        game = _find(session, args.name)
        print("\n".join(_describe(session, game)))
    return 0


def _describe(session: Session, game: Game) -> list[str]:
    turn = current_turn(session, game)
    lines = [f"Game {game.name} ({game_variant(game).title}), {game.state.value}"]
    if turn is not None:
        lines += [f"Phase: {turn.phase} ({mastering.describe_phase(game, turn.phase)})",
                  f"Deadline: {moment(turn.deadline)}",
                  f"Grace until: {moment(turn.grace_until)}"]
        if game.state == GameState.ACTIVE:
            late = sorted(late_powers(session, game, turn))
            lines.append(f"Late: {', '.join(power_name(p) for p in late) or 'nobody'}")
    if game.result:
        lines.append(f"Result: {game.result}")
    rows: list[tuple[str, ...]] = [("ROLE", "POWER", "ACCOUNT", "STATUS", "")]
    rows += [_seat_row(seat) for seat in game.seats]
    return [*lines, "Seats:", *(f"  {line}" for line in table(rows))]


def _seat_row(seat: Seat) -> tuple[str, ...]:
    return (seat.role.value, power_name(seat.power) if seat.power else "-",
            f"{seat.account.name} <{primary_address(seat.account)}>", seat.status.value,
            "waiting" if seat.waiting else "")


def run_process(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        game = _find(session, args.name)
        phase = str(mastering.read_phase(game, args.phase)) if args.phase else None
        # With --phase, a turn processed meanwhile (by the sweep) is not processed again.
        result = process_and_report(session, game, judge.clock, judge.postman, phase)
        if result is None:
            print(f"{game.name}: not processed: it waits for the master's decision "
                  "(the masters were mailed the questions; they answer with DECIDE).")
            return 1
        done = str(result.phase)
        mastering.audit(session, game, None, "process", phase=done, by="operator")
        print(f"{game.name}: {done} processed; the reports are in the outbox.")
        print(_now_open(session, game))
    return 0


def _now_open(session: Session, game: Game) -> str:
    turn = current_turn(session, game)
    if turn is None:
        return f"{game.name} is {game.state.value}; no phase is open."
    return f"Now open: {turn.phase}, deadline {moment(turn.deadline)}."


def run_rollback(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        game = _find(session, args.name)
        target = mastering.read_phase(game, args.phase) if args.phase else None
        turn, removed = rollback(session, game, judge.clock, None, target)
        title, undone = mastering.describe_phase(game, turn.phase), ", ".join(removed)
        mastering.notify(session, judge.postman, game, f"rolled back to {turn.phase}",
                         lambda seat: f"The judge's operator rolled {game.name} back to the "
                                      f"start of {title}.\nNew deadline: "
                                      f"{_in_zone(turn.deadline, seat)}\n")
        print(f"{game.name} is back at the start of {turn.phase}; undone: {undone or 'none'}.")
        print(_now_open(session, game))
    return 0


def _in_zone(when: datetime | None, seat: Seat) -> str:
    return format_deadline(when, seat.account.time_zone) if when is not None else "none"


def run_sweep(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    done = sweep_all(judge.db, judge.clock, judge.postman)
    print("\n".join(done) if done else "Nothing was due.")
    return 0
