"""A game's life before its first turn: creating it, taking seats, starting it."""

from __future__ import annotations

import random
import re
import secrets
from typing import NamedTuple

from sqlalchemy.orm import Session

from judge.engine.geo import MapError
from judge.engine.position import Position
from judge.game.adjudication import open_turn
from judge.game.allocation import assign_powers
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.games import game_options, game_variant, seats_of, seats_wanted, signon_letter
from judge.game.hidden import hides_from_players
from judge.game.passwords import hash_password
from judge.game.settings import GameSettings
from judge.store import repo
from judge.store.models import Account, Game, GameState, Seat, SeatRole, Turn
from judge.variant import Variant
from judge.variant_hooks import make_game_map
from judge.variant_loader import available_variants, load_variant

GAME_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def create_game(session: Session, *, name: str, password: str, variant: str,
                master: Account, options: dict[str, object] | None = None,
                seed: int | None = None) -> Game:
    """A forming game with `master` in its master seat, its seed (random unless given) and,
    when its variant makes one per game, its own map made from its options and seed."""
    name, variant = name.lower(), variant.lower()
    check_creatable(session, name, variant)
    seed = secrets.randbits(63) if seed is None else seed
    try:
        world = make_game_map(load_variant(variant), options or {}, seed)
    except MapError as exc:  # the options ask for a map the variant cannot make
        raise GameError(f"no game of {variant} with these options: {exc}") from None
    game = repo.create_game(session, name=name, variant=variant,
                            variant_options=dict(options or {}), variant_seed=seed,
                            variant_map=world,
                            deadline_settings=GameSettings().to_json()["schedule"])
    add_seat(session, game, master, SeatRole.MASTER, password)
    return game


def check_creatable(session: Session, name: str, variant: str) -> None:
    """Refuse a game name that is taken or malformed, or a variant not playable by mail
    (both lower-case, as create_game reads them)."""
    if not GAME_NAME.match(name):
        raise GameError(f"{name!r} cannot be a game name: use 1 to 32 letters, digits, "
                        "- or _, starting with a letter")
    playable = [v for v in available_variants() if load_variant(v).by_mail]
    if variant not in playable:
        why = (f"{variant} is not yet playable by mail on this judge (only its "
               "adjudication is ready)" if variant in available_variants()
               else f"no variant {variant!r}")
        raise GameError(f"{why}; the variants to play are {', '.join(playable)}")
    if repo.game_by_name(session, name) is not None:
        raise GameError(f"a game called {name} already exists; choose another name")


def add_seat(session: Session, game: Game, account: Account, role: SeatRole,
             password: str | Hashed, preferences: list[str] | None = None,
             power: str | None = None) -> Seat:
    seat = repo.add_seat(session, game, account, role=role, power=power,
                         preferences=preferences or [])
    seat.password_hash = password.text if isinstance(password, Hashed) \
        else hash_password(password)
    return seat


class Hashed(NamedTuple):
    """A seat's password as already hashed (a seat asked for and confirmed later:
    judge.game.seat_requests keeps the hash, never the password)."""

    text: str


def change_password(seat: Seat, password: str) -> None:
    """A new password, and a new secret: reply tokens signed with the old one stop working."""
    seat.password_hash = hash_password(password)
    renew_secret(seat)


def renew_secret(seat: Seat) -> None:
    """A new key for the seat's reply tokens: every token mailed out before stops working."""
    seat.secret = secrets.token_urlsafe(24)


def join_game(session: Session, game: Game, account: Account, password: str | Hashed,
              preferences: list[str]) -> Seat:
    """A player's seat; an observer's seat the account held in the game is given up (a
    player never observes his own game: observers may see what his power may not)."""
    check_join(game, account)
    drop_observer_seats(session, game, account)
    return add_seat(session, game, account, SeatRole.PLAYER, password, preferences)


def check_join(game: Game, account: Account) -> None:
    """Why `account` may not join `game` now, as a GameError; nothing if it may."""
    refuse_a_second_seat(game, account)
    check_join_open(game, account)


def check_join_open(game: Game, account: Account) -> None:
    """The checks of a JOIN that read only what everyone may know: whether the game still
    forms, who is its master, how many have joined (not whether `account` has)."""
    if game.state != GameState.FORMING:
        raise GameError(f"game {game.name} has already started; you can OBSERVE it, or ask "
                        "its master to REPLACE a power with you")
    refuse_master_as_player(game, account)
    if len(seats_of(game, SeatRole.PLAYER)) >= seats_wanted(game):
        raise GameError(f"game {game.name} is full")


def refuse_a_second_seat(game: Game, account: Account) -> None:
    """A player's JOIN again: in a started game, the power he plays and how to act as it
    (not "OBSERVE it", which his seat forbids)."""
    mine = [s for s in game.seats if s.account_id == account.id and s.role == SeatRole.PLAYER]
    playing = [s for s in mine if s in seats_of(game, SeatRole.PLAYER) and s.power]
    if playing:
        seat = playing[0]
        raise GameError(f"you already play {str(seat.power).title()} in {game.name}; sign on "
                        f"to it with SIGNON {signon_letter(seat)}{game.name} <your password>")
    if mine:
        raise GameError(f"you have already joined {game.name}")


def refuse_master_as_player(game: Game, account: Account, who: str = "you are",
                            then: str = "") -> None:
    """A game's master takes no player's seat (JOIN, or his own REPLACE) in a game that
    keeps anything from its players: he sees all of it."""
    if _masters_hidden_game(game, account):
        raise GameError(f"{who} the master of {game.name}, which keeps things from its "
                        "players that its master sees, so its master does not also play in "
                        f"it (docs/secrecy.md){then}")


