"""rn45 C0: "The 'Rules for Diplomacy' Copyright 1971 will apply", so Engineered settles
convoy paradoxes by the 1971 rulebook's XII.5 (DATC 4.A.2), as Envoy's rule 1 does: "If a
convoyed army attacks a fleet which is supporting a fleet which is attacking one of the
convoy fleets, that support is not cut." Pandin's extended paradox (DATC 6.F.17) then
dislodges London, where the Szykman rule dislodged nobody; `paradox=szykman` at CREATE
keeps the other reading. Expectations are the DATC's own for the 1971 rulebook, navies
written N as rn45 B7 names them."""

from __future__ import annotations

from typing import Any

from judge.engine.position import Position
from judge.engine.turn import adjudicate as adjudicate_turn
from judge.engine.types import Phase, Unit
from judge.game.instance import variant_instance
from judge.grammar.reader import Writer, reader_for
from judge.protocol import handle
from tests.variants.replies import dislodged, outcome

PANDIN = {"ENGLAND": ["N lon", "N wal"], "FRANCE": ["A bre", "N eng", "N yor"],
          "GERMANY": ["N nth", "N bel"]}
ORDERS = {
    "ENGLAND": ["N London Supports N Wales - English Channel", "N Wales - English Channel"],
    "FRANCE": ["A Brest - London", "N English Channel Convoys A Brest - London",
               "N Yorkshire Supports A Brest - London"],
    "GERMANY": ["N North Sea Supports N Belgium - English Channel",
                "N Belgium - English Channel"],
}


def adjudicate(state: dict[str, Any]) -> dict[str, Any]:
    board = [{"power": p, "type": u.split()[0], "loc": u.split()[1]}
             for p, us in PANDIN.items() for u in us]
    reply = handle({"variant": "engineered", "phase": "S1901M", "units": board,
                    "orders": ORDERS, "state": state})
    assert "error" not in reply, reply
    return reply


def test_pandins_extended_paradox_dislodges_london_under_the_1971_rule() -> None:
    """DATC 6.F.17: "When the 1971/1982/2000/2023 rules are used, the support of London
    is not cut. That means that the fleet in the English Channel is not dislodged. The
    convoy will succeed and dislodge the fleet in London." """
    reply = adjudicate({"level": "complex"})
    assert outcome(reply, "N London Supports N Wales - English Channel") == "succeeds"
    assert outcome(reply, "N Wales - English Channel") == "fails"
    assert outcome(reply, "A Brest - London") == "succeeds"
    assert dislodged(reply) == ["ENGLAND lon"]


def test_the_szykman_reading_is_a_game_option() -> None:
    """A game created with paradox=szykman (CREATE's rule choices): the paradox's convoy
    holds, nobody is dislodged, the army stays in Brest."""
    for options, brest_moves in (({"level": "complex"}, True),
                                 ({"level": "complex", "paradox": "szykman"}, False)):
        variant = variant_instance("engineered", options, 0)
        position = Position(Phase.parse("S1901M"),
                            tuple(Unit(p, kind, loc) for p, us in PANDIN.items()
                                  for kind, loc in (u.split() for u in us)),
                            dict(variant.start.owners))
        reader = reader_for(variant)
        orders = {p: [reader.read(line, "M", Writer(p, {})) for line in lines]
                  for p, lines in ORDERS.items()}
        turn = adjudicate_turn(variant.rules, position, orders)
        armies = {u.loc for u in turn.position.units if u.kind == "A"}
        assert ("lon" in armies) is brest_moves, options
