"""The order reader is a variant hook (issue #12 item 2), proved by a variant that lives
only in tests/ (tests/variants/folders/ring): orders written as numbers counted from the
writer's own first home, read by the variant's reader, played by mail."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from judge.engine.orders import Hold, Move, Support
from judge.grammar import OrderSyntaxError
from judge.grammar.reader import ANYONE, Writer, reader_for
from judge.store.db import Database
from judge.turns.deadlines import sweep_all
from judge.variant import Variant
from judge.variant_loader import available_variants, load_variant
from tests.conversations.harness import Conversation
from tests.variants.folder_games import FOLDERS, started


@pytest.fixture
def ring(monkeypatch: pytest.MonkeyPatch) -> Iterator[Variant]:
    monkeypatch.setenv("JUDGE_VARIANTS", str(FOLDERS))
    yield load_variant("ring")


def test_a_site_folder_adds_variants_beside_the_judges_own(ring: Variant) -> None:
    assert {"ring", "standard", "envoy"} <= set(available_variants())
    assert load_variant("standard").name == "standard"


def test_the_same_line_means_each_writers_own_places(ring: Variant) -> None:
    reader = reader_for(ring)
    assert reader.read("MO 1 6", "M", Writer("NORTH")) == Move("one", "six", "A")
    assert reader.read("MO 1 6", "M", Writer("SOUTH")) == Move("four", "three", "A")
    assert reader.read("SU 2 1 6", "M", ANYONE) == Support("two", "one", "six", "A")
    assert reader.read("ho 2", "M", Writer("SOUTH")) == Hold("five", "A")


def test_the_variants_reader_quotes_what_it_cannot_read(ring: Variant) -> None:
    with pytest.raises(OrderSyntaxError) as error:
        reader_for(ring).read("MO 1 9", "M", Writer("NORTH"))
    assert (error.value.fragment, error.value.message) == ("9", "'9' is not a place: 1 to 6")
    with pytest.raises(OrderSyntaxError):
        reader_for(ring).read("A one - six", "M", Writer("NORTH"))  # not this game's notation


def test_the_default_reader_is_the_common_grammar() -> None:
    standard = load_variant("standard")
    assert standard.reader is None
    assert reader_for(standard).read("A Par-Bur", "M", Writer("FRANCE")) == \
        Move("par", "bur", "A")


def test_a_game_with_its_own_notation_is_played_by_mail(database: Database,
                                                        ring: Variant) -> None:
    talk = Conversation(database)
    seats = started(talk, "ring")
    north, south = seats["NORTH"], seats["SOUTH"]
    reply = talk.send(north[0], f"{north[1]}\nMO 2 3\nHO 1\nMO 1 9\n")
    assert reply is not None
    assert "A Two -> Three." in reply.body and "A One HOLD." in reply.body
    assert "line 4: MO 1 9\n" in reply.body and "'9' is not a place: 1 to 6" in reply.body
    reply = talk.send(south[0], f"{south[1]}\nMO 2 3\nHO 1\n")
    assert reply is not None
    assert "A Five -> Six." in reply.body and "A Four HOLD." in reply.body  # SOUTH's frame
    talk.clock.advance(timedelta(days=4))
    sweep_all(database, talk.clock, talk.judge.postman)
    [report] = [m for m in talk.mails_to(north[0]) if "results" in m.subject]
    assert report.subject == "alpha: Spring 1901 Movement results"
    assert "A Two -> Three." in report.body and "A Five -> Six." in report.body
