"""Accounts, seats, games, turns and orders: their queries, over a Session from
Database.unit_of_work(). The other rows have modules of their own: repo_games (a game's
turns, knowledge, votes, locks), repo_inbox, repo_mail (the outbox), repo_guards.

Thin on purpose: each function is one query or one insert; deciding what to do with the
rows is the game layer's job. Nothing here commits: the unit of work does. The turn's
current orders are read once per savepoint and kept current by submit_orders (see
repo_games.memo).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.orm import Session, joinedload, selectinload

from judge.store.models import (
    Account,
    AccountAddress,
    Game,
    InboxMessage,
    Order,
    Seat,
    SeatRole,
    Turn,
    utc_now,
)
from judge.store.models.games import new_seed
from judge.store.repo_games import forget, memo

# The queries every message makes are built once, with bind parameters: building a
# statement and its cache key again on each call cost about as much as running it.
# The sender's account comes with all its addresses: every reply looks at them
# (judge.mail.inbound.identity), and a lazy load would be a statement more.
_ACCOUNT_BY_ADDRESS = (sa.select(Account).join(AccountAddress)
                       .where(AccountAddress.address == sa.bindparam("address"))
                       .options(joinedload(Account.addresses)))
_GAME_BY_NAME = sa.select(Game).where(Game.name == sa.bindparam("name"))


def _latest_orders_query() -> sa.Select[Order]:
    rank = sa.func.row_number().over(
        partition_by=Order.power, order_by=(Order.submitted_at.desc(), Order.id.desc()))
    ranked = (sa.select(Order.id, rank.label("rank"))
              .where(Order.turn_id == sa.bindparam("turn_id")).subquery())
    return (sa.select(Order).join(ranked, ranked.c.id == Order.id)
            .where(ranked.c.rank == 1).order_by(Order.power))


_LATEST_ORDERS = _latest_orders_query()


def normalise_address(address: str) -> str:
    # Local parts are case-sensitive by the RFC, but no mail system players use treats
    # them so, and players type their addresses in every case.
    return address.strip().lower()


def create_account(session: Session, *, name: str, address: str, verified: bool = False,
                   password_hash: str | None = None, time_zone: str = "UTC") -> Account:
    account = Account(name=name, password_hash=password_hash, time_zone=time_zone)
    account.addresses.append(
        AccountAddress(address=normalise_address(address), verified=verified))
    session.add(account)
    session.flush()
    return account


def account_by_address(session: Session, address: str) -> Account | None:
    found = session.scalars(_ACCOUNT_BY_ADDRESS, {"address": normalise_address(address)})
    return found.unique().one_or_none()


# The transaction memo (repo_games.memo) of the account each sender's address
# was found on: a batch holds several messages from each of a game's players.
_ACCOUNTS = ("accounts by address", 0)


def account_by_address_once(session: Session, address: str) -> Account | None:
    """The account `address` (normalised) belongs to, found once per transaction (issue #18:
    its query with the addresses was a tenth of an order message's statements' cost).
    Found again it is the same row from the session, trusted only while that row still
    holds the address (addresses move between accounts through the ORM's collections:
    judge.game.account_addresses) and is not deleted; else the query decides again."""
    kept = memo(session)
    held = kept.get(_ACCOUNTS)
    if not isinstance(held, dict):
        held = kept[_ACCOUNTS] = {}
    known = held.get(address)
    account = session.get(Account, known) if known is not None else None
    if account is not None and sa.inspect(account).persistent \
            and account not in session.deleted \
            and any(row.address == address for row in account.addresses):
        return account
    account = account_by_address(session, address)
    if account is not None:
        held[address] = account.id
    return account


def account_by_id(session: Session, account_id: int) -> Account | None:
    return session.get(Account, account_id)


def accounts_by_id(session: Session, ids: Sequence[int]) -> dict[int, Account]:
    """These accounts with their addresses, in two queries (a turn's reports read eight:
    issue #18). Keep the answer while reading them: the session holds them weakly."""
    if not ids:
        return {}
    query = (sa.select(Account).where(Account.id.in_(set(ids)))
             .options(selectinload(Account.addresses)))
    return {account.id: account for account in session.scalars(query)}


def account_by_name(session: Session, name: str) -> Account | None:
    """The one account of that name (case ignored); None when none or several have it."""
    query = sa.select(Account).where(sa.func.lower(Account.name) == name.strip().lower())
    found = list(session.scalars(query.limit(2)))
    return found[0] if len(found) == 1 else None


def seat_by_id(session: Session, seat_id: int) -> Seat | None:
    return session.get(Seat, seat_id)


def all_accounts(session: Session) -> list[Account]:
    """Every account, oldest first."""
    return list(session.scalars(sa.select(Account).order_by(Account.id)))


def seats_of_account(session: Session, account: Account) -> list[Seat]:
    """Every seat the account holds or held, in any game, oldest first."""
    query = sa.select(Seat).where(Seat.account_id == account.id).order_by(Seat.id)
    return list(session.scalars(query))


def create_game(session: Session, *, name: str, variant: str,
                variant_options: dict[str, Any] | None = None,
                variant_seed: int | None = None, variant_map: dict[str, Any] | None = None,
                deadline_settings: dict[str, Any] | None = None,
                press_settings: dict[str, Any] | None = None) -> Game:
    """A new game; without a seed it gets a random one."""
    game = Game(name=name, variant=variant, variant_options=variant_options or {},
                variant_seed=new_seed() if variant_seed is None else variant_seed,
                variant_map=variant_map,
                deadline_settings=deadline_settings or {}, press_settings=press_settings or {})
    session.add(game)
    session.flush()
    return game


def game_by_name(session: Session, name: str) -> Game | None:
    return session.scalars(_GAME_BY_NAME, {"name": name}).one_or_none()


_GAMES = ("games by name", 0)


def game_by_name_once(session: Session, name: str) -> Game | None:
    """The game called `name`, found once per transaction (issue #18: SIGNON's SELECT of
    the game on every message of a batch that names it). Found again it is the same row
    from the session (held here: the session holds its rows weakly), trusted only while
    it is in the session, not deleted, and still has that name; else the query decides
    again. A game not found is looked up again each time."""
    kept = memo(session)
    held = kept.get(_GAMES)
    if not isinstance(held, dict):
        held = kept[_GAMES] = {}
    game = held.get(name)
    if isinstance(game, Game) and game in session and game not in session.deleted \
            and sa.inspect(game).persistent and game.name == name:
        return game
    game = game_by_name(session, name)
    if game is not None:
        held[name] = game
    return game


def add_seat(session: Session, game: Game, account: Account, *, role: SeatRole,
             power: str | None = None, preferences: Sequence[str] = ()) -> Seat:
    seat = Seat(game=game, account=account, role=role, power=power,
                preferences=list(preferences), secret=secrets.token_urlsafe(24))
    session.add(seat)
    session.flush()
    return seat


def record_turn(session: Session, game: Game, *, phase: str, position_before: dict[str, Any],
                deadline: datetime | None = None, position_after: dict[str, Any] | None = None,
                events: list[Any] | None = None, processed_at: datetime | None = None) -> Turn:
    forget(session)  # the game's open turn may now be this one
    turn = Turn(game=game, phase=phase, position_before=position_before, deadline=deadline,
                position_after=position_after, events=events, processed_at=processed_at)
    session.add(turn)
    session.flush()
    return turn


def turn_by_phase(session: Session, game: Game, phase: str) -> Turn | None:
    query = sa.select(Turn).where(Turn.game_id == game.id, Turn.phase == phase)
    return session.scalars(query).one_or_none()


# A plain INSERT: the ORM's unit of work (add, flush) cost four times as much, and this
# is one of an order message's three writes (issue #18, bench/mail_steps.py).
_ORDERS = cast(sa.Table, Order.__table__)
_INSERT_ORDER = sa.insert(_ORDERS).returning(_ORDERS.c.id)


def submit_orders(session: Session, turn: Turn, power: str, lines: Sequence[str], *,
                  inbox: InboxMessage | None = None,
                  submitted_at: datetime | None = None) -> Order:
    """The submission, inserted at once. The Order returned is not in the session (a
    savepoint rolled back could leave it naming a row id that is given again): the turn's
    current orders keep it for reading, and a query reads the row afresh."""
    values = {"turn_id": turn.id, "power": power, "lines": list(lines),
              "submitted_at": submitted_at or utc_now(), "inbox_id": inbox.id if inbox else None}
    order = Order(id=session.connection().execute(_INSERT_ORDER, values).scalar_one(), **values)
    known = memo(session).get(("orders", turn.id))
    if isinstance(known, dict):
        before = known.get(power)
        if before is None or _newer(order, before):
            known[power] = order
    return order


def _newer(order: Order, than: Order) -> bool:
    # latest_orders' ORDER BY: a submission dated earlier (a clock set back) is not current.
    return (order.submitted_at, order.id) > (than.submitted_at, than.id)


def latest_orders(session: Session, turn: Turn) -> dict[str, Order]:
    """Each power's current orders for the turn: its latest submission."""
    known = memo(session).get(("orders", turn.id))
    if isinstance(known, dict):
        return dict(sorted(known.items()))  # by power, as the query orders them
    found = {order.power: order
             for order in session.scalars(_LATEST_ORDERS, {"turn_id": turn.id})}
    memo(session)[("orders", turn.id)] = dict(found)
    return found
