"""An account's addresses: the newest is where the judge writes (games.primary_address);
the older ones stay, so mail still sent from them is recognised."""

from __future__ import annotations

import re
from email.utils import parseaddr

from sqlalchemy.orm import Session

from judge.game.errors import GameError
from judge.game.games import primary_address
from judge.store import repo
from judge.store.models import Account, AccountAddress
from judge.store.models.accounts import ADDRESS_LENGTH

# Deliberately loose: the mail system is the judge of what it delivers; this only stops
# what cannot be an address at all (no @, spaces, an empty side).
_ADDRESS = re.compile(r"^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$")


def read_address(text: str) -> str:
    """`Alice <Alice@Example.org>` -> alice@example.org; GameError for what is no address."""
    address = repo.normalise_address(parseaddr(text)[1])
    if len(address) > ADDRESS_LENGTH or not _ADDRESS.match(address):
        raise GameError(f"{text!r} is not a mail address; write one such as "
                        "alice@example.org")
    return address


def check_free(session: Session, address: str, account: Account | None) -> None:
    owner = repo.account_by_address(session, address)
    if owner is not None and (account is None or owner.id != account.id):
        raise GameError(f"{address} already belongs to another account; give an address "
                        "of your own")


def make_primary(session: Session, account: Account, address: str) -> None:
    """`address` becomes the account's newest address, so mail goes there."""
    if primary_address(account) == address:
        return
    known = [row for row in account.addresses if row.address == address]
    if known:
        account.addresses.remove(known[0])
        # The delete must reach the database before the insert of the same address,
        # or the unique index sees both rows at once.
        session.flush()
    # Confirmed from the account's mailbox (judge.game.account_requests) or restored by
    # an undo from the one before: either way the judge had proof of the owner's word.
    account.addresses.append(AccountAddress(address=address, verified=True))
    session.flush()


def remove_from(session: Session, account: Account, address: str, keep: str) -> list[str]:
    """Take `address` off the account, with every address that came after it (they can
    only have come from whoever held it), but not `keep`; the addresses removed."""
    rows = account.addresses
    start = next((i for i, row in enumerate(rows) if row.address == address), len(rows))
    gone = [row for row in rows[start:] if row.address != keep]
    for row in gone:
        account.addresses.remove(row)
    session.flush()
    return [row.address for row in gone]