def _masters_hidden_game(game: Game, account: Account) -> bool:
    """Whether `account` is the master of a game that hides anything from its players (a
    secret maze, hidden units, set-up choices, who plays: rn45 F2's survival game, whose
    master LIST shows every name, adv9): as its player he would see all of it, as an
    observer who plays would (drop_observer_seats)."""
    if not any(s.account_id == account.id for s in seats_of(game, SeatRole.MASTER)):
        return False
    return keeps_from_players(game)


def keeps_from_players(game: Game) -> bool:
    """Whether `game` keeps anything from its players that its master sees: part of the
    board or the maze (hides_from_players), or who plays (`Variant.names_hidden`)."""
    variant = game_variant(game)
    return variant.names_hidden or hides_from_players(variant, variant.start)


# Told to whoever gives up an observer's seat by taking a player's (issue #13 item 6).
OBSERVER_SEAT_GIVEN_UP = ("Your observer seat in {game} is given up: a player does not "
                          "observe his own game, whose observers may see what his power may "
                          "not.")


def drop_observer_seats(session: Session, game: Game, account: Account) -> bool:
    """Remove `account`'s observer seats in `game`; whether it had one."""
    mine = [s for s in seats_of(game, SeatRole.OBSERVER, active_only=False)
            if s.account_id == account.id]
    for seat in mine:
        session.delete(seat)
    if mine:
        session.flush()
        session.expire(game, ["seats"])
    return bool(mine)


def observes(game: Game, account: Account) -> bool:
    return any(s.account_id == account.id for s in seats_of(game, SeatRole.OBSERVER))


def observe_game(session: Session, game: Game, account: Account,
                 password: str | Hashed) -> Seat:
    check_observe(game, account)
    return add_seat(session, game, account, SeatRole.OBSERVER, password)


def check_observe(game: Game, account: Account) -> None:
    """Why `account` may not observe `game`, as a GameError; nothing if it may."""
    if observes(game, account):
        raise GameError(f"you already observe {game.name}")
    if plays_in(game, account):
        raise GameError(f"you play in {game.name}, so you cannot also observe it: an "
                        "observer may be shown what your power may not see. Your own "
                        f"reports come to you as a player; BOARD {game.name} after SIGNON "
                        "shows your board")


def plays_in(game: Game, account: Account) -> bool:
    """Whether `account` holds a player's seat in `game` that still plays (or will, in a
    forming game)."""
    return any(s.account_id == account.id for s in seats_of(game, SeatRole.PLAYER))


def parse_preferences(variant: Variant, text: str) -> list[str]:
    """'FGE', 'F G E', 'france,germany' or '?' (no preference) -> power names."""
    names = power_lookup(variant)
    words = [w for w in re.split(r"[\s,/]+", text.strip()) if w and w != "?"]
    if len(words) == 1 and len(words[0]) > 1 and words[0].upper() not in names \
            and all(letter.upper() in names for letter in words[0]):
        words = list(words[0])  # a run of initials: FGE
    powers: list[str] = []
    for word in words:
        power = names.get(word.upper())
        if power is None:
            raise GameError(f"{word!r} is not a power of {variant.title}; powers are "
                            f"{', '.join(p.name.title() for p in variant.powers)}")
        if power not in powers:
            powers.append(power)
    return powers


def power_lookup(variant: Variant) -> dict[str, str]:
    """Every way to write a power, upper case (names, adjectives, aliases, initials)."""
    names = {alias.upper(): power for alias, power in variant.power_names().items()}
    names.update({p.letter.upper(): p.name for p in variant.powers})
    return names


def is_full(game: Game) -> bool:
    return len(seats_of(game, SeatRole.PLAYER)) == seats_wanted(game)


def start_game(session: Session, game: Game, clock: Clock,
               rng: random.Random | None = None) -> Turn:
    """Give out the powers by the preference lists (ties by lot) and open the first turn."""
    if game.state == GameState.ACTIVE:
        # A master may not know the game started without him (seating.start_if_full,
        # deadline_rules._start_if_due): say so rather than only refuse.
        raise GameError(f"game {game.name} has already started: a full game starts by itself "
                        f"when its last player joins, or at the time SET START gave; "
                        f"LIST {game.name} shows where it stands")
    if game.state == GameState.PAUSED:
        raise GameError(f"game {game.name} has already started and is paused; RESUME it to "
                        "go on")
    if game.state != GameState.FORMING:
        raise GameError(f"game {game.name} is {game.state.value}; only a forming game starts")
    if not is_full(game):
        have, need = len(seats_of(game, SeatRole.PLAYER)), seats_wanted(game)
        when = ("every power has one" if need == len(game_variant(game).powers)
                else f"all {need} have joined")
        raise GameError(f"game {game.name} has {have} of its {need} players; it starts "
                        f"when {when}")
    variant = game_variant(game)
    seats = seats_of(game, SeatRole.PLAYER)
    assign_powers(seats, variant, rng or random.Random(secrets.randbits(64)))
    game.state = GameState.ACTIVE
    return open_turn(session, game, start_position(game, variant, seats), clock)


def start_position(game: Game, variant: Variant, seats: list[Seat]) -> Position:
    """The variant's start, with the game's own options in its state (G2): who plays
    when not every power does, and the game's secret seed for a variant's draws (Envoy
    12e)."""
    options = game_options(variant)
    if not options:
        return variant.start
    state = {**variant.start.state, **options, "seed": game.variant_seed}
    key = variant.seats_option
    if key and key in options:
        playing = {s.power for s in seats}
        state[key] = [p.name for p in variant.powers if p.name in playing]
    return variant.start._replace(state=state)
