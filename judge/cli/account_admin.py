"""`judge account …`: accounts made, listed and shown by an operator."""

from __future__ import annotations

import argparse

from judge.cli.support import judge_of, moment, table
from judge.game.errors import GameError
from judge.game.games import primary_address
from judge.game.settings_text import parse_zone
from judge.store import repo
from judge.variant import power_name


def run_create(args: argparse.Namespace) -> int:
    zone = parse_zone(args.zone)  # checked before anything is written
    name = args.name.strip()
    if not name or "@" not in args.address:
        raise GameError("an account needs a name and a mail address, e.g. "
                        "--name 'Alice Smith' --address alice@example.org")
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        taken = repo.account_by_address(session, args.address)
        if taken is not None:
            raise GameError(f"{args.address} already belongs to the account of {taken.name}; "
                            f"see: judge account show {args.address}")
        # An operator vouches for the address, as a player's REGISTER from it would.
        account = repo.create_account(session, name=name, address=args.address,
                                      verified=True, time_zone=zone)
        print(f"Created account {account.name} <{primary_address(account)}>, time zone "
              f"{account.time_zone}.")
    return 0


def run_list(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        accounts = repo.all_accounts(session)
        rows: list[tuple[str, ...]] = [("NAME", "ADDRESS", "ZONE", "SEATS")]
        rows += [(a.name, primary_address(a), a.time_zone,
                  str(len(repo.seats_of_account(session, a)))) for a in accounts]
    print("\n".join(table(rows)) if accounts else "No accounts.")
    return 0


def run_show(args: argparse.Namespace) -> int:
    judge = judge_of(args)
    with judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, args.address)
        if account is None:
            raise GameError(f"no account has the address {args.address}; "
                            "judge account list shows them all")
        lines = [f"Account {account.name}", f"Time zone: {account.time_zone}",
                 f"Created: {moment(account.created_at)}", "Addresses (mail goes to the last):"]
        lines += [f"  {a.address}{'' if a.verified else ' (not verified)'}"
                  for a in account.addresses]
        seats = repo.seats_of_account(session, account)
        rows: list[tuple[str, ...]] = [("GAME", "ROLE", "POWER", "STATUS")]
        rows += [(s.game.name, s.role.value, power_name(s.power) if s.power else "-",
                  s.status.value) for s in seats]
        lines += ["Seats:", *(f"  {line}" for line in table(rows))] if seats else ["No seats."]
    print("\n".join(lines))
    return 0
