"""Rules25: Engineered paragraphs played as written, each result worked out by hand from
the rules text (shared/rules/engineered-rn45.txt) and the 1971 rules it keeps (C0), for
cases the other files leave out: an engineer carried through a convoy or at sea (C5 5a),
two countries' engineers meeting (C6 6a), and a fighter's attack and hold (C7 7b, 7d)."""

from __future__ import annotations

from judge.engine.outcome import Outcome, Reason
from judge.variant_loader import load_variant_folder
from tests.variants.engineered.fighting import FOLDER
from tests.variants.engineered.scenario import board, happened, result, run

COMPLEX = load_variant_folder(FOLDER, {"level": "complex"})


def test_5a_a_convoyed_army_carries_its_engineer() -> None:
    """5a(1): the engineer moves "attached to a military unit sharing its area": A Lon
    goes to Belgium by the North Sea's convoy, and E Lon - Bel goes with it."""
    turn = run(["ENG A lon", "ENG E lon", "ENG N nth"],
               {"ENG": ["A Lon - Bel", "E Lon - Bel", "N Nth C A Lon - Bel"]},
               phase="S1902M")
    assert board(turn) == {"ENG A bel", "ENG E bel", "ENG N nth"}


def test_5a_an_engineer_stays_when_its_convoyed_army_bounces() -> None:
    """5a(1) with C0: France's A Bur - Bel, supported from Picardy, keeps the convoyed army
    out (1 against 2): the army stays in London, and so does its engineer."""
    turn = run(["ENG A lon", "ENG E lon", "ENG N nth", "FRA A bur", "FRA A pic"],
               {"ENG": ["A Lon - Bel", "E Lon - Bel", "N Nth C A Lon - Bel"],
                "FRA": ["A Bur - Bel", "A Pic S A Bur - Bel"]}, phase="S1902M")
    assert {"ENG A lon", "ENG E lon", "FRA A bel"} <= board(turn)
    assert result(turn, "ENG", "lon", "E").outcome == Outcome.FAILS


def test_5a_an_engineer_at_sea_goes_with_its_navy() -> None:
    """B4/5a: an engineer shares any area with its unit, a sea too, and goes where the
    navy goes."""
    turn = run(["ENG N nth", "ENG E nth"], {"ENG": ["N Nth - Nwg", "E Nth - Nwg"]},
               phase="S1902M")
    assert board(turn) == {"ENG N nwg", "ENG E nwg"}


def test_6a_two_countries_engineers_in_one_area_are_both_disbanded() -> None:
    """6a, "If more than one E unit is in the same area, they are both disbanded": the
    German army walks its engineer into Silesia, where Austria's stands alone. Both are
    disbanded; neither is left to be captured (4a)."""
    turn = run(["GER A ber", "GER E ber", "AUS E sil"],
               {"GER": ["A Ber - Sil", "E Ber - Sil"]}, phase="S1902M")
    assert board(turn) == {"GER A sil"}
    assert happened(turn) == {"two_engineers AUS E sil", "two_engineers GER E sil"}


def test_7d_a_supported_fighter_dislodges_an_unsupported_fighter() -> None:
    """7d: a fighter moves "by receiving more additive support power than opposing
    units": F War - Gal with A Ukr's support (0 + 1) against Austria's unsupported F Gal,
    which holds with 0 (7b): 1 > 0, so it is dislodged."""
    turn = run(["RUS F war", "RUS A ukr", "AUS F gal"],
               {"RUS": ["F War - Gal", "A Ukr S F War - Gal"]}, phase="S1902M",
               variant=COMPLEX)
    assert result(turn, "RUS", "war").outcome == Outcome.SUCCEEDS
    assert [d.unit.loc for d in turn.position.dislodged] == ["gal"]


def test_7b_one_support_holds_a_fighter_against_a_supported_fighter() -> None:
    """7b, 7d: the same attack (1) against F Gal held with A Vie's support (0 + 1): not
    more than the opposition, so it fails and the fighter stays."""
    turn = run(["RUS F war", "RUS A ukr", "AUS F gal", "AUS A vie"],
               {"RUS": ["F War - Gal", "A Ukr S F War - Gal"], "AUS": ["A Vie S F Gal"]},
               phase="S1902M", variant=COMPLEX)
    assert result(turn, "RUS", "war").reason == Reason.BOUNCED
    assert not turn.position.dislodged


def test_7d_two_fighters_trading_places_both_stay() -> None:
    """7d and C0: F War - Gal and F Gal - War, each opposed by the other (0 against 0):
    neither moves, and a swap without a convoy is never made anyway."""
    turn = run(["RUS F war", "AUS F gal"], {"RUS": ["F War - Gal"], "AUS": ["F Gal - War"]},
               phase="S1902M", variant=COMPLEX)
    assert board(turn) == {"RUS F war", "AUS F gal"}
