"""Draw and concession votes: one standing vote per player and kind, secret until it passes.

Who votes: every surviving power (one with a supply centre or a unit) whose player is
active. A power in civil disorder or awaiting a replacement has nobody to vote; it is still
a survivor, so a DIAS draw includes it. Where the position's state names the powers played
(`"players"`: a variant whose other powers are neutral countries nobody plays, whose games
are drawn or conceded by the players only), only those survive, share a draw, lead or are
conceded to. A vote stands until withdrawn, across turns.

A draw passes when every voter votes for it, naming the same powers where the game is not
DIAS (an empty list means every survivor). A concession passes when every voter other than
the conceded-to power concedes to that same power, which then wins. Nobody is ever told
who voted: only the outcome is announced.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from judge.engine.position import Position
from judge.engine.types import Phase
from judge.engine.visibility import Viewer
from judge.engine.visibility import survivors_told as visibility_survivors
from judge.game.clock import Clock
from judge.game.errors import GameError
from judge.game.games import game_variant, position_of, seats_of
from judge.game.hidden import hides_from_players
from judge.game.postman import Postman
from judge.game.recipients import recipients, tell
from judge.game.seat_board import board_known, record_now
from judge.store import repo_games
from judge.store.models import Game, GameState, Seat, SeatRole, SeatStatus, Vote, VoteKind
from judge.store.repo_games import current_turn, turns_of
from judge.variant import Variant, power_name


def survivors(session: Session, game: Game) -> list[str]:
    """Powers still in the game (of those played, where the state names them), in the
    variant's order of powers, as every player may know it (`survivors_told`)."""
    turn = current_turn(session, game)
    return [] if turn is None else survivors_told(game, game_variant(game), position_of(turn))


def survivors_told(game: Game, variant: Variant, position: Position) -> list[str]:
    """`survivors_on` the board, or where the game keeps from its players whether a power
    has a unit left, the powers it says all may know survive (`ToldSurvivors`: Algernon
    counts every power dealt to a player, Stab Envoy every power with a centre, 12e naming
    the others as they are eliminated): who is waited for, who votes, who shares a draw
    or may be conceded to are told to all (tests/secrecy/test_adv5_algernon.py,
    test_adv5_envoy_survivor.py)."""
    dealt = frozenset(s.power for s in game.seats if s.role == SeatRole.PLAYER and s.power)
    told = visibility_survivors(variant.rules.visibility, position, dealt)
    if told is None:
        return survivors_on(variant, position)
    played = played_in(variant, position)
    return [p.name for p in variant.powers
            if p.name in told and (played is None or p.name in played)]


def survivors_on(variant: Variant, position: Position) -> list[str]:
    """The powers with a unit or a centre on `position` (of those played)."""
    alive = {u.power for u in position.units} | set(position.owners.values())
    alive |= {d.unit.power for d in position.dislodged}
    played = played_in(variant, position)
    return [p.name for p in variant.powers
            if p.name in alive and (played is None or p.name in played)]


def played_in(variant: Variant, position: Position) -> list[str] | None:
    """The powers the state says are played, or None where every power is."""
    key = variant.seats_option  # the lifecycle lists them under it when a game starts
    found = position.state.get(key) if key else None
    return [str(p) for p in found] if isinstance(found, list) else None


def played(session: Session, game: Game) -> list[str] | None:
    """The powers played in the game, where its state names them."""
    turn = current_turn(session, game)
    return played_in(game_variant(game), position_of(turn)) if turn is not None else None


def voters(session: Session, game: Game) -> dict[str, Seat]:
    """Each surviving power whose player may vote, and that player's seat."""
    alive = set(survivors(session, game))
    return {s.power: s for s in seats_of(game, SeatRole.PLAYER)
            if s.power in alive and s.status == SeatStatus.ACTIVE}


def leader(session: Session, game: Game, viewer: Viewer) -> str | None:
    """The surviving power with the most supply centres as the variant counts them towards
    victory (`Rules.standing`) on the board `viewer` knows (his knowledge record's:
    seat_board.py), or None while two or more share the lead. Counted from the reader's
    own view so that the answer tells him nothing hidden (issue #13 item 5: in Secret Envoy
    a Major Ally is made by diplomats only their player sees, rule 11)."""
    turn = current_turn(session, game)
    if turn is None:
        return None
    variant = game_variant(game)
    rules = variant.rules
    seen = board_known(rules, position_of(turn), viewer, record_now(session, game, viewer))
    standing = rules.standing(rules, seen)
    counts = {p: standing.get(p, 0) for p in survivors_on(variant, seen)}
    if not counts:
        return None
    most = max(counts.values())
    top = [p for p, n in counts.items() if n == most]
    return top[0] if len(top) == 1 else None


def hides(session: Session, game: Game) -> bool:
    """Whether the game keeps anything from its players (its choices, not its board)."""
    turn = current_turn(session, game)
    return turn is not None and hides_from_players(game_variant(game), position_of(turn))


