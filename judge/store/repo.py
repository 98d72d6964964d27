"""The queries the judge needs, over a Session from Database.unit_of_work().

Thin on purpose: each function is one query or one insert; deciding what to do with the
rows is the game layer's job. Nothing here commits: the unit of work does. The turn's
current orders are read once per savepoint and kept current by submit_orders (see
repo_games.memo).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, aliased, joinedload, selectinload

from judge.attachment import Attachment
from judge.store.models import (
    Account,
    AccountAddress,
    Game,
    InboxMessage,
    InboxState,
    Order,
    OutboxMessage,
    OutboxState,
    Seat,
    SeatRole,
    Turn,
    utc_now,
)
from judge.store.models.games import new_seed
from judge.store.repo_games import forget, memo
from judge.store.repo_mail import attachment_rows

# The queries every message makes are built once, with bind parameters: building a
# statement and its cache key again on each call cost about as much as running it.
# The sender's account comes with all its addresses: every reply looks at them
# (judge.mail.inbound.identity), and a lazy load would be a statement more.
_ACCOUNT_BY_ADDRESS = (sa.select(Account).join(AccountAddress)
                       .where(AccountAddress.address == sa.bindparam("address"))
                       .options(joinedload(Account.addresses)))
# What Session.get(..., with_for_update=True) runs, without building it on every call.
_LOCK_INBOX = (sa.select(InboxMessage).where(InboxMessage.id == sa.bindparam("id"))
               .with_for_update())
_GAME_BY_NAME = sa.select(Game).where(Game.name == sa.bindparam("name"))
_MESSAGES_SINCE = (sa.select(sa.func.count()).select_from(InboxMessage)
                   .where(InboxMessage.sender == sa.bindparam("sender"),
                          InboxMessage.received_at >= sa.bindparam("since"),
                          InboxMessage.id <= sa.bindparam("up_to_id")))


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


def add_seat(session: Session, game: Game, account: Account, *, role: SeatRole,
             power: str | None = None, preferences: Sequence[str] = ()) -> Seat:
    seat = Seat(game=game, account=account, role=role, power=power,
                preferences=list(preferences), secret=secrets.token_urlsafe(24))
    session.add(seat)
    session.flush()
    return seat


def store_inbox(session: Session, raw: bytes, *, message_id: str | None,
                received_at: datetime | None = None,
                sender: str = "") -> tuple[InboxMessage, bool]:
    """Keep a raw message once: (its row, True) the first time, (the first row, False) after.

    INSERT ... ON CONFLICT DO NOTHING rather than look-then-insert, so two receivers
    storing the same message at once cannot both win nor abort the transaction.
    """
    values = {"raw": raw, "message_id": message_id or "",
              "digest": hashlib.sha256(_without_trace(raw)).hexdigest(),
              "received_at": received_at or utc_now(), "sender": sender[:320]}
    table = InboxMessage.__table__
    # Core inserts run the columns' Python defaults too (state, attempts).
    insert = _dialect_insert(session)(table).values(values)
    new_id = session.execute(insert.on_conflict_do_nothing(
        index_elements=["message_id", "digest"]).returning(table.c.id)).scalar_one_or_none()
    query = sa.select(InboxMessage).where(InboxMessage.message_id == values["message_id"],
                                          InboxMessage.digest == values["digest"])
    return session.scalars(query).one(), new_id is not None


# The fields relays and mailbox servers put on top of a message (RFC 5321 §4.4 trace
# fields, and the delivery headers of Postfix and Dovecot) differ between two deliveries of
# one message, so they are left out of the digest that recognises a redelivery.
_TRACE = re.compile(rb"(?:(?:Received|Return-Path|Delivered-To|X-Original-To):[^\n]*\n"
                    rb"(?:[ \t][^\n]*\n)*)*", re.IGNORECASE)


def _without_trace(raw: bytes) -> bytes:
    match = _TRACE.match(raw)
    return raw[match.end():] if match else raw


def inbox_message(session: Session, inbox_id: int) -> InboxMessage | None:
    return session.get(InboxMessage, inbox_id)


def messages_from_since(session: Session, sender: str, since: datetime, *,
                        up_to_id: int) -> int:
    """How many messages from `sender` arrived at or after `since`, up to the one stored
    as `up_to_id` (a backlog processed late must not count what came after it)."""
    found = session.scalar(_MESSAGES_SINCE, {"sender": sender, "since": since,
                                             "up_to_id": up_to_id})
    return found or 0


def lock_inbox_message(session: Session, inbox_id: int) -> InboxMessage | None:
    """The message, row-locked for this transaction (PostgreSQL), so one worker has it."""
    return session.scalars(_LOCK_INBOX, {"id": inbox_id}).one_or_none()


def claim_inbox_messages(session: Session, ids: Sequence[int]) -> set[int]:
    """Those of `ids` still new, row-locked for this transaction, leaving out the ones
    another worker holds (PostgreSQL's SKIP LOCKED: it is processing them now, and they
    are its own until it commits or its connection ends), and those that must wait for
    an older message of their sender that is not among them; SQLite's writer lock makes
    all of them this transaction's, in order."""
    if not ids:
        return set()
    query = (sa.select(InboxMessage.id)
             .where(InboxMessage.id.in_(ids), InboxMessage.state == InboxState.NEW)
             .order_by(InboxMessage.id).with_for_update(skip_locked=True))
    claimed = set(session.scalars(query))
    if claimed and session.get_bind().dialect.name == "postgresql":
        claimed -= _after_others(session, claimed)
    return claimed


