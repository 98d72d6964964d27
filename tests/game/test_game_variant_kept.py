"""A game row's variant is built once while the row lives (judge.game.games.game_variant,
issue #18: asked for eight times an order message), and again whenever what it is built
from changes: the variant's name, the seed, the options, the map."""

from __future__ import annotations

from typing import Any

import pytest

from judge.game import games, instance
from judge.store.models import Game


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    built: list[tuple[Any, ...]] = []
    real = instance.variant_instance

    def counting(*args: Any) -> Any:
        built.append(args)
        return real(*args)

    monkeypatch.setattr(games, "variant_instance", counting)
    return built


def test_a_game_s_variant_is_built_once_while_nothing_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built = _counting(monkeypatch)
    game = Game(name="alpha", variant="standard", variant_options={}, variant_seed=7)
    first = games.game_variant(game)
    assert all(games.game_variant(game) is first for _ in range(3))
    assert len(built) == 1
    other = Game(name="beta", variant="standard", variant_options={}, variant_seed=8)
    assert games.game_variant(other).seed == 8 and len(built) == 2


def test_a_change_to_what_it_is_built_from_builds_it_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built = _counting(monkeypatch)
    game = Game(name="alpha", variant="standard", variant_options={}, variant_seed=7)
    games.game_variant(game)
    game.variant_seed = 9
    assert games.game_variant(game).seed == 9
    game.variant_options = {"duplicate_orders": "last"}
    assert games.game_variant(game).rules.rulebook.duplicate_orders == "last"
    game.variant_options["duplicate_orders"] = "hold"  # in place: seen too
    assert games.game_variant(game).rules.rulebook.duplicate_orders == "hold"
    assert len(built) == 4
