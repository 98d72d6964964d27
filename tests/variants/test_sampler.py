"""Issue #12's proof: one variant defined only in tests/ (tests/variants/folders/sampler)
adds its own order type and event, reads its own order lines, adds a report section and
a per-seat knowledge record, gets a map of its own for each game, and is played by mail,
with nothing under judge/ for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.game.games import find_game
from judge.game.knowledge import knowledge_of
from judge.store.db import Database
from tests.conversations.harness import Conversation, Mail
from tests.variants.folder_games import FOLDERS, started

RING = ("one", "two", "three", "four", "five", "six")


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield Conversation(database)


def _chord(talk: Conversation) -> tuple[str, str]:
    """The border this game's map has across the ring (drawn from its seed)."""
    with talk.judge.db.unit_of_work() as session:
        world = find_game(session, "alpha").variant_map
    assert world is not None  # the sampler makes a map for every game
    [chord] = [(b["a"], b["b"]) for b in world["borders"]
               if abs(RING.index(b["a"]) - RING.index(b["b"])) == 3]
    return chord


def _send(talk: Conversation, seat: tuple[str, str], *lines: str) -> Mail:
    reply = talk.send(seat[0], "\n".join((seat[1], *lines)) + "\n")
    assert reply is not None
    return reply


def test_a_game_of_the_sampler_is_played_by_mail(talk: Conversation) -> None:
    seats = started(talk, "sampler", seed=7)
    north, south = seats["NORTH"], seats["SOUTH"]
    chord = _chord(talk)
    assert chord in (("one", "four"), ("two", "five"), ("three", "six"))
    # Scouting across the chord: legal only because this game's own map has that border.
    # (Across three-six no North unit stands at either end: it scouts a ring neighbour.)
    scout_from, target = chord if chord[0] in ("one", "two") else ("two", "three")
    reply = _send(talk, north, f"A {scout_from} SCOUT {target}", "A one SCOUT three")
    assert f"A {scout_from.title()} SCOUTS {target.title()}." in reply.body, reply.body
    assert "line 3: A one SCOUT three" in reply.body  # not next to it on any ring
    assert "One is not next to Three: a unit scouts a neighbour" in reply.body
    _send(talk, north, f"A {scout_from} SCOUT {target}",
          *(["A one H"] if scout_from == "two" else ["A two H"]))
    _send(talk, south, "A four H", "A five H")
    reports = {who: [m for m in talk.mails_to(seat[0]) if "results" in m.subject]
               for who, seat in seats.items()}
    [mine], [theirs] = reports["NORTH"], reports["SOUTH"]
    seen = "South A" if target in ("four", "five") else "empty"
    assert f"Scouting reports:\n  {target.title()}: {seen}\n" in mine.body
    assert "Scouting reports" not in theirs.body  # a scout's report is his owner's alone
    assert f"A {scout_from.title()} SCOUTS {target.title()}." in theirs.body  # the order is not
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        assert knowledge_of(session, game, "NORTH") == {"scouted": {target: {
            "phase": "S1901M", "units": ["SOUTH A"] if seen != "empty" else []}}}
        assert knowledge_of(session, game, "SOUTH") == {"scouted": {}}
    history = _send(talk, north, "HISTORY alpha")
    assert "SCOUTS" in history.body  # the stored turn reads back through the registry
