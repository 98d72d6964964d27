"""Held-out (rules18f item d): Algernon's victory posed on the exact turn with `judge
adjudicate`, under each reading of rule 8 ("The victory conditions are to be decided upon
by the players and/or the gamesmaster"): the game's `victory`, `victory_count` and
`victory_year` (docs/variants/algernon.md, "Victory"). A request's `state` gives them as a
game keeps them; they were ignored, so no reading but the default could be posed (a
Winter of `victory_year` went on to the Spring; `victory_count=3` won nobody).

The demonstration maze (rule 4): eight centres, the six homes, RT and BN; each player
starts with his three homes."""

from __future__ import annotations

from typing import Any

from tests.variants.algernon.test_heldout3_adjudicate import A, B, ask

START = {A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]}


def test_by_years_the_winter_of_the_last_year_ends_the_game_in_a_shared_win() -> None:
    """`victory=years`: "the most centres when the Winter of victory_year ends; a tie is a
    shared win". 3 centres each: both, as the Winter 1905 ends; not before it."""
    state: dict[str, Any] = {"victory": "years", "victory_year": 1905}
    fall = ask("F1905M", START, {}, state=state)
    assert not fall.get("winners") and fall["next_phase"] == "W1905A"
    winter = ask("W1905A", START, {}, state=state)
    assert sorted(winter["winners"]) == [A, B] and winter["next_phase"] is None
    earlier = ask("W1904A", START, {}, state=state)
    assert not earlier.get("winners") and earlier["next_phase"] == "S1905M"


def test_by_years_the_most_centres_wins_alone() -> None:
    """A holds RT besides his homes (4 centres to B's 3) when the Winter of 1905 ends."""
    state: dict[str, Any] = {"victory": "years", "victory_year": 1905}
    centres = {A: ["dl", "mn", "pz", "rt"], B: ["pw", "qv", "wg"]}
    winter = ask("W1905A", START, {}, state=state, centers=centres)
    assert winter["winners"] == [A]


def test_a_victory_count_wins_as_the_fall_ends() -> None:
    """`victory_count=4`: A's rat enters RT (PZ4) in the Fall and holds it as the Fall
    ends (rule 1: centres change hands after the Fall): four centres, A wins then; the
    same move in the Spring wins nothing (nothing changes hands)."""
    state: dict[str, Any] = {"victory_count": 4}
    fall = ask("F1901M", START, {A: ["PZ to 4"]}, state=state)
    assert fall["winners"] == [A] and fall["next_phase"] is None
    spring = ask("S1901M", START, {A: ["PZ to 4"]}, state=state)
    assert not spring.get("winners") and spring["next_phase"] == "F1901M"


def test_the_master_s_reading_wins_nobody() -> None:
    """`victory=master`: nobody wins by count; 5 of 8 centres (the default's win) is not
    one."""
    centres = {A: ["dl", "mn", "pz", "rt", "bn"], B: ["pw", "qv", "wg"]}
    fall = ask("F1901M", START, {}, state={"victory": "master"}, centers=centres)
    assert not fall.get("winners") and fall["next_phase"] == "W1901A"
    default = ask("F1901M", START, {}, centers=centres)
    assert default["winners"] == [A]
