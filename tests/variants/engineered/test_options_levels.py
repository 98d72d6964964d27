"""Each game option of Engineered that turns rules on or off, at each of its values, shown
by a rule it switches (docs/variants/engineered.md, "Options and their tests"): `level`
(rn45 A: "the simple game excludes the complex and advanced rules. The complex game
includes the simple rules, the advanced all three"), `decoys` (C8), `survival` (F) and
`prize` (F4). Worked out by hand from the rules."""

from __future__ import annotations

import pytest

from judge.engine.position import Position
from judge.engine.turn import adjudicate
from judge.engine.types import Phase
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import Writer, reader_for
from judge.variant import Variant
from judge.variant_loader import load_variant_folder
from tests.variants.engineered.fighting import FOLDER, START, board, run, unit
from variants.engineered.fighters import NEUTRAL

LEVELS = ("simple", "complex", "advanced")
COMPLEX_RULES = {"simple": False, "complex": True, "advanced": True}  # rn45 A


def variant(**options: object) -> Variant:
    return load_variant_folder(FOLDER, options)


@pytest.mark.parametrize("level", LEVELS)
def test_level_c7c_a_fighter_flies_two_areas_only_in_the_complex_game(level: str) -> None:
    # C7 7c: Naples-Ionian Sea-Tunis, a Neutral centre two areas away. In the simple game
    # the fighter moves as an army, and Tunis is not its neighbour.
    turn = run(["ITALY F nap"], {"ITALY": ["F Nap - Tun"]}, variant=variant(level=level))
    assert ("ITALY F tun" in board(turn)) is COMPLEX_RULES[level]
    assert ("ITALY F nap" in board(turn)) is not COMPLEX_RULES[level]


@pytest.mark.parametrize("level", LEVELS)
def test_level_c7f_damage_cuts_a_support_only_in_the_complex_game(level: str) -> None:
    # C7 7f (1): F War D A Ser-Bud cuts A Gal's support; Ser-Bud is then 1 against A Bud's
    # 1 and fails. In the simple game the damage is refused: 2 against 1, A Bud dislodged.
    units = ["AUSTRIA A bud", "TURKEY A ser", "TURKEY A gal", "RUSSIA F war"]
    orders = {"TURKEY": ["A Ser - Bud", "A Gal S A Ser - Bud"],
              "AUSTRIA": ["A Bud H"], "RUSSIA": ["F War D A Ser - Bud"]}
    turn = run(units, orders, variant=variant(level=level))
    assert ("AUSTRIA A bud" in board(turn)) is COMPLEX_RULES[level]
    assert ("TURKEY A bud" in board(turn)) is not COMPLEX_RULES[level]


@pytest.mark.parametrize("level", LEVELS)
def test_level_d1_the_neutral_holds_the_free_centres_only_in_the_complex_game(
        level: str) -> None:
    owners = variant(level=level).start.owners
    neutral = {c for c, p in owners.items() if p == NEUTRAL}
    assert bool(neutral) is COMPLEX_RULES[level]
    assert neutral in (set(), {"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser",
                               "spa", "swe", "tun"})


@pytest.mark.parametrize("level", LEVELS)
def test_level_d2_the_madman_bidding_opens_only_in_the_complex_game(level: str) -> None:
    stages = {s.name: s.before.total_seconds() / 3600 for s in variant(level=level).stages}
    # D2: "24 hrs before the deadline".
    assert stages == ({"bidding": 24.0} if COMPLEX_RULES[level] else {})


@pytest.mark.parametrize(("options", "made"), [
    ({"level": "complex", "decoys": True}, True),
    ({"level": "advanced", "decoys": True}, True),
    ({"level": "complex", "decoys": False}, False),
    ({"level": "complex"}, False),  # the default: no decoys
    ({"level": "simple"}, False),
])
def test_decoys_c2b_a_decoy_is_made_only_with_the_option(options: dict[str, object],
                                                         made: bool) -> None:
    game = variant(**options)
    reader = reader_for(game)
    try:
        order = reader.read("DECOY A War", "A", Writer("RUSSIA"))
    except OrderSyntaxError as exc:
        # C2 2b is [Optional]: without it DECOY is no order of the game, and he is told so.
        assert not made
        assert exc.message == ("DECOY is an order of a game with decoys (rn45 C2 2b, C8: "
                               "CREATE ... level=complex decoys=yes); this game has none.")
        return
    assert made
    winter = Position(Phase.parse("W1902A"), (unit("RUSSIA A war"), unit("RUSSIA E war")),
                      dict(START))
    turn = adjudicate(game.rules, winter, {"RUSSIA": [order]})
    assert "RUSSIA A war decoy" in board(turn)


@pytest.mark.parametrize(("options", "hidden", "polled"), [
    ({"level": "advanced", "survival": True, "survival_players": 7}, True, True),
    ({"level": "advanced", "survival": False, "survival_players": 7}, False, False),
    ({"level": "advanced", "survival_players": 7}, False, False),  # the default: off
])
def test_survival_f1_f2_the_vote_and_hidden_names_only_with_the_option(
        options: dict[str, object], hidden: bool, polled: bool) -> None:
    game = variant(**options)
    assert game.names_hidden is hidden  # F2: no player's name
    assert (game.polls is not None) is polled  # F1: the observers' vote-off


@pytest.mark.parametrize(("prize", "draws"), [(True, False), (False, True)])
def test_prize_f4_no_draws_only_with_the_option(prize: bool, draws: bool) -> None:
    game = variant(level="advanced", survival=True, prize=prize)
    assert game.draws is draws  # F4: "no draws allowed"
