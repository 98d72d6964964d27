"""Decoys made in the Winter (rn45 C2 2b) and leaving the unit they copy in the Spring, or
disbanded if not by themselves at its end (C8 8b); worked out by hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.orders import Move
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.position import Position
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase
from judge.engine.visibility import Viewer
from judge.grammar.reader import Writer, reader_for
from tests.variants.engineered.fighting import DECOYS, START, board, unit
from variants.engineered.bids import bid_for, tally

RULES = DECOYS.rules


def play(phase: str, units: Sequence[str], orders: Mapping[str, Sequence[str]]) -> TurnResult:
    reader = reader_for(DECOYS)
    parsed = {p: [reader.read(t, phase[-1], Writer(p)) for t in texts]
              for p, texts in orders.items()}
    position = Position(Phase.parse(phase), tuple(unit(u) for u in units), dict(START))
    return adjudicate(RULES, position, parsed)


def disbanded(turn: TurnResult) -> list[tuple[str, str]]:
    found: list[Any] = [e for e in turn.events if type(e).__name__ == "DecoyDisbanded"]
    return [(f"{e.unit.power} {e.unit.kind} {e.unit.loc}", e.why) for e in found]


def told(turn: TurnResult, loc: str) -> OrderResult:
    (found,) = [r for r in turn.results if r.unit is not None and r.unit.loc == loc
                and type(r.order).__name__ in ("MakeDecoy", "DecoyMove")]
    return found


WINTER = ["RUSSIA A war", "RUSSIA E war", "RUSSIA A ukr", "RUSSIA E ukr"]


def test_an_engineer_and_an_army_on_a_home_centre_make_a_decoy() -> None:
    turn = play("W1902A", WINTER, {"RUSSIA": ["DECOY A War"]})
    assert told(turn, "war").outcome == Outcome.SUCCEEDS
    assert {"RUSSIA A war", "RUSSIA A war decoy"} <= board(turn)


def test_no_decoy_off_a_home_centre_or_without_an_engineer() -> None:
    units = ["RUSSIA A war", "RUSSIA A ukr", "RUSSIA E ukr"]
    turn = play("W1902A", units, {"RUSSIA": ["DECOY A War", "DECOY A Ukr"]})
    refused = [r for r in turn.results if r.outcome == Outcome.ILLEGAL]
    assert len(refused) == 2
    assert all("rn45 C2 2b" in r.message for r in refused)
    assert not any("decoy" in u for u in board(turn))


def test_a_decoy_takes_no_supply() -> None:
    handler = RULES.handlers["A"]
    assert handler.upkeep(RULES, unit("RUSSIA A war decoy")) == 0
    assert handler.upkeep(RULES, unit("RUSSIA A war")) == 1


SPRING = ["RUSSIA A war", "RUSSIA A war decoy", "AUSTRIA A bud"]


def test_the_decoy_leaves_its_copy_in_the_spring() -> None:
    turn = play("S1903M", SPRING, {"RUSSIA": ["A War H", "DECOY A War-Gal"],
                                   "AUSTRIA": ["A Bud H"]})
    assert {"RUSSIA A war", "RUSSIA A gal decoy"} <= board(turn)
    assert not disbanded(turn)


def test_a_decoy_that_cannot_leave_is_disbanded_at_the_end_of_the_spring() -> None:
    # Austria's supported move into Galicia keeps it beside its copy (8b), as it would keep
    # a real army out (two against one): nothing is exposed (8c).
    turn = play("S1903M", [*SPRING, "AUSTRIA A vie"],
                {"RUSSIA": ["A War H", "DECOY A War-Gal"],
                 "AUSTRIA": ["A Bud-Gal", "A Vie S A Bud-Gal"]})
    assert "AUSTRIA A gal" in board(turn)
    assert disbanded(turn) == [("RUSSIA A war", "not_alone")]
    assert not any("decoy" in u for u in board(turn))


def test_a_decoy_leaving_its_copy_is_exposed_by_a_move_a_real_unit_stands_off() -> None:
    # Issue #15 item 2, 8c beside its copy: a real army moving to Galicia would stand off
    # Austria's unsupported A Bud (one against one); the decoy, of zero power, lets it in.
    turn = play("S1903M", SPRING, {"RUSSIA": ["A War H", "DECOY A War-Gal"],
                                   "AUSTRIA": ["A Bud-Gal"]})
    assert "AUSTRIA A gal" in board(turn)
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert not any("decoy" in u for u in board(turn))


def test_a_decoy_its_copy_left_is_exposed_by_an_attack_a_real_unit_holds() -> None:
    # 8c: the army leaves Warsaw, the decoy stays; Austria's A Gal - War, one against the
    # one a real army would hold with, takes Warsaw from the decoy: exposed.
    units = ["RUSSIA A war", "RUSSIA A war decoy", "AUSTRIA A gal"]
    turn = play("S1903M", units, {"RUSSIA": ["A War-Sil", "DECOY A War H"],
                                  "AUSTRIA": ["A Gal-War"]})
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert board(turn) == {"RUSSIA A sil", "AUSTRIA A war"}


def test_a_decoy_its_copy_left_is_dislodged_as_a_real_unit_would_be() -> None:
    # Two against one dislodges a real army too: not exposed, the decoy is dislodged and
    # may retreat as that army would, not disbanded as not by itself (8b).
    units = ["RUSSIA A war", "RUSSIA A war decoy", "AUSTRIA A gal", "AUSTRIA A ukr"]
    turn = play("S1903M", units, {"RUSSIA": ["A War-Sil", "DECOY A War H"],
                                  "AUSTRIA": ["A Gal-War", "A Ukr S A Gal-War"]})
    assert not disbanded(turn)
    [hit] = turn.position.dislodged
    assert hit.unit == unit("RUSSIA A war decoy") and hit.attacker_from == "gal"
    assert "lvn" in hit.retreats and "sil" not in hit.retreats
    assert board(turn) == {"RUSSIA A sil", "AUSTRIA A war", "AUSTRIA A ukr"}


def test_an_unordered_decoy_beside_its_copy_is_disbanded() -> None:
    turn = play("S1903M", SPRING, {"RUSSIA": ["A War H"], "AUSTRIA": ["A Bud H"]})
    assert "RUSSIA A war" in board(turn)
    assert disbanded(turn) == [("RUSSIA A war", "not_alone")]


def test_others_see_the_decoys_move_as_its_copys() -> None:
    turn = play("S1903M", SPRING, {"RUSSIA": ["A War H", "DECOY A War-Gal"],
                                   "AUSTRIA": ["A Bud H"]})
    seen = RULES.visibility.project(turn.results, Viewer.player("AUSTRIA"))
    orders = [r.order for r in seen if isinstance(r, OrderResult)
              and r.unit == unit("RUSSIA A war")]
    assert Move("war", "gal", "A") in orders
    assert not any(type(o).__name__ == "DecoyMove" for o in orders)
    own = RULES.visibility.project(turn.results, Viewer.player("RUSSIA"))
    assert any(type(r.order).__name__ == "DecoyMove" for r in own if isinstance(r, OrderResult))
    assert unit("RUSSIA A gal") in RULES.visibility.board(turn.position,
                                                          Viewer.player("AUSTRIA")).units


def test_a_decoy_whose_copy_leaves_is_by_itself() -> None:
    turn = play("S1903M", SPRING, {"RUSSIA": ["A War-Sil"], "AUSTRIA": ["A Bud H"]})
    assert {"RUSSIA A sil", "RUSSIA A war decoy"} <= board(turn)
    assert not disbanded(turn)


def test_an_engineer_beside_the_decoy_leaves_it_by_itself() -> None:
    # 8a: a decoy carries an engineer; only a military unit keeps it from being alone.
    turn = play("S1903M", [*SPRING, "RUSSIA E war"],
                {"RUSSIA": ["A War-Sil", "DECOY A War H"], "AUSTRIA": ["A Bud H"]})
    assert {"RUSSIA A sil", "RUSSIA A war decoy"} <= board(turn)
    assert not disbanded(turn)


def test_the_board_as_another_player_sees_it_adjudicates_with_the_decoy_unmarked() -> None:
    # Found in the bar's game (issue #15): Austria's orders are checked on the board as
    # Austria sees it, where Russia's decoy beside its copy is an army like it (2b
    # "identical"): the check used to stop with "A war and A war share war".
    seen = RULES.visibility.board(
        Position(Phase.parse("S1903M"), tuple(unit(u) for u in SPRING), dict(START)),
        Viewer.player("AUSTRIA"))
    assert [u.loc for u in seen.units].count("war") == 2
    reader = reader_for(DECOYS)
    out = RULES.handler(seen.phase).adjudicate(
        RULES, seen, {"AUSTRIA": [reader.read("A Bud-Gal", "M", Writer("AUSTRIA"))]})
    [bud] = [r for r in out.results if r.power == "AUSTRIA"]
    assert bud.outcome == Outcome.SUCCEEDS
    assert ("AUSTRIA", "A", "gal") in {(u.power, u.kind, u.loc) for u in out.position.units}


def test_bids_are_tallied_beside_a_decoy_and_its_copy() -> None:
    # Found in the bar's game (issue #15): a bid in a Spring when a decoy still shares its
    # area stopped the tally with "A war and A war share war", whoever's board it was.
    units = (*SPRING, "TURKEY N bla")
    position = Position(Phase.parse("S1903M"), tuple(unit(u) for u in units), dict(START))
    bid = bid_for(Move("bla", "ank", "N"), ["bud"])
    for seen in (position, RULES.visibility.board(position, Viewer.player("AUSTRIA"))):
        result = tally(RULES, seen, {"AUSTRIA": [bid]}, frozenset({"TURKEY"}))
        assert [r.outcome for r in result.results] == [Outcome.SUCCEEDS]
        assert set(result.disorder) == {"bud"}


def test_a_support_given_to_the_decoys_move_out_exposes_it() -> None:
    # 8a: it "can not receive support"; a real army's move would have taken A Ukr's
    # support, which is void for the decoy: the turn shows it (8c), though it moved.
    turn = play("S1903M", [*SPRING, "RUSSIA A ukr"],
                {"RUSSIA": ["A War H", "DECOY A War-Gal", "A Ukr S A War-Gal"],
                 "AUSTRIA": ["A Bud H"]})
    assert disbanded(turn) == [("RUSSIA A war", "exposed")]
    assert not any("decoy" in u for u in board(turn))
