"""The forms a player would try for boarding and landing (docs/variants/1885-iii.md):
`A Lon - Eng` boards the fleet in the Channel, `A Eng - Por` lands the army aboard."""

from __future__ import annotations

from judge.engine.orders import Move
from judge.engine.outcome import Outcome
from judge.grammar.reader import Writer, reader_for

from .board import REGULAR, V1885, move, result, standing


def test_an_army_moving_onto_its_fleet_boards_it_and_lands_by_a_move() -> None:
    # l.44-47's example written as moves: "A(Lon) boards F(ENG), A/F(ENG)-MAO, A
    # disembarks Por".
    out = move(REGULAR, ["ENGLAND A lon", "ENGLAND F eng"],
               {"ENGLAND": ["A Lon - Eng", "F Eng - Mao", "A Eng - Por"]})
    assert standing(out) == {"ENGLAND A por", "ENGLAND F mao"}
    # The results name the lines as written.
    assert isinstance(result(out, "ENGLAND", "loc='lon'").order, Move)
    assert result(out, "ENGLAND", "dest='por'").outcome == Outcome.SUCCEEDS


def test_an_army_moving_onto_another_powers_fleet_is_refused() -> None:
    out = move(REGULAR, ["ENGLAND A lon", "FRANCE F eng"], {"ENGLAND": ["A Lon - Eng"]})
    assert result(out, "ENGLAND", "Move").outcome == Outcome.ILLEGAL
    assert "ENGLAND A lon" in standing(out)


def test_the_landing_and_the_fleets_move_are_two_orders_of_one_set() -> None:
    # A later order for a unit replaces the earlier one; an army's move from a sea is the
    # landing's line, so it does not replace the A/F's own.
    reader, registry, kinds = reader_for(V1885), V1885.rules.registry, V1885.rules.kinds
    keys = {registry.set_key(order, kinds.get(order.kind or "")).slot
            for order in (reader.read(line, "M", Writer("ENGLAND"))
                          for line in ("A/F Eng - Mao", "A Eng - Por"))}
    assert len(keys) == 2


def test_a_fleet_ordered_as_an_army_still_moves() -> None:
    # DATC 4.C.1: the kind written is a hint; with no army aboard or boarding, `A Eng - Bre`
    # is the Channel fleet's move.
    out = move(REGULAR, ["FRANCE F eng"], {"FRANCE": ["A Eng - Bre"]})
    assert standing(out) == {"FRANCE F bre"}
