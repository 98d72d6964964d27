"""SET MASTER: the master hands the game to another registered player (newcomer 22)."""

from __future__ import annotations

from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, now_open, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game import mastering
from judge.game.errors import GameError
from judge.game.handover import hand_over
from judge.game.recipients import tell
from judge.store import repo

USAGE = "SET MASTER <address> <password>"


def run_set_master(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    if len(invocation.args) != 2:
        return CommandResult.fail(f"write {USAGE}, e.g. SET MASTER dan@example.org secret")
    address, password = invocation.args
    account = repo.account_by_address(jc.session, address)
    if account is None:
        raise GameError(f"nobody is registered as {address}; they must REGISTER first "
                        "(see HELP REGISTER)")
    new = hand_over(jc.session, game, account, password)
    record(jc, seat, "set_master", account=account.id)
    jc.seat, jc.power, jc.phase = None, None, None  # the rest of the message is not his
    tell(jc.session, jc.postman, [new], f"{game.name}: you are now its master",
         f"{seat.account.name} has handed game {game.name} to you: you are its master now.\n"
         f"Sign on with: SIGNON M{game.name} {password}\n"
         "(the password they chose; change it with SET PASSWORD). docs/master.md tells what "
         "a master can do.\n"
         f"{now_open(jc, new)}\n")
    mastering.notify(jc.session, jc.postman, game, "new master",
                     lambda s: f"{account.name} is now the master of {game.name}, in place "
                               f"of {seat.account.name}.\n", skip=new)
    return CommandResult.ok(f"{account.name} is now the master of {game.name}; they were "
                            "mailed how to sign on, and everyone was told.",
                            f"Your master password of {game.name} no longer signs on.")


def register(registry: CommandRegistry) -> None:
    registry.register(Command(
        name="SET MASTER", usage=USAGE, run=run_set_master,
        help="hand the game to another registered player, who becomes its master with the "
             "password you choose (master)"))
