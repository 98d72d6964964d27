"""The queries about games: their rows and locks, turns, orders sent ahead, votes, audit
(what each seat knew after each turn: repo_knowledge.py).

Same terms as repo: each function is one query, insert or delete; nothing here commits
or flushes (the unit of work does, or the caller where the order of writes matters). A
game's open turn is read once per transaction (`memo`).
"""

from __future__ import annotations

from collections.abc import Collection

import sqlalchemy as sa
from sqlalchemy.orm import Session, SessionTransaction, object_session

from judge.store.models import (
    AuditEntry,
    FutureOrder,
    Game,
    GameState,
    InboxMessage,
    Order,
    Press,
    Seat,
    Turn,
    Vote,
    VoteKind,
)

IN_PLAY = (GameState.ACTIVE, GameState.FORMING)
# Built once (see repo): the open turn is asked for by every message with orders.
_OPEN_TURN = (sa.select(Turn)
              .where(Turn.game_id == sa.bindparam("game_id"), Turn.processed_at.is_(None))
              .order_by(Turn.id.desc()).limit(1))
_OPEN_TURN_ID = (sa.select(Turn.id)
                 .where(Turn.game_id == sa.bindparam("game_id"), Turn.processed_at.is_(None))
                 .order_by(Turn.id.desc()).limit(1))
_GAME_IF_FREE = (sa.select(Game).where(Game.id == sa.bindparam("id"))
                 .with_for_update(skip_locked=True).execution_options(populate_existing=True))
_LOCKS_GAMES = "judge.repo.locks_games"
_MEMO = "judge.repo.memo"
Memo = dict[tuple[str, int], object]


def memo(session: Session) -> Memo:
    """Reads that messages make again (a game's open turn, the turn's current orders),
    kept for the transaction: across the messages of one worker's batch (issue #18: two of
    an order message's ten statements), never across transactions. Writes through this
    module and repo keep it right; a savepoint rolled back (a message that failed) empties
    it, its writes and the locks it took being undone; taking a game's lock
    (`locked_game`) empties it, because on PostgreSQL another worker may have changed those
    rows since they were read."""
    transaction: SessionTransaction | None = session.get_transaction()
    held = session.info.get(_MEMO)
    if held is None or held[0] is not transaction:
        held = (transaction, {})
        session.info[_MEMO] = held
    found: Memo = held[1]
    return found


def turn_memo(turn: Turn) -> Memo | None:
    """The memo of the transaction `turn` was read in (None for a turn in no session):
    where the game layer keeps what it made of the turn's rows (games.position_of)."""
    session = object_session(turn)
    return None if session is None or turn.id is None else memo(session)


def forget(session: Session) -> None:
    session.info.pop(_MEMO, None)


@sa.event.listens_for(Session, "after_soft_rollback")
def _forget_undone(session: Session, _previous: SessionTransaction) -> None:
    forget(session)


def game_by_id(session: Session, game_id: int) -> Game | None:
    return session.get(Game, game_id)


def all_games(session: Session) -> list[Game]:
    """Every game, by name."""
    return list(session.scalars(sa.select(Game).order_by(Game.name)))


def games_in_play(session: Session, game_ids: Collection[int] | None = None) -> list[Game]:
    """Forming and active games (those with deadlines or a start time), by id; those of
    `game_ids` only, when given."""
    query = sa.select(Game).where(Game.state.in_(IN_PLAY)).order_by(Game.id)
    if game_ids is not None:
        query = query.where(Game.id.in_(list(game_ids)))
    return list(session.scalars(query))


def read_open_turns(session: Session, game_ids: Collection[int] | None = None) -> None:
    """The open turn of every game in play (of `game_ids` only, when given) read in one
    query and kept in the memo, where current_turn finds it: planning every game's next
    moment read each game's turn by itself (issue #18: a round trip a game, a second of
    a worker's time for a thousand games, after every batch of mail it answers)."""
    query = (sa.select(Turn).join(Game, Game.id == Turn.game_id)
             .where(Game.state.in_(IN_PLAY), Turn.processed_at.is_(None)).order_by(Turn.id))
    if game_ids is not None:
        query = query.where(Turn.game_id.in_(list(game_ids)))
    held = memo(session)
    for turn in session.scalars(query):  # by id: a game's newest open turn comes last
        held[("turn", turn.game_id)] = turn


def game_ids_in_play(session: Session) -> list[int]:
    """The ids of games_in_play, without loading the rows."""
    query = sa.select(Game.id).where(Game.state.in_(IN_PLAY)).order_by(Game.id)
    return list(session.scalars(query))


def lock_games_as_read(session: Session) -> None:
    """From now on, this unit of work locks each game whose open turn it reads
    (current_turn) before reading it, on PostgreSQL, where several workers write at once:
    messages to one game and the processing of its turn then take turns. Without it a
    turn could be processed between a message's reading of it and its commit (the orders
    stored on a turn just processed: lost), or two messages completing a game's orders at
    once would each see the other's missing (nobody processes the turn early). SQLite's
    one writer already gives this."""
    if session.get_bind().dialect.name == "postgresql":
        session.info[_LOCKS_GAMES] = True


def _lock_as_read(session: Session, game: Game) -> None:
    """The lock of lock_games_as_read, once per transaction (memo; a savepoint that rolls
    back releases the locks taken in it, and empties the memo); the game's attributes
    read again under it."""
    if session.info.get(_LOCKS_GAMES):
        locked_game(session, game)


