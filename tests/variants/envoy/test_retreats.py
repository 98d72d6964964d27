"""Retreats of allies' and controlled neutrals' units (Envoy 6, 7; 12b in Stab Envoy).

Worked out by hand: in Spring 1914 Germany's fleet in Helgoland, supported by his fleet in
Denmark, dislodges England's fleet in the North Sea (strength 2 against 1). England stands
under France's diplomats: two make it his Major Ally, one his Controlled Neutral (6). The
fleet may retreat to any empty neighbour but Helgoland, where the attacker came from:
Belgium, Edinburgh, English Channel, Holland, London, Norwegian Sea, Norway, Skagerrak,
Yorkshire. The Controlled Neutral's area (7) is its home centres London, Edinburgh and
Liverpool, and Liverpool where its army stands, with their neighbours: the Norwegian Sea
(next to Edinburgh) is in it, Norway (next to none of them) is not.
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.orders import Disband
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Unit
from judge.engine.visibility import Viewer
from tests.variants.envoy.envoy_json import ask, units
from tests.variants.envoy.hidden import ENVOY, FRANCE, GERMANY, GRAMMAR, play, report

ALLY = ["FRANCE D engl", "FRANCE D engl"]
CONTROLLED = ["FRANCE D engl"]
FLEET = Unit("ENGLAND", "F", "nth")


def retreat(diplomats: list[str], orders: Mapping[str, list[str]],
            hidden: str = "stab") -> TurnResult:
    board = [*diplomats, "ENGLAND F nth", "ENGLAND A lvp", "GERMANY F hel", "GERMANY F den",
             "GERMANY D ger", "FRANCE A par"]
    spring = play("S1914M", board, {"GERMANY": ["F Hel-Nth", "F Den S F Hel-Nth"]}, hidden)
    (dislodged,) = spring.position.dislodged
    assert (dislodged.unit, dislodged.attacker_from) == (FLEET, "hel")
    parsed = {p: [GRAMMAR.parse(t, "R") for t in ts] for p, ts in orders.items()}
    return adjudicate(ENVOY.rules, spring.position, parsed)


def of_fleet(turn: TurnResult) -> list[OrderResult]:
    return [r for r in turn.results if r.unit == FLEET]


def test_a_major_allys_retreat_is_listed_under_the_ally_in_every_report() -> None:
    turn = retreat(ALLY, {"FRANCE": ["F Nth-Nwy"]})
    (moved,) = of_fleet(turn)
    assert (moved.power, moved.outcome) == ("ENGLAND", Outcome.SUCCEEDS)
    assert Unit("ENGLAND", "F", "nwy") in turn.position.units
    for viewer in (FRANCE, GERMANY, Viewer.observer(), Viewer.master()):
        text = report(turn, viewer)
        assert "England:  F North Sea -> Norway.\n" in text  # 12b: every retreat
        assert "France:   F North Sea" not in text
    assert "Major Ally of France: England: A Liverpool, F Norway.\n" in report(turn, GERMANY)


def test_the_other_players_order_for_it_is_his_own_refusal() -> None:
    turn = retreat(ALLY, {"FRANCE": ["F Nth-Nwy"], "GERMANY": ["F Nth-Hol"]})
    refused, moved = of_fleet(turn)
    assert (refused.power, refused.reason, refused.message) == (
        "GERMANY", Reason.NOT_YOURS, "F nth belongs to ENGLAND, not GERMANY")
    assert (moved.power, moved.outcome) == ("ENGLAND", Outcome.SUCCEEDS)
    assert "Germany:  F North Sea -> Holland. (*illegal" in report(turn, GERMANY)
    assert "Holland" not in report(turn, FRANCE)  # not a retreat: Germany's business


def test_a_controlled_neutral_retreats_within_its_area() -> None:
    turn = retreat(CONTROLLED, {"FRANCE": ["F Nth-Nwg"]})
    (moved,) = of_fleet(turn)
    assert (moved.power, moved.outcome) == ("ENGLAND", Outcome.SUCCEEDS)
    assert "England:  F North Sea -> Norwegian Sea.\n" in report(turn, GERMANY)


def test_a_controlled_neutrals_retreat_beyond_its_area_is_illegal() -> None:
    turn = retreat(CONTROLLED, {"FRANCE": ["F Nth-Nwy"]})
    refused, disbanded = of_fleet(turn)
    assert (refused.power, refused.outcome, refused.reason) == (
        "ENGLAND", Outcome.ILLEGAL, Reason.ILLEGAL)
    assert refused.message.endswith("not to nwy (Envoy 7)")
    assert (disbanded.power, disbanded.outcome) == ("ENGLAND", Outcome.SUCCEEDS)
    assert not [u for u in turn.position.units if u.power == "ENGLAND" and u.kind == "F"]
    assert "England:  F North Sea -> Norway. (*illegal" in report(turn, FRANCE)
    german = report(turn, GERMANY)
    assert "England:  F North Sea DISBAND.\n" in german and "Norway" not in german


def test_a_neutral_writes_no_retreat() -> None:
    turn = retreat(CONTROLLED, {"ENGLAND": ["F Nth-Nwg"]})
    refused, disbanded = of_fleet(turn)
    assert refused.reason == Reason.NOT_YOURS and "(Envoy 6)" in refused.message
    assert disbanded.power == "ENGLAND" and isinstance(disbanded.order, Disband)


def test_judge_adjudicate_lists_it_under_the_ally_and_records_the_writer() -> None:
    reply = ask({"phase": "S1914R", "units": units(*ALLY, "ENGLAND A lvp", "GERMANY F nth"),
                 "dislodged": [{"power": "ENGLAND", "type": "F", "loc": "nth",
                                "attacker_from": "hel"}],
                 "state": {"players": ["FRANCE", "GERMANY"]},
                 "orders": {"FRANCE": ["F Nth-Edi"]}})
    assert [(r["power"], r["order"], r["outcome"]) for r in reply["results"]] == [
        ("ENGLAND", "F Nth-Edi", "succeeds")]
    assert reply["state"]["writers"] == {"ENGLAND": "FRANCE"}
