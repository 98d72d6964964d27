"""A variant instance per game (issue #12, item 3): each game's options, seed and own map
are stored with it and give it its own rules, on both backends and after a restart. The
variant is `atoll` (tests/variants/folders/atoll), which draws each game's ring from its seed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.engine.geo import MapError
from judge.game import instance
from judge.game.games import find_game, game_variant
from judge.game.lifecycle import create_game, start_position
from judge.store import repo
from judge.store.db import Database
from judge.variant_hooks import make_game_map
from judge.variant_loader import load_variant
from tests.variants.folder_games import FOLDERS


@pytest.fixture(autouse=True)
def atoll_variants(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield
    instance._instance.cache_clear()  # the next test's games must not meet these


def _create(database: Database, name: str, seed: int, **options: object) -> None:
    with database.unit_of_work() as session:
        master = repo.account_by_address(session, "gm@example.org") or repo.create_account(
            session, name="Master", address="gm@example.org")
        create_game(session, name=name, password="pw", variant="atoll", master=master,
                    options=dict(options), seed=seed)


def _ring(database: Database, name: str) -> dict[str, frozenset[str]]:
    with database.unit_of_work() as session:
        return dict(game_variant(find_game(session, name)).rules.geo.graphs["army"])


def test_two_games_get_different_maps_from_their_seeds(database: Database) -> None:
    _create(database, "one", seed=1)
    _create(database, "two", seed=2)
    # atoll's make_map (rules.py): seed 1 closes nh-m4-m1-sh-m3-m2-nh, seed 2 nh-m2-m3-sh-m4-m1-nh.
    assert _ring(database, "one")["nh"] == {"m2", "m4"}
    assert _ring(database, "two")["nh"] == {"m1", "m2"}
    with database.unit_of_work() as session:
        one, two = find_game(session, "one"), find_game(session, "two")
        assert (one.variant_seed, two.variant_seed) == (1, 2)
        assert one.variant_map == make_game_map(load_variant("atoll"), {}, 1) != two.variant_map
        assert game_variant(one) is not game_variant(two)


def test_each_game_keeps_its_map_after_a_restart(database: Database) -> None:
    _create(database, "one", seed=1)
    before = _ring(database, "one")
    instance._instance.cache_clear()
    restarted = Database(database.url)
    try:
        assert _ring(restarted, "one") == before
    finally:
        restarted.dispose()


def test_options_and_seed_reach_make_map_and_customise(database: Database) -> None:
    _create(database, "big", seed=5, size=6, victory_centres=7)
    with database.unit_of_work() as session:
        variant = game_variant(find_game(session, "big"))
    assert (variant.title, variant.seed, variant.options["size"]) == ("Atoll of 6", 5, 6)
    assert len(variant.rules.geo.provinces) == 8
    assert variant.rules.rulebook.victory_centres == 7  # a rule choice, as before


def test_a_game_is_built_once_and_the_cache_is_bounded(database: Database) -> None:
    _create(database, "one", seed=1)
    with database.unit_of_work() as session:
        game = find_game(session, "one")
        assert game_variant(game) is game_variant(game)
    assert instance._instance.cache_info().maxsize == instance.INSTANCES_KEPT


def test_a_stored_map_is_checked_as_a_folder_map_is() -> None:
    world = make_game_map(load_variant("atoll"), {}, 1)
    assert world is not None
    world["borders"].append({"a": "nh", "b": "atlantis", "graphs": ["army"]})
    with pytest.raises(MapError, match="atlantis"):
        instance.variant_instance("atoll", {}, 1, world)


def test_a_variant_without_make_map_stores_no_map(database: Database,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGE_VARIANTS")
    with database.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address="gm@example.org")
        game = create_game(session, name="std", password="pw", variant="standard",
                           master=master)
        assert game.variant_map is None and isinstance(game.variant_seed, int)
        assert game_variant(game).seed == game.variant_seed


def test_the_start_state_carries_the_game_s_own_seed(database: Database,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Envoy 12e draws from state["seed"]: it is the seed stored with the game, not another.
    monkeypatch.delenv("JUDGE_VARIANTS")
    with database.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address="gm@example.org")
        game = create_game(session, name="env", password="pw", variant="envoy",
                           master=master, options={"hidden": "stab"}, seed=11)
        variant = game_variant(game)
        state = start_position(game, variant, []).state
    assert (state["seed"], state["hidden"], variant.options["hidden"]) == (11, "stab", "stab")


def test_games_of_a_variant_without_hooks_share_one_build(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing but a variant's hooks (rules.py) reads the seed: standard games, each with
    its own seed, share the rules and map of one build instead of each rebuilding them
    (issue #18: a thousand games due at once, 64 kept)."""
    monkeypatch.delenv("JUDGE_VARIANTS")
    with database.unit_of_work() as session:
        master = repo.create_account(session, name="Master", address="gm@example.org")
        games = [create_game(session, name=name, password="pw", variant="standard",
                             master=master, seed=seed) for name, seed in (("a", 1), ("b", 2))]
        one, two = (game_variant(game) for game in games)
    assert (one.seed, two.seed) == (1, 2)
    assert one.rules is two.rules
