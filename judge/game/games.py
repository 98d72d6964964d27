"""Reading a game's state: its variant, its turns, the position now, who sits where."""

from __future__ import annotations

import copy
import weakref
from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from judge.engine.codec import position_from_json
from judge.engine.position import Position
from judge.engine.types import Phase
from judge.game.errors import GameError
from judge.game.instance import variant_instance
from judge.game.settings import GameSettings
from judge.store import repo, repo_games
from judge.store.models import Account, Game, GameState, Seat, SeatRole, SeatStatus, Turn
from judge.variant import Variant
from judge.variant_loader import load_variant

CHOICES = "_choices"  # `[options]` key suffix: the values another key may take


def game_variant(game: Game) -> Variant:
    """The game's own variant: its options, its seed and its map, if it has its own.

    Kept with the game's row while the row lives (issue #18: asked for eight times an
    order message, each time naming the variant's folder, writing the options as JSON and
    looking the build up), and used again only while the row names the same variant and
    seed, equal options and the same map: a JSON column changes by a new value, never in
    place (the store would not see it), so a changed map is another object."""
    name, options, seed, world = (game.variant, game.variant_options, game.variant_seed,
                                  game.variant_map)
    kept = _VARIANTS.get(game)
    if kept is not None and kept[0] == name and kept[1] == seed and kept[3] is world \
            and kept[2] == options:
        return kept[4]
    variant = variant_instance(name, options, seed, world)
    _VARIANTS[game] = (name, seed, copy.deepcopy(options), world, variant)
    return variant


# Each game row's variant (game_variant), forgotten with the row.
_VARIANTS: weakref.WeakKeyDictionary[
    Game, tuple[str, int, dict[str, Any], dict[str, Any] | None, Variant]] = \
    weakref.WeakKeyDictionary()


def game_options(variant: Variant) -> dict[str, Any]:
    """The variant's per-game `[options]` (Envoy's `players`, `hidden`...) as the game
    whose variant this is chose them (`game_variant`); the start position's state gets
    them too (G2), since `judge adjudicate` sees a position and no game."""
    return {k: v for k, v in variant.options.items() if not k.endswith(CHOICES)}


def seats_wanted(game: Game) -> int:
    """How many players the game takes: the variant's seats option when it has one (fewer
    players than powers), else one per power."""
    variant = game_variant(game)
    key = variant.seats_option
    wanted = game_options(variant).get(key) if key else None
    return wanted if isinstance(wanted, int) else len(variant.powers)


def plain_variant(name: str) -> Variant:
    """A variant with its own rule choices (the `[options]` a CREATE may change)."""
    return load_variant(name.lower())


def settings_of(game: Game) -> GameSettings:
    return GameSettings.from_json({"schedule": game.deadline_settings,
                                   "press": game.press_settings, "draw": game.draw_settings})


def store_settings(game: Game, settings: GameSettings) -> None:
    data = settings.to_json()
    game.deadline_settings = data["schedule"]
    game.press_settings = data["press"]
    game.draw_settings = data["draw"]


def find_game(session: Session, name: str) -> Game:
    game = repo.game_by_name_once(session, name.lower())
    if game is None:
        raise GameError(f"no game called {name!r}; send LIST for the games on this judge")
    return game


STAGE_LATE = "stage_late"  # Turn.notices: the powers late as each stage opened (stages.py)
STAGES_ON_BOARD = "stages"  # Position.state: the same, for the checks and the adjudication


def position_of(turn: Turn) -> Position:
    """The board of the turn as it opened; with its open stages' late powers in
    `state["stages"]` once a stage has opened (judge/game/stages.py).

    Decoded once per transaction (issue #18: an order message asked for it five times):
    kept in the session's memo beside the stored value it was read from, so a turn whose
    position or late powers were set anew since is decoded again, and a rolled-back
    savepoint or a game's lock forgets it as it forgets the turn itself."""
    stored, late = turn.position_before, _late(turn)
    held = repo_games.turn_memo(turn)
    if held is None:
        return _decoded(stored, late)
    key = ("position", turn.id)
    known = held.get(key)
    if isinstance(known, _Decoded) and known.stored is stored and known.late == late:
        return known.position
    position = _decoded(stored, late)
    held[key] = _Decoded(stored, late, position)
    return position


class _Decoded(NamedTuple):
    stored: dict[str, Any]  # the very object the position was decoded from
    late: dict[str, Any] | None
    position: Position


def _late(turn: Turn) -> dict[str, Any] | None:
    late = turn.notices.get(STAGE_LATE) if turn.notices else None
    return dict(late) if late else None


def _decoded(stored: dict[str, Any], late: dict[str, Any] | None) -> Position:
    position = position_from_json(stored)
    if not late:
        return position
    return position._replace(state={**position.state, STAGES_ON_BOARD: late})


def phase_of(turn: Turn) -> Phase:
    return Phase.parse(turn.phase)


_PLAYING = (SeatStatus.ACTIVE, SeatStatus.CIVIL_DISORDER)


def seats_of(game: Game, *roles: SeatRole, active_only: bool = True) -> list[Seat]:
    return [s for s in game.seats
            if (not roles or s.role in roles)
            and (not active_only or s.status in _PLAYING)]


def player_seat(game: Game, power: str) -> Seat | None:
    """The seat now playing `power` (a replaced player's old seat is not it)."""
    # One pass, the power first: a readiness check asks this of every power, for every
    # order message (issue #18: a list of the game's seats built for each was 3% of one).
    for seat in game.seats:
        if seat.power == power and seat.role == SeatRole.PLAYER and seat.status in _PLAYING:
            return seat
    return None


def playing_powers(game: Game) -> list[str]:
    return [s.power for s in seats_of(game, SeatRole.PLAYER) if s.power]


def powers_in(variant: Variant) -> list[str]:
    """The powers a game of `variant` (its own map: `game_variant`) plays."""
    return variant.powers_in_play()


def primary_address(account: Account) -> str:
    """Where the judge writes to a person: the newest address on the account."""
    return account.addresses[-1].address


def is_running(game: Game) -> bool:
    return game.state in (GameState.ACTIVE, GameState.PAUSED)


def power_letter(variant: Variant, power: str) -> str:
    """The power's initial as SIGNON takes it (F for France)."""
    return next(p.letter for p in variant.powers if p.name == power).upper()


def signon_letter(seat: Seat) -> str:
    """What SIGNON puts before the game's name for this seat: its power's initial, M for
    the master, O for an observer."""
    if seat.power:
        return power_letter(game_variant(seat.game), seat.power)
    return "M" if seat.role == SeatRole.MASTER else "O"
