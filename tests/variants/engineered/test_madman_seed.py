"""Issue #15 item 2: `judge adjudicate` draws the madman's decoy-pair lot (rn45 D3 with C8
8b, bids_pairs.py) from the game's seed, given in the request's state as the game keeps it,
so that a phase is checked with the lot the game drew; it once drew every lot from seed 0."""

from __future__ import annotations

from typing import Any

from judge.game.instance import variant_instance
from judge.protocol import handle
from tests.variants.engineered.fighting import run, unit
from variants.engineered.bids_pairs import copy_first

OPTIONS = {"level": "complex", "decoys": True}
# Turkey's army and its decoy share Constantinople; Austria's two bids for A Con - Bul and
# Russia's one for A Con H are the two sides ahead (D3 3b): each takes one of the two units.
PAIR = ["TURKEY A con", "TURKEY A con decoy", "AUSTRIA A bud", "AUSTRIA A ser",
        "RUSSIA A sev"]
BIDS = {"AUSTRIA": ["BID A Bud, A Ser FOR A Con - Bul"], "RUSSIA": ["BID A Sev FOR A Con H"]}
PHASE = "S1902M"  # fighting.run's phase


def _request(seed: int) -> dict[str, Any]:
    units = []
    for text in PAIR:
        u = unit(text)
        units.append({"power": u.power, "type": u.kind, "loc": u.loc,
                      **({"payload": [["decoy", True]]} if u.payload else {})})
    state = {**OPTIONS, "stages": {"bidding": ["TURKEY"]}, "seed": seed}
    return {"variant": "engineered", "phase": PHASE, "state": state, "units": units,
            "orders": BIDS}


def _decoy_went(reply: dict[str, Any]) -> bool:
    """Whether the unit now in Bulgaria is the decoy (the other stayed in Constantinople)."""
    [went] = [u for u in reply["units"] if u["loc"] == "bul"]
    [stayed] = [u for u in reply["units"] if u["loc"] == "con"]
    assert went["power"] == stayed["power"] == "TURKEY"
    return bool(went.get("payload") == [["decoy", True]])


def _seeds() -> tuple[int, int]:
    """Two seeds whose lots for Constantinople this Spring fall differently."""
    lots = {copy_first(seed, PHASE, "con"): seed for seed in range(50)}
    return lots[True], lots[False]


def test_two_seeds_may_draw_different_lots_and_one_seed_draws_the_same() -> None:
    one, other = _seeds()
    first, second = handle(_request(one)), handle(_request(other))
    assert "error" not in first and "error" not in second, (first, second)
    assert _decoy_went(first) != _decoy_went(second)
    assert handle(_request(one)) == first
    assert handle(_request(other)) == second


def test_the_request_draws_the_lot_the_game_drew() -> None:
    # A game's variant is built with its seed, and its positions keep that seed in their
    # state (judge/game/lifecycle.py, start_position): the request gives it the same way.
    for seed in _seeds():
        ran = run(PAIR, BIDS, variant=variant_instance("engineered", OPTIONS, seed),
                  state={"stages": {"bidding": ["TURKEY"]}, "seed": seed})
        [in_bul] = [u for u in ran.position.units if u.loc == "bul"]
        assert bool(in_bul.payload) == _decoy_went(handle(_request(seed)))


def test_each_unit_has_one_result_and_the_decoys_order_is_written() -> None:
    # The units offered in the winning bids were once listed twice (their civil disorder
    # written on two copies of their result), and the decoy's dealt order, read from no
    # text, broke the reply.
    reply = handle(_request(_seeds()[0]))
    units = [(r["power"], r["unit"]["loc"], r["order"]) for r in reply["results"]]
    assert len(units) == len(set(units)), units
    assert {o for p, loc, o in units if (p, loc) == ("TURKEY", "con")} in (
        {"DECOY A CON H", "A CON - BUL"}, {"DECOY A CON - BUL", "A CON H"})


def test_only_the_master_is_shown_the_seed() -> None:
    # Knowing the seed, a player could draw the lot himself and tell the decoy (C8).
    reply = handle({**_request(_seeds()[0]), "views": ["AUSTRIA", "OBSERVER", "MASTER"]})
    seeds = {name: view.get("state", {}).get("seed") for name, view in reply["views"].items()}
    assert seeds == {"AUSTRIA": None, "OBSERVER": None, "MASTER": _seeds()[0]}
