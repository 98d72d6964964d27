"""The master's commands for who plays: EJECT and REPLACE (a power in civil disorder given
back to its own player by REPLACE, too). Each needs SIGNON as master and leaves an audit
entry."""

from __future__ import annotations

from judge.commands.context import JudgeContext
from judge.commands.examples import example_powers
from judge.commands.items import CommandResult, Invocation
from judge.commands.master import master_of, now_open, record
from judge.commands.registry import Command, CommandRegistry, Context
from judge.game import mastering
from judge.game.errors import GameError
from judge.game.games import game_variant, player_seat, power_letter
from judge.game.mastering import read_power
from judge.game.recipients import tell
from judge.store import repo
from judge.store.models import Seat
from judge.variant import power_name


def run_eject(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    if len(invocation.args) != 1:
        return CommandResult.fail(f"write EJECT <power>, e.g. EJECT {example_powers(game)}")
    power = read_power(game, invocation.args[0])
    old = mastering.eject(game, power)
    record(jc, seat, "eject", power=power, account=old.account_id)
    name = power_name(power)
    tell(jc.session, jc.postman, [old], f"{game.name}: you no longer play {name}",
         f"The master of {game.name} has taken {name} from you. Thank you for playing.\n")
    mastering.notify(jc.session, jc.postman, game, f"{name} has no player",
                     lambda s: f"The master of {game.name} has taken {name} from its "
                               f"player. Until it has a new one, nobody orders {name}: "
                               f"{mastering.UNPLAYED}.\n")
    return CommandResult.ok(f"{name} has no player now; its player and everyone else were told.",
                            f"Until it has a new one, nobody orders {name} and the judge does not "
                            f"wait for it: {mastering.UNPLAYED}.",
                            f"To give it a new player: REPLACE {name} <address> <password>, e.g. "
                            f"REPLACE {name} carol@example.org secret")


def run_replace(ctx: Context, invocation: Invocation) -> CommandResult:
    jc, seat, game = master_of(ctx)
    if len(invocation.args) != 3:
        return CommandResult.fail("write REPLACE <power> <player's address> <password>, e.g. "
                                  f"REPLACE {example_powers(game)} carol@example.org secret")
    word, address, password = invocation.args
    power = read_power(game, word)
    account = repo.account_by_address(jc.session, address)
    if account is None:
        raise GameError(f"nobody is registered as {address}; they must REGISTER first "
                        "(see HELP REGISTER)")
    old = player_seat(game, power)
    if old is not None and old.account_id == account.id:
        if mastering.back_from_disorder(old, power):
            return _restore(jc, seat, old, password)
        return _new_password(jc, seat, old, password)
    new = mastering.replace(jc.session, game, power, account, password)
    record(jc, seat, "replace", power=power, account=account.id)
    tell(jc.session, jc.postman, [new], f"{game.name}: you now play {power_name(power)}",
         f"The master of {game.name} has given you {power_name(power)}.\n"
         f"{_sign_on(new, password, CHOSEN)}{now_open(jc, new)}\n")
    mastering.notify(jc.session, jc.postman, game, f"{power_name(power)} has a new player",
                     lambda s: f"{power_name(power)} has a new player in {game.name}.\n",
                     skip=new)
    return CommandResult.ok(f"{account.name} now plays {power_name(power)}; they were mailed "
                            "how to sign on, and everyone was told.")


def _new_password(jc: JudgeContext, master: Seat, seat: Seat, password: str) -> CommandResult:
    """Newcomer 22: a player who lost his seat password had no way back: REPLACE with him
    was refused ('already plays France'). Now it gives him the new one, by mail only."""
    game, power = master.game, str(seat.power)
    mastering.replace(jc.session, game, power, seat.account, password)
    record(jc, master, "replace", power=power, account=seat.account_id, new_password=True)
    tell(jc.session, jc.postman, [seat], f"{game.name}: a new password for {power_name(power)}",
         f"The master of {game.name} gave your seat ({power_name(power)}) a new password; "
         f"the old one no longer signs on.\n{_sign_on(seat, password, '')}")
    return CommandResult.ok(f"{seat.account.name} still plays {power_name(power)}, with the new "
                            "password you gave; they were mailed it. Nobody else was told.")


def _restore(jc: JudgeContext, master: Seat, seat: Seat, password: str) -> CommandResult:
    """Newcomer 22: a player in civil disorder is told to write to the master to play on,
    but REPLACE with him was refused ('already plays France'): now it gives him his power
    back, with the new password, and he is waited for and votes again."""
    game, power = master.game, str(seat.power)
    mastering.replace(jc.session, game, power, seat.account, password)
    record(jc, master, "replace", power=power, account=seat.account_id, disorder_lifted=True)
    tell(jc.session, jc.postman, [seat], f"{game.name}: you play {power_name(power)} again",
         f"The master of {game.name} has given {power_name(power)} back to you: it is no "
         "longer in civil disorder, so the judge waits for your orders again and you vote.\n"
         f"{_sign_on(seat, password, CHOSEN)}{now_open(jc, seat)}\n")
    mastering.notify(jc.session, jc.postman, game,
                     f"{power_name(power)} is out of civil disorder",
                     lambda s: f"{power_name(power)} is no longer in civil disorder in "
                               f"{game.name}: its player plays on.\n", skip=seat)
    return CommandResult.ok(f"{power_name(power)} is out of civil disorder: {seat.account.name} "
                            "plays it again, with the password you gave; they were mailed how "
                            "to sign on, and everyone was told.")


CHOSEN = "the password your master chose; "


def _sign_on(seat: Seat, password: str, whose: str) -> str:
    """The lines that tell a player how to sign on to `seat` with `password`."""
    letter = power_letter(game_variant(seat.game), str(seat.power))
    return (f"Sign on with: SIGNON {letter}{seat.game.name} {password}\n"
            f"({whose}change it with SET PASSWORD).\n")


def register(registry: CommandRegistry) -> None:
    for name, usage, run, text in (
        ("EJECT", "EJECT <power>", run_eject,
         "take a power from its player; nobody orders it until you REPLACE it (master)"),
        ("REPLACE", "REPLACE <power> <address> <password>", run_replace,
         "give a power to a registered player with a new seat password, or back to its own "
         "player in civil disorder, or its own player a new password (master)"),
    ):
        registry.register(Command(name=name, usage=usage, run=run, help=text))
