"""Issue #17 item 2: builds from the priority lists of the Fall moves (9, I.C), without
orders in the adjustment phase; at random without a list (I.C.1)."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.engine.position import Position
from tests.variants.algernon.scenario import A, B, at, board, move, rules
from variants.algernon.builds import ListedBuilds
from variants.algernon.orders import BuildList, PortalMove
from variants.algernon.sight import Census

# A owns its three homes and RT, with three rats, none in PZ or DL: one build.
OWNERS = {"dl": A, "mn": A, "pz": A, "rt": A, "pw": B, "qv": B, "wg": B}


def winter(**state: object) -> Position:
    return board({A: ["MN", "VT", "JC"], B: ["PW"]}, "W1901A", OWNERS, **state)


def built(position: Position) -> list[str]:
    out = ListedBuilds().adjudicate(rules(), position, {})
    assert all(r.outcome == Outcome.SUCCEEDS for r in out.results)
    return [loc for loc in at(out.position)[A] if loc not in ("MN", "VT", "JC")]


def test_the_phase_runs_without_waiting_for_orders() -> None:
    assert ListedBuilds().runs_without_orders(rules(), winter())


def test_the_first_free_home_of_the_list_is_built() -> None:
    """I.C.2: `Build MN, PZ, DL`: MN is taken (by his own rat), so PZ."""
    assert built(winter(build_lists={A: ["mn", "pz", "dl"]})) == ["PZ"]


def test_the_list_comes_with_the_fall_moves_and_waits_in_the_state() -> None:
    out = move(board({A: ["MN"]}, "F1901M"), {A: [PortalMove("mn", 3),
                                                  BuildList(("pz", "dl"))]})
    assert out.position.state["build_lists"] == {A: ["pz", "dl"]}
    assert built(winter(**out.position.state)) == ["PZ"]


def test_without_a_list_the_build_goes_to_a_free_home_at_random() -> None:
    """I.C.1: drawn from the game's seed, so the same seed builds in the same home."""
    homes = {s: built(winter(seed=s))[0] for s in range(12)}
    assert set(homes.values()) == {"DL", "PZ"}
    assert all(built(winter(seed=s)) == [home] for s, home in homes.items())


def test_every_winter_publishes_each_players_centre_count() -> None:
    """Rule 7: the counts after the builds, the one public fact, even with no builds."""
    out = ListedBuilds().adjudicate(rules(), winter(), {})
    [census] = [e for e in out.events if isinstance(e, Census)]
    assert census.by_player() == {A: 4, B: 3}
    still = board({A: ["DL", "MN", "PZ"], B: ["PW", "QV", "WG"]}, "W1901A")
    assert ListedBuilds().needed(rules(), still)