def _after_others(session: Session, claimed: set[int]) -> set[int]:
    """The claimed messages whose sender has an older one still new outside the claim:
    another worker is answering it now (or it waits for a later round). They wait too, so
    that a sender's messages are answered in the order they came (later orders replace
    earlier ones); they stay new, for a later round."""
    older = aliased(InboxMessage)
    query = (sa.select(InboxMessage.id)
             .where(InboxMessage.id.in_(claimed), InboxMessage.sender != "",
                    sa.exists().where(older.sender == InboxMessage.sender,
                                      older.state == InboxState.NEW,
                                      older.id < InboxMessage.id,
                                      older.id.not_in(claimed))))
    return set(session.scalars(query))


def new_inbox_messages(session: Session, limit: int = 50) -> list[InboxMessage]:
    """Messages still to process, in arrival order; locked rows skipped as in due_outbox."""
    query = (sa.select(InboxMessage).where(InboxMessage.state == InboxState.NEW)
             .order_by(InboxMessage.id).limit(limit).with_for_update(skip_locked=True))
    return list(session.scalars(query))


def _dialect_insert(session: Session) -> Any:
    # ON CONFLICT is spelt the same by both backends, but SQLAlchemy offers it per dialect.
    name = session.get_bind().dialect.name
    return {"sqlite": sqlite.insert, "postgresql": postgresql.insert}[name]


def enqueue_outbox(session: Session, message: bytes, *, sender: str, recipients: Sequence[str],
                   in_reply_to: InboxMessage | None = None,
                   not_before: datetime | None = None,
                   attachments: Sequence[Attachment] = (), flush: bool = True
                   ) -> OutboxMessage:
    """`attachments`: files stored with the message, in this transaction (repo_mail).
    `flush=False`: the row is inserted with the transaction's next flush (at the latest
    its commit) rather than at once, so that a turn's reports go in together."""
    now = utc_now()
    row = OutboxMessage(message=message, sender=sender, recipients=list(recipients),
                        created_at=now, next_try_at=not_before or now,
                        in_reply_to_id=in_reply_to.id if in_reply_to else None,
                        attachments=attachment_rows(attachments))
    session.add(row)
    if flush:
        session.flush()
    return row


def due_outbox(session: Session, now: datetime, limit: int = 50) -> list[OutboxMessage]:
    """Pending messages whose next try has come, oldest due first.

    On PostgreSQL the rows are locked and locked ones skipped, so two senders never take
    the same message; SQLite has one writer at a time anyway and ignores the clause.
    """
    query = (sa.select(OutboxMessage)
             .where(OutboxMessage.state == OutboxState.PENDING, OutboxMessage.next_try_at <= now)
             .order_by(OutboxMessage.next_try_at, OutboxMessage.id)
             .limit(limit).with_for_update(skip_locked=True))
    return list(session.scalars(query))


def outbox_after(session: Session, last_id: int) -> list[OutboxMessage]:
    """Outbox messages queued after the one numbered `last_id`, in the order queued."""
    query = (sa.select(OutboxMessage).where(OutboxMessage.id > last_id)
             .order_by(OutboxMessage.id))
    return list(session.scalars(query))


def last_outbox_id(session: Session) -> int:
    """The id of the newest outbox message, 0 while there is none."""
    return session.scalar(sa.select(sa.func.max(OutboxMessage.id))) or 0


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


def submit_orders(session: Session, turn: Turn, power: str, lines: Sequence[str], *,
                  inbox: InboxMessage | None = None,
                  submitted_at: datetime | None = None) -> Order:
    order = Order(turn=turn, power=power, lines=list(lines), submitted_at=submitted_at or utc_now(),
                  inbox_id=inbox.id if inbox else None)
    session.add(order)
    session.flush()
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
