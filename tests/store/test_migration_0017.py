"""0017: every game gets a seed (existing ones one from their id) and a place for its map;
the options a game was created with stay where they were."""

from __future__ import annotations

import json

import sqlalchemy as sa

from judge.store.db import downgrade, make_engine, upgrade


def _insert_games(url: str) -> None:
    engine = make_engine(url)
    try:
        with engine.begin() as c:
            for game_id, options in ((1, '{"players": 8}'), (2, "{}")):
                c.execute(sa.text(
                    "INSERT INTO games (id, name, variant, variant_options, state, "
                    "deadline_settings, press_settings, draw_settings, created_at) VALUES "
                    "(:id, :name, 'envoy', :options, 'ACTIVE', '{}', '{}', '{}', "
                    "CURRENT_TIMESTAMP)"), {"id": game_id, "name": f"g{game_id}",
                                            "options": options})
    finally:
        engine.dispose()


def _games(url: str) -> list[tuple[int, object, object, object]]:
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            rows = c.execute(sa.text("SELECT id, variant_options, variant_seed, variant_map "
                                     "FROM games ORDER BY id")).all()
        return [tuple(r) for r in rows]
    finally:
        engine.dispose()


def test_existing_games_get_a_seed_from_their_id_and_keep_their_options(db_url: str) -> None:
    upgrade(db_url, "0016")
    _insert_games(db_url)
    upgrade(db_url, "0017")
    first = _games(db_url)
    (_, options1, seed1, map1), (_, options2, seed2, map2) = first
    assert [_json(options1), _json(options2)] == [{"players": 8}, {}]
    assert isinstance(seed1, int) and isinstance(seed2, int) and seed1 != seed2
    assert 0 <= seed1 < 2**63 and 0 <= seed2 < 2**63
    assert (map1, map2) == (None, None)
    # Deterministic: the same games upgraded again get the same seeds.
    downgrade(db_url, "0016")
    upgrade(db_url, "0017")
    assert _games(db_url) == first


def _json(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value
