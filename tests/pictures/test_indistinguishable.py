"""Two Stab Envoy games that differ only in what Ann may not know give her the same picture,
byte for byte, PNG and SVG (issue #14's bar); Bob, who ordered the difference, sees it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.store.db import Database, upgrade
from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation
from tests.pictures.mailed import png_of, svg_source, wired

FRANCE = "F bre-mao\nA par h\nA mar h\nA ven h\nA rom h\nF nap h"
# Germany's armies march or stay home, far from anything French.
GERMANY = {"stay": "F kie h\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h",
           "march": "F kie-bal\nA ber-pru\nA mun-sil\nF tri h\nA vie h\nA bud h"}


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[dict[str, Conversation]]:
    databases = {}
    for name in GERMANY:
        url = f"sqlite:///{tmp_path / name}.sqlite3"
        upgrade(url)
        databases[name] = Database(url)
    yield {name: Conversation(db) for name, db in databases.items()}
    for db in databases.values():
        db.dispose()


def test_games_ann_cannot_tell_apart_give_her_identical_pictures(
        tables: dict[str, Conversation]) -> None:
    pictures = {}
    for name, talk in tables.items():
        players = placed(talk, hidden="stab")
        say(talk, players["FRANCE"], FRANCE)
        say(talk, players["GERMANY"], GERMANY[name])
        pictures[name] = {who: wired(talk, who, "Spring 1914 Movement results")[0]
                          for who in (ANN, BOB)}
    stay, march = pictures["stay"], pictures["march"]
    assert png_of(stay[ANN]) == png_of(march[ANN])
    assert svg_source(stay[ANN]) == svg_source(march[ANN])
    assert png_of(stay[BOB]) != png_of(march[BOB])
    assert "A ber - pru" in svg_source(march[BOB])
