"""Refusals of order lines as reasons with parameters (issue #12 item 4): made by the
checks, projected for their reader like events, worded at the edge."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from judge.engine import reasons as R
from judge.engine.refusal import Loc, Power, Refusal, refusal_to_json
from judge.engine.types import Unit
from judge.game import reasons as G
from judge.game.adjudication import AHEAD_REFUSED
from judge.game.arrival import take
from judge.game.reasons import every_reason
from judge.game.refusals import project, say
from judge.grammar.reader import Writer
from judge.grammar.wording import ReaderNames
from judge.store.models import Seat, SeatRole, Turn
from judge.turns.seat_reports import _ahead_refused
from judge.variant_loader import load_variant, load_variant_folder
from tests.variants.folder_games import FOLDERS


def test_a_reason_naming_a_unit_off_the_readers_board_says_only_that_it_cannot_be_done() -> None:
    start = load_variant("standard").start
    seen = Refusal.of(R.NOT_YOURS, unit=Unit("GERMANY", "A", "mun"), owner=Power("GERMANY"),
                      power=Power("FRANCE"))
    unseen = Refusal.of(R.NOT_YOURS, unit=Unit("GERMANY", "A", "bur"), owner=Power("GERMANY"),
                        power=Power("FRANCE"))
    places = Refusal.of(R.NO_UNIT_TO_SUPPORT, target=Loc("bur"))
    assert project((seen, places), start) == (seen, places)
    hidden = start._replace(units=tuple(u for u in start.units if u.power != "GERMANY"))
    assert project((seen, unseen, places), hidden) == (
        Refusal.of(G.NOT_AS_WRITTEN), Refusal.of(G.NOT_AS_WRITTEN), places)


def test_a_reason_and_its_note_are_worded_for_the_reader() -> None:
    names = ReaderNames(load_variant("standard"))
    first = Refusal.of(R.NO_UNIT_IN, place=Loc("par"))
    note = Refusal.of(G.MOVED_ON, now="Fall 1901 Movement", before="Spring 1901 Movement",
                      when="Mon 1 Jan 2001 12:00")
    assert say((first,), names) == "there is no unit in Paris"
    assert say((first, note), names).startswith(
        "there is no unit in Paris. The phase has moved on: it is now Fall 1901 Movement.")


def test_a_refused_line_carries_its_reason_and_parameters_not_text() -> None:
    variant = load_variant("standard")
    out = take(variant, variant.start, "FRANCE", {}, [(1, "A par S A ber"), (2, "A mun H")],
               writer=Writer("FRANCE"))
    assert [f.said for f in out] == [
        (Refusal.of(R.CANNOT_REACH_HOLD, unit=Unit("FRANCE", "A", "par"), target=Loc("ber")),),
        (Refusal.of(R.NOT_YOURS, unit=Unit("GERMANY", "A", "mun"), owner=Power("GERMANY"),
                    power=Power("FRANCE")),)]


def test_a_variant_adds_a_reason_of_its_own() -> None:
    # The tests-only sampler registers 'sampler_not_next' for its SCOUT order, and its
    # check refuses with it: a stored refusal of a sampler game reads back by its code.
    sampler = load_variant_folder(FOLDERS / "sampler")
    assert "sampler_not_next" in every_reason(sampler.rules.registry.reasons)
    assert "sampler_not_next" not in every_reason(
        load_variant("standard").rules.registry.reasons)


def test_orders_sent_ahead_are_stored_as_reasons_and_worded_in_the_report() -> None:
    variant = load_variant("standard")
    refused = Refusal.of(R.NO_BUILD_TO_USE, power=Power("FRANCE"))
    stored = [["build A Mar", refusal_to_json(refused)]]
    # A turn opened before refusals were stored so keeps the engine's text in ids.
    old = [["build A Mar", "FRANCE has no build to use"]]
    seat = cast(Seat, SimpleNamespace(role=SeatRole.PLAYER, power="FRANCE"))
    for lines in (stored, old):
        turn = cast(Turn, SimpleNamespace(phase="W1901A",
                                          notices={AHEAD_REFUSED: {"FRANCE": lines}}))
        assert "  'build A Mar': France has no build to use\n" in \
            _ahead_refused(variant, turn, seat)