def hides_centres(session: Session, game: Game, seat: Seat) -> bool:
    """Whether the game's visibility keeps some power's centres from this seat's player.
    Asked of the game's first board, where every power holds its home centres, so that the
    answer follows from the game's choices and never from who holds what now (a refusal
    that came and went with the board would tell it)."""
    turns = turns_of(session, game)
    if not turns or seat.power is None:
        return False
    start = position_of(turns[0])
    seen = game_variant(game).rules.visibility.board(start, Viewer.player(seat.power))
    return seen.owners != start.owners


def vote_of(session: Session, seat: Seat, kind: VoteKind) -> Vote | None:
    return repo_games.vote_of(session, seat, kind)


def cast(session: Session, clock: Clock, seat: Seat, kind: VoteKind,
         powers: Sequence[str]) -> None:
    """Record `seat`'s vote of `kind`, replacing the one it had."""
    vote = vote_of(session, seat, kind) or repo_games.new_vote(session, seat, kind)
    vote.powers, vote.cast_at = list(powers), clock.now()
    session.flush()


def withdraw(session: Session, seat: Seat, kind: VoteKind) -> bool:
    """Take back `seat`'s vote of `kind`; whether it had one."""
    vote = vote_of(session, seat, kind)
    if vote is not None:
        repo_games.delete_vote(session, vote)
        session.flush()
    return vote is not None


def passed_draw(session: Session, game: Game) -> list[str] | None:
    """The powers of the draw every voter agrees on, or None while one has not voted."""
    everyone = voters(session, game)
    alive = survivors(session, game)
    wanted: set[tuple[str, ...]] = set()
    for seat in everyone.values():
        vote = vote_of(session, seat, VoteKind.DRAW)
        if vote is None:
            return None
        # An empty list is "every survivor": survivors at the time of counting.
        wanted.add(tuple(p for p in alive if p in vote.powers) if vote.powers else tuple(alive))
    return list(wanted.pop()) if everyone and len(wanted) == 1 else None


def passed_concession(session: Session, game: Game) -> str | None:
    """The power every other voter concedes to, or None."""
    conceded: dict[str, str | None] = {}
    for power, seat in voters(session, game).items():
        vote = vote_of(session, seat, VoteKind.CONCEDE)
        conceded[power] = vote.powers[0] if vote is not None and vote.powers else None
    named = {winner for winner in conceded.values() if winner is not None}
    if len(named) != 1:
        return None
    winner = named.pop()
    others = [to for power, to in conceded.items() if power != winner]
    return winner if others and all(to == winner for to in others) else None


def settle(session: Session, game: Game, clock: Clock, postman: Postman) -> str | None:
    """End the game if a vote has passed; the outcome's description, or None."""
    draw = passed_draw(session, game)
    if draw is not None:
        return finish(session, game, clock, postman, "draw", draw)
    winner = passed_concession(session, game)
    if winner is not None:
        return finish(session, game, clock, postman, "concession", [winner])
    return None


def finish(session: Session, game: Game, clock: Clock, postman: Postman, kind: str,
           winners: list[str]) -> str:
    """Mark the game finished with its result and tell every seat."""
    if game.state not in (GameState.ACTIVE, GameState.PAUSED):
        raise GameError(f"game {game.name} is {game.state.value}; only a running game ends")
    turn = current_turn(session, game)
    game.state = GameState.FINISHED
    game.result = {"kind": kind, "winners": list(winners), "by": "vote",
                   "phase": turn.phase if turn is not None else None,
                   "at": clock.now().isoformat()}
    outcome = describe_outcome(kind, winners)
    tell(session, postman, recipients(game), f"{game.name}: the game is over",
         game_over_text(game, outcome))
    return outcome


def game_over_text(game: Game, outcome: str) -> str:
    """The mail every seat gets when a game ends other than by a turn (a vote, the master).
    Newcomer 22: it said only the outcome; njudge's players expect where the whole game
    can be read (SUMMARY's table is computed for each reader, so it is named, not copied)."""
    history = (f"; HISTORY {game.name} shows the last turn reports again (HELP HISTORY: how "
               "to choose them)") if any_turn_played(game) else ""
    read = (f"SUMMARY {game.name} tells who played each power and the supply centres each "
            f"held, year by year{history}.\n\n") if (game.result or {}).get("phase") else ""
    return f"Game {game.name} is over: {outcome}\n\n{read}Thanks to everyone who played.\n"


def any_turn_played(game: Game) -> bool:
    """Whether the finished game has a processed turn for HISTORY to show. Polish 25: a game
    a vote or the master ended in its first phase had none, yet its notice offered HISTORY.
    Only a turn ends a game in the phase it processed; a ruling ends it in the open one."""
    result = game.result or {}
    if not result.get("phase"):
        return False
    return result.get("by") not in ("vote", "master") \
        or Phase.parse(result["phase"]) != game_variant(game).start.phase


def describe_outcome(kind: str, winners: list[str]) -> str:
    names = [power_name(p) for p in winners]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    if kind == "draw":
        return f"a draw between {listed}, agreed by every surviving player."
    return f"{listed} wins: every other surviving player conceded."
