"""Polls of a game's observers: questions a variant puts to its audience (rn45 F1: the
subscribers vote off the weakest player each year).

`Variant.polls(variant, position)` says, from the board of the open turn, what is asked;
each observer answers by mail (POLL <question> <answer>), one standing answer per question
and observer, which he may change until the turn is processed. The answers are kept in
the turn (Turn.notices["polls"]: question -> observer seat id -> answer) and never shown to
anyone; the adjudication gets each question's result, the answer with the most votes, in
`state["polls"]` (none on a tie or without votes), and the board that follows does not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from judge.engine.position import Position
from judge.engine.questions import Question
from judge.game.errors import GameError
from judge.game.games import game_variant, position_of
from judge.store.models import Game, Seat, Turn

POLLS = "polls"


def open_polls(game: Game, turn: Turn) -> tuple[Question, ...]:
    variant = game_variant(game)
    if variant.polls is None:
        return ()
    return tuple(variant.polls(variant, position_of(turn)))


def ballots(turn: Turn) -> dict[str, dict[str, str]]:
    found = turn.notices.get(POLLS, {}) if turn.notices else {}
    return {str(k): dict(v) for k, v in found.items()} if isinstance(found, Mapping) else {}


def vote(game: Game, turn: Turn, seat: Seat, key: str, answer: str) -> tuple[Question, str]:
    """Record `seat`'s answer to the open poll `key`; the poll and the answer as it spells
    it. Refuses a poll not open and an answer not among its choices."""
    asked = open_polls(game, turn)
    found = next((q for q in asked if q.key.lower() == key.lower()), None)
    if found is None:
        open_keys = ", ".join(q.key for q in asked) or "none this turn"
        raise GameError(f"{game.name} has no open poll {key!r}; open: {open_keys}")
    spelled = found.accepts(answer)
    if spelled is None:
        raise GameError(f"{answer.strip()!r} does not answer {found.key}: choose one of "
                        f"{', '.join(found.choices)}")
    cast = ballots(turn)
    cast[found.key] = {**cast.get(found.key, {}), str(seat.id): spelled}
    turn.notices = {**turn.notices, POLLS: cast}
    return found, spelled


def results(turn: Turn) -> dict[str, str]:
    """Each poll's answer with the most votes; a tie has none."""
    out = {}
    for key, given in ballots(turn).items():
        ranked = Counter(given.values()).most_common(2)
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            out[key] = ranked[0][0]
    return out


def with_polls(turn: Turn, position: Position) -> Position:
    """The board to adjudicate, carrying the polls' results for the handlers."""
    found = results(turn)
    if not found:
        return position
    return position._replace(state={**position.state, POLLS: found})


def without_polls(position: Position) -> Position:
    if POLLS not in position.state:
        return position
    return position._replace(state={k: v for k, v in position.state.items() if k != POLLS})