def game_if_free(session: Session, game_id: int) -> Game | None:
    """The game's row under its row lock if nobody else holds a lock on it (PostgreSQL's
    SKIP LOCKED: a busy or missing game is None), its attributes read again; SQLite's
    writer lock is held already, so there the game is always free."""
    forget(session)
    found = session.scalars(_GAME_IF_FREE, {"id": game_id}).one_or_none()
    if found is not None:
        memo(session)[("locked", game_id)] = True
    return found


def locked_game(session: Session, game: Game) -> Game:
    """The game's row under its row lock (PostgreSQL; SQLite's writer lock is already
    held), its attributes read again: another transaction may have changed them. Once
    per transaction (memo): while the lock is ours nobody else changes the game, and a
    turn's processing asked for it again after the sweep had taken it (issue #18: the
    game, its open turn, seats and orders read twice)."""
    if ("locked", game.id) in memo(session):
        return game
    forget(session)
    query = sa.select(Game).where(Game.id == game.id).with_for_update()
    found = session.scalars(query.execution_options(populate_existing=True)).one()
    memo(session)[("locked", game.id)] = True
    return found


def current_turn(session: Session, game: Game) -> Turn | None:
    """The newest turn not yet processed; None once the game is finished. A game ended by a
    vote or by its master keeps the turn that was open, with its orders, for ROLLBACK and
    the record, but nothing is open any more: no phase, deadline or sweep for it."""
    _lock_as_read(session, game)
    if game.state == GameState.FINISHED:
        return None
    known = memo(session).get(("turn", game.id))
    # Only a new turn (record_turn) or a deleted one (delete_turn) can make another turn
    # the open one, and both forget; processing it sets processed_at.
    if isinstance(known, Turn) and known.processed_at is None:
        return known
    turn = session.scalars(_OPEN_TURN, {"game_id": game.id}).one_or_none()
    if turn is not None:
        memo(session)[("turn", game.id)] = turn
    return turn


def open_turn_id(session: Session, game_id: int) -> int | None:
    """The id of the game's newest turn not yet processed (current_turn's), without
    loading the turn or the game, and without a lock: None if it has none."""
    found: int | None = session.scalar(_OPEN_TURN_ID, {"game_id": game_id})
    return found


def turns_of(session: Session, game: Game) -> list[Turn]:
    """The game's turns, oldest first."""
    return list(session.scalars(sa.select(Turn).where(Turn.game_id == game.id)
                                .order_by(Turn.id)))


def delete_turn(session: Session, turn: Turn) -> None:
    """Delete the turn (at the next flush); its orders must go first: delete_orders_of."""
    forget(session)
    session.delete(turn)


def delete_orders_of(session: Session, turn: Turn) -> None:
    """Every order submitted for the turn, deleted at once."""
    forget(session)
    session.execute(sa.delete(Order).where(Order.turn_id == turn.id))


def future_orders_for(session: Session, game: Game, phase: str) -> list[FutureOrder]:
    """Every power's orders sent ahead for `phase`, in the order they were stored."""
    query = (sa.select(FutureOrder)
             .where(FutureOrder.game_id == game.id, FutureOrder.phase == phase)
             .order_by(FutureOrder.id))
    return list(session.scalars(query))


def future_order(session: Session, game: Game, phase: str, power: str) -> FutureOrder | None:
    """`power`'s orders sent ahead for `phase`, if any: the key is unique (0011), so at
    most one row. A row added but not flushed is found too (autoflush)."""
    query = sa.select(FutureOrder).where(FutureOrder.game_id == game.id,
                                         FutureOrder.phase == phase, FutureOrder.power == power)
    return session.scalars(query).one_or_none()


def new_future_order(session: Session, game: Game, phase: str, power: str, *,
                     inbox: InboxMessage | None = None) -> FutureOrder:
    """An empty set of orders sent ahead, added to the session (inserted at the next flush).
    Look with future_order first: a second row for the same game, phase and power fails."""
    row = FutureOrder(game_id=game.id, phase=phase, power=power, lines=[],
                      inbox_id=inbox.id if inbox else None)
    session.add(row)
    return row


def delete_future_order(session: Session, row: FutureOrder) -> None:
    session.delete(row)


def vote_of(session: Session, seat: Seat, kind: VoteKind) -> Vote | None:
    query = sa.select(Vote).where(Vote.seat_id == seat.id, Vote.kind == kind)
    return session.scalars(query).one_or_none()


def new_vote(session: Session, seat: Seat, kind: VoteKind) -> Vote:
    """A vote of `kind` by `seat`, added to the session (inserted at the next flush)."""
    vote = Vote(game_id=seat.game_id, seat_id=seat.id, kind=kind)
    session.add(vote)
    return vote


def delete_vote(session: Session, vote: Vote) -> None:
    session.delete(vote)


def last_audit_entry(session: Session, game: Game, action: str) -> AuditEntry | None:
    """The game's newest audit entry for `action`."""
    query = (sa.select(AuditEntry)
             .where(AuditEntry.game_id == game.id, AuditEntry.action == action)
             .order_by(AuditEntry.id.desc()).limit(1))
    return session.scalars(query).one_or_none()


def press_by_id(session: Session, press_id: int) -> Press | None:
    return session.get(Press, press_id)


def press_of_game(session: Session, game: Game) -> list[Press]:
    """Every press of a game, the oldest first."""
    return list(session.scalars(sa.select(Press).where(Press.game_id == game.id)
                                .order_by(Press.id)))
