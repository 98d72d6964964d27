"""Accounts: REGISTER ... END, SET ADDRESS, SET ZONE, SET PASSWORD and WHOAMI.

An account is found by the address a message comes from; its newest address is where the
judge writes (games.primary_address). Older addresses stay on the account so that mail a
player still sends from them is recognised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.utils import parseaddr

from judge.commands.context import JudgeContext, judge_context, need_account, need_seat
from judge.commands.items import Invocation, Outcome
from judge.commands.registry import Command, Context, Registry
from judge.commands.signon import current_seat_line
from judge.game.errors import GameError
from judge.game.games import primary_address
from judge.game.lifecycle import change_password
from judge.game.settings import SettingsError, parse_zone
from judge.store import repo
from judge.store.models import Account, AccountAddress, Seat, SeatRole, SeatStatus
from judge.store.models.accounts import ADDRESS_LENGTH

NAME_LENGTH = 100  # Account.name's column
REGISTER_EXAMPLE = ("a line REGISTER, then 'name: Alice Smith' (and, if you like, "
                    "'zone: Europe/London'), each on its own line, then a line END")
# Deliberately loose: the mail system is the judge of what it delivers; this only stops
# what cannot be an address at all (no @, spaces, an empty side).
_ADDRESS = re.compile(r"^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$")
_FIELDS = {"name": "name", "zone": "zone", "timezone": "zone", "time zone": "zone",
           "address": "address", "email": "address", "e-mail": "address"}


@dataclass(frozen=True, slots=True)
class Registration:
    name: str | None = None
    zone: str | None = None
    address: str | None = None


def run_register(ctx: Context, invocation: Invocation) -> Outcome:
    jc = judge_context(ctx)
    form = _read_form(invocation)
    account = jc.account
    if account is None and form.name is None:
        raise GameError(f"a new account needs a name: write {REGISTER_EXAMPLE}")
    if account is None and repo.account_by_address(jc.session, jc.sender) is not None:
        raise GameError(f"{jc.sender} already belongs to another account")
    if form.address is not None:
        _check_free(jc, form.address, account)
    if account is None:
        assert form.name is not None
        account = repo.create_account(jc.session, name=form.name, address=jc.sender)
        verb = "Registered"
    else:
        verb = "Updated your account"
    account.name = form.name or account.name
    account.time_zone = form.zone or account.time_zone
    if form.address is not None:
        _make_primary(jc, account, form.address)
    jc.account = account
    return Outcome.ok(f"{verb}: {account.name}, time zone {account.time_zone}; mail goes to "
                      f"{primary_address(account)}.")


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
    address = _address(values["address"]) if "address" in values else None
    return Registration(name=name, zone=zone, address=address)


def _zone(text: str) -> str:
    try:
        return parse_zone(text)
    except SettingsError as exc:
        raise GameError(str(exc)) from None


def _address(text: str) -> str:
    address = repo.normalise_address(parseaddr(text)[1])
    if len(address) > ADDRESS_LENGTH or not _ADDRESS.match(address):
        raise GameError(f"{text!r} is not a mail address; write one such as "
                        "alice@example.org")
    return address


def _check_free(jc: JudgeContext, address: str, account: Account | None) -> None:
    owner = repo.account_by_address(jc.session, address)
    if owner is not None and (account is None or owner.id != account.id):
        raise GameError(f"{address} already belongs to another account; give an address "
                        "of your own")


def _make_primary(jc: JudgeContext, account: Account, address: str) -> None:
    """`address` becomes the account's newest address, so mail goes there."""
    if primary_address(account) == address:
        return
    known = [row for row in account.addresses if row.address == address]
    if known:
        account.addresses.remove(known[0])
        # The delete must reach the database before the insert of the same address,
        # or the unique index sees both rows at once.
        jc.session.flush()
    account.addresses.append(AccountAddress(address=address))
    jc.session.flush()


def run_set_address(ctx: Context, invocation: Invocation) -> Outcome:
    jc = judge_context(ctx)
    account = need_account(jc)
    if len(invocation.args) != 1:
        return Outcome.fail("write SET ADDRESS <new address>, e.g. "
                            "SET ADDRESS alice@example.org")
    address = _address(invocation.args[0])
    _check_free(jc, address, account)
    old = primary_address(account)
    if old == address:
        return Outcome.ok(f"Mail already goes to {address}.")
    _make_primary(jc, account, address)
    if old != repo.normalise_address(jc.sender):
        # Whoever reads the old address should learn where their mail went.
        jc.postman.send(jc.session, to=[old], subject="Your address on the judge changed",
                        body=f"The judge's mail for {account.name} now goes to {address}, "
                             f"as asked by a message from {jc.sender}.\n")
    return Outcome.ok(f"Mail now goes to {address}; mail you send from "
                      f"{', '.join(_others(account, address))} is still recognised as yours.")


def _others(account: Account, address: str) -> list[str]:
    return [row.address for row in account.addresses if row.address != address]


def run_set_zone(ctx: Context, invocation: Invocation) -> Outcome:
    jc = judge_context(ctx)
    account = need_account(jc)
    if len(invocation.args) != 1:
        return Outcome.fail("write SET ZONE <zone>, e.g. SET ZONE Europe/Paris")
    account.time_zone = _zone(invocation.args[0])
    return Outcome.ok(f"Your time zone is now {account.time_zone}; deadlines and reports "
                      "are shown in it.")


def run_set_password(ctx: Context, invocation: Invocation) -> Outcome:
    jc = judge_context(ctx)
    seat = need_seat(jc)
    if len(invocation.args) != 1:
        return Outcome.fail("write SET PASSWORD <new password> (one word, no spaces), "
                            "after SIGNON, e.g. SET PASSWORD s3cret")
    change_password(seat, invocation.args[0])
    return Outcome.ok(f"The password of {_seat_text(seat)} is changed; SIGNON with the new "
                      "one from now on.")


def run_whoami(ctx: Context, invocation: Invocation) -> Outcome:
    jc = judge_context(ctx)
    account = need_account(jc)
    addresses = [f"{a.address} (mail goes here)" if a.address == primary_address(account)
                 else a.address for a in reversed(account.addresses)]
    seats = repo.seats_of_account(jc.session, account)
    return Outcome.ok(f"Name: {account.name}",
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


def register(registry: Registry) -> None:
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
