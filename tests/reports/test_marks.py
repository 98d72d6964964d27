"""The marks of what nobody ordered, through each viewer's projection (issue #11, item 13):
a unit the viewer cannot see is never marked, and a power is said to have sent nothing only
to a viewer who sees everything it could have ordered, and in a game that hides things from
him, to its own player only."""

from __future__ import annotations

from judge.engine.codec import event_from_json, event_to_json
from judge.engine.outcome import Adjustment, OrderResult
from judge.engine.standard_types import STANDARD
from judge.engine.visibility import Viewer
from judge.reports import render_report
from tests.reports import scenarios
from tests.variants.envoy.hidden import ENVOY, FRANCE, GERMANY, play, report

# Secret Envoy (rule 11): armies and fleets are public, a player's diplomats his own.
UNITS = ["FRANCE A par", "FRANCE D spa", "GERMANY A mun"]


def test_a_hidden_unit_nobody_ordered_is_marked_for_its_owner_only() -> None:
    turn = play("S1914M", UNITS, {"FRANCE": [], "GERMANY": ["A Mun-Ruh"]}, "secret")
    french, german = report(turn, FRANCE), report(turn, GERMANY)
    assert "France:   No orders received.\n" in french
    assert "France:   A Paris HOLD (no order).\n" in french
    assert "France:   D Spain HOLD (no order).\n" in french
    # Germany sees the army, marked, but not the diplomat; and since he does not see all
    # France might have ordered, he is not told France sent nothing.
    assert "France:   A Paris HOLD (no order).\n" in german
    assert "Spain" not in german
    assert "No orders received" not in german


def test_a_power_seen_whole_is_said_to_have_sent_nothing() -> None:
    turn = play("S1914M", ["FRANCE A par", "GERMANY A mun"],
                {"FRANCE": [], "GERMANY": ["A Mun-Ruh"]}, "none")
    assert "France:   No orders received.\nFrance:   A Paris HOLD (no order).\n" in \
        report(turn, GERMANY)


def test_a_hiding_game_tells_no_other_player_he_sent_nothing() -> None:
    """Secret Envoy: France has no diplomat, so Germany sees all France could order, but
    whether France has one is hidden (11): told here and not with one, the silence would
    tell it (issue #13). France is told; the army's own mark is public."""
    turn = play("S1914M", ["FRANCE A par", "GERMANY A mun"],
                {"FRANCE": [], "GERMANY": ["A Mun-Ruh"]}, "secret")
    assert "France:   No orders received.\n" in report(turn, FRANCE)
    german = report(turn, GERMANY)
    assert "No orders received" not in german
    assert "France:   A Paris HOLD (no order).\n" in german


def test_the_marks_survive_the_stored_form_of_a_turn() -> None:
    """HISTORY renders stored turns: the flags must come back from the JSON."""
    events = (*scenarios.spring().events, *scenarios.winter().events)
    back = tuple(event_from_json(STANDARD, event_to_json(STANDARD, e)) for e in events)
    assert back == events
    assert any(isinstance(e, OrderResult) and e.unordered for e in back)
    assert any(isinstance(e, Adjustment) and e.waived for e in back)


def test_older_stored_events_read_as_ordered() -> None:
    """A turn stored before the flags existed has no 'unordered' or 'waived' keys."""
    result = event_from_json(STANDARD, {"event": "result", "power": "FRANCE", "unit": None,
                              "order": None, "text": "", "outcome": "succeeds",
                              "reason": None, "message": "", "dislodged": False})
    adjustment = event_from_json(STANDARD, {"event": "adjustment", "power": "FRANCE", "count": 1})
    assert isinstance(result, OrderResult) and not result.unordered
    assert adjustment == Adjustment("FRANCE", 1, 0)


def test_every_viewer_of_a_public_game_reads_the_same_marks() -> None:
    texts = {name: render_report(scenarios.standard(), scenarios.spring(), viewer)
             for name, viewer in (
        ("player", Viewer.player("FRANCE")), ("observer", Viewer.observer()),
        ("master", Viewer.master()))}
    bodies = {name: text.split("\n", 3)[3] for name, text in texts.items()}
    assert bodies["player"] == bodies["observer"] == bodies["master"]
    assert "Russia:   No orders received.\n" in bodies["player"]


def test_a_late_power_is_named_only_to_readers_who_see_all_its_units() -> None:
    """Stab Envoy (rule 12): a player sees his own side only, so he is not told that a
    power whose units he cannot see was late, as LIST does not tell him either."""
    turn = play("S1914M", ["FRANCE A par", "GERMANY A mun"], {"FRANCE": [], "GERMANY": []},
                "stab")
    assert "Missed the deadline: France.\n" in render_report(
        ENVOY, turn, FRANCE, late=["FRANCE"])
    assert "Missed the deadline" not in render_report(ENVOY, turn, GERMANY, late=["FRANCE"])
    assert "Missed the deadline: France, Germany.\n" in render_report(
        ENVOY, turn, Viewer.master(), late=["GERMANY", "FRANCE"])
