"""The Neutral country never wins (rn45 D1 1a: "a non playing Madman Neutral country";
F4: the winner is a player). Predicted from the rules before they were run; the first two
failed before the fix: the Neutral's 18 centres won it the game, and beside a player's
winning count they made two leaders, so nobody won."""

from __future__ import annotations

from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.variant import Variant, with_rulebook

COMPLEX: Variant = variant_instance("engineered", {"level": "complex"}, 0)
CENTRES = sorted(COMPLEX.rules.geo.supply_centres)


def _fall(variant: Variant, neutral: int, france: int) -> tuple[str, ...]:
    """The winners after a Fall in which the Neutral owns `neutral` centres and France the
    next `france` (the rest nobody's, as a test may leave them)."""
    owners = {c: "NEUTRAL" for c in CENTRES[:neutral]}
    owners.update({c: "FRANCE" for c in CENTRES[neutral:neutral + france]})
    start = Position(Phase.parse("F1905M"), (Unit("FRANCE", "A", "par"),), owners)
    return adjudicate(variant.rules, start, {}).winners


def test_the_neutral_with_eighteen_centres_does_not_win() -> None:
    # C0 (1971 rules): 18 centres win; the Neutral is no player (D1 1a), so the game goes on.
    assert _fall(COMPLEX, neutral=18, france=16) == ()


def test_a_player_wins_beside_a_neutral_with_more_centres() -> None:
    # A master's lower victory_centres (docs/master.md): France's 15 win though the
    # Neutral holds 19; its count is nobody's.
    lower = with_rulebook(COMPLEX, victory_centres=15)
    assert _fall(lower, neutral=19, france=15) == ("FRANCE",)


def test_a_player_with_eighteen_still_wins() -> None:
    assert _fall(COMPLEX, neutral=16, france=18) == ("FRANCE",)
