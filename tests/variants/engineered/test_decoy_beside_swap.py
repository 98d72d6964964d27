"""Issue #15 item 1: rn45 C8 8c judged for a decoy beside its copy when the copy's own order
acts on the area the decoy moves to (option `decoy_beside`, default `swap`; docs/variants/
engineered.md). It was not judged: the decoy went only by 8b. Reading: the turn exposes
the decoy when what everyone sees tells which of the two alike armies it is: the turn
with the two swapped would have shown otherwise, or in both the decoy ends in one place.
Each outcome below is worked out by hand from that reading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase
from judge.game.games import find_game
from judge.grammar.reader import Writer, reader_for
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply
from tests.variants.engineered.fighting import DECOYS, START, unit
from tests.variants.engineered.test_decoys_phases import disbanded

PAIR = ["RUSSIA A war", "RUSSIA A war decoy"]


def play(units: Sequence[str], orders: Mapping[str, Sequence[str]],
         beside: str | None = None) -> TurnResult:
    """The Spring with the game's option `decoy_beside` as its state keeps it."""
    reader = reader_for(DECOYS)
    parsed = {p: [reader.read(t, "M", Writer(p)) for t in texts] for p, texts in orders.items()}
    state = {} if beside is None else {"decoy_beside": beside}
    position = Position(Phase.parse("S1903M"), tuple(unit(u) for u in units), dict(START),
                        state=state)
    return adjudicate(DECOYS.rules, position, parsed)


def board(turn: TurnResult) -> set[str]:
    return {f"{u.power} {u.kind} {u.loc}" + (" decoy" if u.payload else "")
            for u in turn.position.units}


def test_two_moves_to_one_area_expose_the_one_left_behind() -> None:
    # Both "A War-Gal": the army enters Galicia, the decoy (0, moved last) cannot, and
    # stays by itself. Swapped, the real one enters and the decoy stays just the same:
    # whichever was which, the one left in Warsaw is the decoy, and everyone knows it.
    turn = play(PAIR, {"RUSSIA": ["A War-Gal", "DECOY A War-Gal"]})
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert board(turn) == {"RUSSIA A gal"}


def test_without_the_option_it_goes_only_by_8b_as_before() -> None:
    turn = play(PAIR, {"RUSSIA": ["A War-Gal", "DECOY A War-Gal"]}, beside="off")
    assert disbanded(turn) == []
    assert board(turn) == {"RUSSIA A gal", "RUSSIA A war decoy"}


def test_a_void_support_there_exposes_nothing() -> None:
    # The army supports A Ukr-Gal, but Ukraine holds (the support is void); the decoy
    # enters Galicia unopposed. Swapped, the real army would have entered it and the decoy
    # stayed with the void support: the same turn, the decoy in either place.
    units = [*PAIR, "RUSSIA A ukr"]
    turn = play(units, {"RUSSIA": ["A War S A Ukr-Gal", "DECOY A War-Gal", "A Ukr H"]})
    assert disbanded(turn) == []
    assert board(turn) == {"RUSSIA A gal decoy", "RUSSIA A war", "RUSSIA A ukr"}


def test_the_engineer_going_with_the_decoy_is_no_order_of_its_copy() -> None:
    # As above, with Russia's engineer going to Galicia with whichever unit enters it
    # (8a): it is no order of the army's, which still only supports. Swapped, the engineer
    # would have gone with the real army: the same board, not exposed.
    units = [*PAIR, "RUSSIA A ukr", "RUSSIA E war"]
    turn = play(units, {"RUSSIA": ["A War S A Ukr-Gal", "E War - Gal", "DECOY A War-Gal",
                                   "A Ukr H"]})
    assert disbanded(turn) == []
    assert board(turn) == {"RUSSIA A gal decoy", "RUSSIA E gal", "RUSSIA A war",
                           "RUSSIA A ukr"}


def test_holding_warsaw_against_an_army_shows_the_real_one_stayed() -> None:
    # As above, and Austria's A Sil-War, alone: the army left in Warsaw holds it (1 to 1).
    # Swapped, the decoy would have stayed there with 0 and given way: only the real army
    # holds, so the one in Galicia is the decoy.
    units = [*PAIR, "RUSSIA A ukr", "AUSTRIA A sil"]
    turn = play(units, {"RUSSIA": ["A War S A Ukr-Gal", "DECOY A War-Gal", "A Ukr H"],
                        "AUSTRIA": ["A Sil-War"]})
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert board(turn) == {"RUSSIA A war", "RUSSIA A ukr", "AUSTRIA A sil"}


def test_the_option_is_the_games_with_decoys_only(talk: Conversation) -> None:
    account(talk, MASTER, "Game Master")
    refused = reply(talk, MASTER, "CREATE alpha gmpass engineered level=complex "
                    "decoy_beside=off")
    assert "no game of engineered with these options: decoy_beside=off is a reading of the " \
        "decoys' rule (rn45 C8 8c); write decoys=yes with it" in refused.body, refused.body
    created = reply(talk, MASTER, "CREATE alpha gmpass engineered level=complex decoys=yes "
                    "decoy_beside=off")
    assert "is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        chosen = find_game(session, "alpha").variant_options
    assert chosen == {"level": "complex", "decoys": True, "decoy_beside": "off"}
