"""Engineered on any map (rn45 A): the standard map by default, another classic map of the
judge as a game option, with C1's start-up changes on the standard map only."""

from __future__ import annotations

from judge.game.games import find_game, game_variant
from judge.variant import Variant
from judge.variant_loader import load_variant, load_variant_folder
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from variants.engineered.fighters import NEUTRAL
from variants.engineered.maps import make_map

FOLDER = load_variant("engineered").folder


def _on(name: str, level: str = "simple") -> Variant:
    options = {"map": name, "level": level}
    return load_variant_folder(FOLDER, options, world=make_map(options, 0))


def test_the_standard_map_is_the_default_with_c1s_start() -> None:
    assert make_map({"map": "standard"}, 0) is None and make_map({}, 0) is None
    variant = load_variant("engineered")
    assert variant.rules.homes["RUSSIA"] == frozenset({"mos", "war", "sev"})


def test_1885_brings_its_map_and_powers_with_fleets_as_navies_and_no_c1_changes() -> None:
    variant, classic = _on("1885"), load_variant("1885")
    assert [p.name for p in variant.powers] == [p.name for p in classic.powers]
    assert set(variant.rules.geo.provinces) == set(classic.rules.geo.provinces)
    expected = {(u.power, "N" if u.kind == "F" else u.kind, u.loc) for u in classic.start.units}
    assert {(u.power, u.kind, u.loc) for u in variant.start.units} == expected
    assert variant.rules.homes == classic.rules.homes  # 1b is the standard map's
    assert variant.rules.kinds.keys() == {"A", "N", "F", "E", "P"}  # Engineered's units


def test_the_neutral_holds_the_free_centres_of_the_map_played() -> None:
    variant = _on("1885", "complex")
    owners = variant.start.owners
    free = variant.rules.geo.supply_centres - {c for c, p in owners.items() if p != NEUTRAL}
    assert free and all(owners[c] == NEUTRAL for c in free)


def test_a_game_on_1885_is_created_by_mail(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, "CREATE alpha gmpass engineered map=1885")
    assert "is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        assert len(game_variant(game).powers) == len(load_variant("1885").powers)
    refused = reply(talk, MASTER, "CREATE beta gmpass engineered map=narnia")
    assert "is created" not in refused.body and "1885" in refused.body
