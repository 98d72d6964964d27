"""Observers and the master's leave: OBSERVE's request where observers see more than the
public, and the master's OBSERVERS, ALLOW OBSERVER, REFUSE OBSERVER and EJECT OBSERVER
(judge.game.observers; docs/master.md, "Observers").

    OBSERVERS                   the game's observers and the requests waiting (master)
    ALLOW OBSERVER <account>    seat a request; its password goes to the account (master)
    REFUSE OBSERVER <account>   drop a request; the account is told (master)
    EJECT OBSERVER <account>    take an observer's seat, in any game (master)

Not REMOVE OBSERVER: REMOVE starts an adjustment order, and a two-word command's first word
makes every line it starts a command (judge.commands.parse).

What the requester is told depends on nothing but the game's setting and his own account
(never on who plays: tests/secrecy/test_observe26_requests.py).
"""

from __future__ import annotations

from judge.commands.context import JudgeContext
from judge.commands.game_over import read_on, result_text
from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game import observers
from judge.game.games import primary_address, seats_of
from judge.game.recipients import tell
from judge.store.models import Account, Game, GameState, Seat, SeatRole, SeatStatus

ALLOW_USAGE = "ALLOW OBSERVER <account name or address>"
REFUSE_USAGE = "REFUSE OBSERVER <account name or address>"
EJECT_USAGE = "EJECT OBSERVER <account name or address>"
_WHY = ("in {game} observers see more than the public (the game's setting), so an observer's "
        "seat there needs its master's leave: an account proves only that its owner has an "
        "address, and a player's second account would read what his power may not")


def ask_to_observe(jc: JudgeContext, game: Game, account: Account) -> list[str]:
    """OBSERVE where the master's leave is needed: the request stored, the master told;
    the reply's lines."""
    observers.ask(jc.session, game, account)
    name = account.name
    addresses = ", ".join(a.address for a in account.addresses)
    tell(jc.session, jc.postman, seats_of(game, SeatRole.MASTER),
         f"{game.name}: {name} asks to observe",
         f"{name} ({addresses}) asks to observe {game.name}; the request came from "
         f"{jc.sender}.\n\nNobody is seated yet: {_WHY.format(game=game.name)}.\n\n"
         f"To let {name} observe: SIGNON M{game.name} <password>, then "
         f"ALLOW OBSERVER {name}\nTo refuse: REFUSE OBSERVER {name}\n"
         f"OBSERVERS lists the observers of {game.name} and who waits.\n")
    return [f"Your request to observe {game.name} went to its master; nothing is taken yet: "
            f"{_WHY.format(game=game.name)}.",
            "The judge writes to you when the master answers. If he lets you observe, the "
            "seat's password comes in that mail, to your account's address (not the one on "
            "your OBSERVE line: someone else may write to the judge in your name); after "
            f"SIGNON O{game.name} <that password>, SET PASSWORD chooses your own."]


def run_observers(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, _, game = master_of(ctx)
    if invocation.args:
        return CommandResult.fail(f"write OBSERVERS alone, after SIGNON M{game.name} "
                                  "<password>")
    seats = observers.observer_seats(game)
    watching = [_line(s) for s in seats if s.status == SeatStatus.ACTIVE]
    waiting = [_line(s) for s in seats if s.status == SeatStatus.PENDING]
    leave = ("OBSERVE waits for your leave there" if observers.needs_leave(jc.session, game)
             else "OBSERVE seats an observer at once there")
    return CommandResult.ok(
        f"Observers of {game.name} ({leave}):", *(watching or ["  none"]),
        *(["Asking to observe (ALLOW OBSERVER or REFUSE OBSERVER <name>):", *waiting]
          if waiting else []))


def _line(seat: Seat) -> str:
    return f"  {seat.account.name} ({', '.join(a.address for a in seat.account.addresses)})"


def run_allow(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, master, game = master_of(ctx)
    seat = _named(game, invocation)
    if seat is None:
        return CommandResult.fail(f"write {ALLOW_USAGE}, e.g. ALLOW OBSERVER Zine")
    password = observers.allow(seat)
    record(jc, master, "allow_observer", account=seat.account_id)
    tell(jc.session, jc.postman, [seat], f"{game.name}: you observe it",
         f"The master of {game.name} lets you observe it. {_reports(game)}\n\n"
         f"Sign on with: SIGNON O{game.name} {password}\n(a password the judge chose and "
         "sent only to your account's address; change it with SET PASSWORD).\n")
    return CommandResult.ok(f"{seat.account.name} observes {game.name} now; the seat's "
                            f"password went to {primary_address(seat.account)}.")


def _named(game: Game, invocation: Invocation) -> Seat | None:
    """The observer or request the line names; None when it names nobody at all."""
    if not invocation.rest.strip():
        return None
    return observers.find_observer(game, invocation.rest)


def _reports(game: Game) -> str:
    if game.state != GameState.FINISHED:
        return "You will receive its reports as its observers see them."
    return f"It is over ({result_text(game)}), so no report will come; {read_on(game)}."


def run_refuse(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, master, game = master_of(ctx)
    seat = _named(game, invocation)
    if seat is None:
        return CommandResult.fail(f"write {REFUSE_USAGE}, e.g. REFUSE OBSERVER Zine")
    account = seat.account
    observers.refuse(jc.session, seat)
    record(jc, master, "refuse_observer", account=account.id)
    _write(jc, account, f"{game.name}: no observer's seat",
           f"The master of {game.name} did not let you observe it. You may still read what "
           f"anyone may: LIST {game.name}, HISTORY {game.name}.\n")
    return CommandResult.ok(f"{account.name} does not observe {game.name}; they were told.")


def _write(jc: JudgeContext, account: Account, subject: str, body: str) -> None:
    """To an account whose seat is gone: no seat's reply address."""
    jc.postman.send(jc.session, to=[primary_address(account)], subject=subject, body=body)


def run_eject_observer(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, master, game = master_of(ctx)
    seat = _named(game, invocation)
    if seat is None:
        return CommandResult.fail(f"write {EJECT_USAGE}, e.g. EJECT OBSERVER Zine")
    account = seat.account
    was = "observer's seat" if seat.status == SeatStatus.ACTIVE else "request to observe"
    observers.remove(jc.session, seat)
    record(jc, master, "eject_observer", account=account.id)
    _write(jc, account, f"{game.name}: you no longer observe it",
           f"The master of {game.name} has taken your {was}: no more of its reports come to "
           f"you. You may still read what anyone may: LIST {game.name}.\n")
    return CommandResult.ok(f"{account.name} no longer observes {game.name}; they were told "
                            f"at {primary_address(account)}.")


def register(registry: CommandRegistry) -> None:
    for name, usage, run, text in (
        ("OBSERVERS", "OBSERVERS", run_observers,
         "the game's observers and who asks to observe it (master)"),
        ("ALLOW OBSERVER", ALLOW_USAGE, run_allow,
         "let an account observe a game whose observers see more than the public; the "
         "judge mails it the seat's password (master)"),
        ("REFUSE OBSERVER", REFUSE_USAGE, run_refuse,
         "refuse an account's request to observe (master)"),
        ("EJECT OBSERVER", EJECT_USAGE, run_eject_observer,
         "take an observer's seat, or drop a request, in any game (master)"),
    ):
        registry.register(Command(name=name, usage=usage, run=run, help=text))
