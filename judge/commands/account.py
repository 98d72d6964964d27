"""Accounts: REGISTER ... END, SET ADDRESS, SET ZONE, SET PASSWORD and WHOAMI.

An account is found by the address a message comes from; its newest address is where the
judge writes (games.primary_address). Older addresses stay on the account so that mail a
player still sends from them is recognised. That From is only a claim, so a change to an
existing account waits for a code mailed to the account's address
(judge.game.account_requests; CONFIRM and UNDO are in account_codes).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.commands.account_codes import register as register_codes
from judge.commands.context import JudgeContext, judge_context, need_account, need_seat
from judge.commands.items import CommandResult, Invocation
from judge.commands.registry import Command, CommandRegistry, Context
from judge.commands.signon import current_seat_line
from judge.game.account_addresses import check_free, read_address
from judge.game.account_requests import (
    CONFIRM_WITHIN,
    Change,
    mail_confirmation,
    request_change,
)
from judge.game.account_verify import needs_proof
from judge.game.errors import GameError
from judge.game.games import primary_address, signon_letter
from judge.game.lifecycle import change_password
from judge.game.settings_text import SettingsError, parse_zone
from judge.store import repo
from judge.store.models import Account, Seat, SeatRole, SeatStatus

NAME_LENGTH = 100  # Account.name's column
REGISTER_EXAMPLE = ("a line REGISTER, then 'name: Alice Smith' (and, if you like, "
                    "'zone: Europe/London'), each on its own line, then a line END")
_FIELDS = {"name": "name", "zone": "zone", "timezone": "zone", "time zone": "zone",
           "address": "address", "email": "address", "e-mail": "address"}


@dataclass(frozen=True, slots=True)
class Registration:
    name: str | None = None
    zone: str | None = None
    address: str | None = None


def run_register(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    form = _read_form(invocation)
    if form.address is not None:
        check_free(jc.session, form.address, jc.account)
    if jc.account is None:
        return CommandResult.ok(*_register_new(jc, form))
    account = jc.account
    change = Change(name=form.name, zone=form.zone, address=form.address)
    if not change.parts():
        return CommandResult.ok(f"Nothing to change: {account.name}, time zone "
                                f"{account.time_zone}.")
    return CommandResult.ok(*ask(jc, account, change))


def _register_new(jc: JudgeContext, form: Registration) -> list[str]:
    """A new account, on the address the message comes from: the reply goes there, so a
    forged From gains nothing. An `address:` line waits for that address's word, as any
    change does: mail must never go where nobody proved they want it."""
    if form.name is None:
        raise GameError(f"a new account needs a name: write {REGISTER_EXAMPLE}")
    if repo.account_by_address(jc.session, jc.sender) is not None:
        raise GameError(f"{jc.sender} already belongs to another account")
    account = repo.create_account(jc.session, name=form.name, address=jc.sender,
                                  time_zone=form.zone or "UTC")
    jc.account = account
    lines = [f"Registered: {account.name}, time zone {account.time_zone}; mail goes to "
             f"{primary_address(account)}."]
    if form.address is not None and form.address != primary_address(account):
        lines += ask(jc, account, Change(address=form.address))
    return lines


def ask(jc: JudgeContext, account: Account, change: Change) -> list[str]:
    """Store `change` as waiting, and mail the code to the account's address once the
    whole message has run (so its several lines make one request)."""
    if change.parts() == {"address"} and change.address == primary_address(account):
        return [f"Mail already goes to {change.address}."]
    requested = request_change(jc.session, jc.clock.now(), account, change, sender=jc.sender,
                               inbox_id=jc.inbox.id if jc.inbox is not None else None)
    if requested.code is not None:
        jc.after.append(lambda step_ctx, _reply: mail_confirmation(
            step_ctx.session, step_ctx.postman, requested))
    return [f"Waiting for confirmation: {'; '.join(change.describe())}.",
            "Nothing has changed yet. The judge has mailed a code to the address it writes "
            "to for this account: reply to that mail, or send the line CONFIRM <code> it "
            f"gives, within {CONFIRM_WITHIN.days * 24} hours.",
            *([] if change.address is None or not needs_proof(account, change.address) else
              [f"A new address must then prove itself: {change.address} will get a code "
               "of its own, and mail goes there only once it answers."])]


def _read_form(invocation: Invocation) -> Registration:
    """The `key: value` lines of a REGISTER block, each checked before anything changes."""
    values: dict[str, str] = {}
    for index, line in enumerate(invocation.block):
        if not line.strip():
            continue
        key, colon, value = line.partition(":")
        field = _FIELDS.get(" ".join(key.lower().split()))
        where = f"line {invocation.block_line_no(index)}"
        if not colon or field is None:
            raise GameError(f"{where} ({line.strip()!r}): REGISTER takes only 'name:', "
                            "'zone:' and 'address:' lines, e.g. 'zone: Europe/London'")
        if not value.strip():
            raise GameError(f"{where}: '{key.strip()}:' has no value after the colon")
        values[field] = value.strip()
    name = values.get("name")
    if name is not None and len(name) > NAME_LENGTH:
        raise GameError(f"the name is longer than {NAME_LENGTH} characters; shorten it")
    zone = _zone(values["zone"]) if "zone" in values else None
    address = read_address(values["address"]) if "address" in values else None
    return Registration(name=name, zone=zone, address=address)


def _zone(text: str) -> str:
    try:
        return parse_zone(text)
    except SettingsError as exc:
        raise GameError(str(exc)) from None


def run_set_address(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    account = need_account(jc)
    if len(invocation.args) != 1:
        return CommandResult.fail("write SET ADDRESS <new address>, e.g. "
                                  "SET ADDRESS alice@example.org")
    address = read_address(invocation.args[0])
    check_free(jc.session, address, account)
    return CommandResult.ok(*ask(jc, account, Change(address=address)))


def run_set_zone(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    account = need_account(jc)
    if len(invocation.args) != 1:
        return CommandResult.fail("write SET ZONE <zone>, e.g. SET ZONE Europe/Paris")
    return CommandResult.ok(*ask(jc, account, Change(zone=_zone(invocation.args[0]))))


def run_set_password(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    if len(invocation.args) != 1:
        return CommandResult.fail("write SET PASSWORD <new password> (one word, no spaces), "
                                  "after SIGNON, e.g. SET PASSWORD s3cret")
    change_password(seat, invocation.args[0])
    if repo.normalise_address(jc.sender) != primary_address(seat.account):
        _tell_password_changed(jc, seat)
    return CommandResult.ok(f"The password of {_seat_text(seat)} is changed; SIGNON with the new "
                            "one from now on.")


def _tell_password_changed(jc: JudgeContext, seat: Seat) -> None:
    """The owner reads of the change at the address their mail goes to, even when the
    message came from elsewhere (or from an older address of theirs, or forged one)."""
    where = f"{_seat_text(seat)} ({signon_letter(seat)}{seat.game.name})"
    jc.postman.send(jc.session, to=[primary_address(seat.account)],
                    subject=f"{seat.game.name}: your seat's password was changed",
                    body=f"A message from {jc.sender} changed the password of your seat, "
                         f"{where}. It had proved the seat with the old password or with "
                         "the reply address of the judge's mail for it.\n\n"
                         "If that was you, there is nothing to do. If not, take the seat "
                         "back now: reply to this mail (its reply address is new and acts "
                         "for the seat) with the line SET PASSWORD <a new password>. Then "
                         "tell the game's master what happened.\n", seat=seat)
    jc.told.add(seat.id)


def run_whoami(ctx: Context, invocation: Invocation) -> CommandResult:
    jc = judge_context(ctx)
    account = need_account(jc)
    addresses = [f"{a.address} (mail goes here)" if a.address == primary_address(account)
                 else a.address for a in reversed(account.addresses)]
    seats = repo.seats_of_account(jc.session, account)
    return CommandResult.ok(f"Name: {account.name}",
                            f"Account id: {account.id} (for EMG-format mail: EMGTURN, EMGREPORT)",
                            f"Addresses: {', '.join(addresses)}",
                            f"Time zone: {account.time_zone}",
                            f"Seats: {'; '.join(_seat_text(s) for s in seats) or 'none'}",
                            f"This message: {current_seat_line(jc)}")


def _seat_text(seat: Seat) -> str:
    if seat.role == SeatRole.PLAYER:
        who = seat.power.title() if seat.power else "a player (powers not given yet)"
    else:
        who = seat.role.value
    status = "" if seat.status == SeatStatus.ACTIVE else f", {seat.status.value.replace('_', ' ')}"
    return f"{who} in {seat.game.name}{status}"


def register(registry: CommandRegistry) -> None:
    register_codes(registry)
    registry.register(Command(
        name="REGISTER", usage="REGISTER ... END", run=run_register, block=True,
        end_words=("END",),
        help="create or update your account: lines 'name: Alice Smith', optional "
             "'zone: Europe/London' and 'address: alice@example.org', then END"))
    registry.register(Command(
        name="SET ADDRESS", usage="SET ADDRESS <address>", run=run_set_address,
        aliases=("SET EMAIL",), help="send the judge's mail to you to a new address"))
    registry.register(Command(
        name="SET ZONE", usage="SET ZONE <zone>", run=run_set_zone,
        aliases=("SET TIMEZONE",),
        help="your time zone for deadlines and reports, e.g. SET ZONE Europe/Paris"))
    registry.register(Command(
        name="SET PASSWORD", usage="SET PASSWORD <password>", run=run_set_password,
        help="change the password of the seat you signed on to"))
    registry.register(Command(
        name="WHOAMI", run=run_whoami,
        help="your account: name, addresses, time zone and seats"))
