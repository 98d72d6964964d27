"""1885-III's set-up choices (issue #16 item 2; l.9-15), through `judge adjudicate` and the
variant's visibility: the DECB1884C set-up turn takes `Build A|F Rom` from Italy, `Build
A|F StP|Sev` from Russia (one army, one fleet) and `Build A|F Osl` from Sweden; until the
January 1885 move is adjudicated, no other player sees those units or the choices."""

from __future__ import annotations

from judge.engine.orders import Build
from judge.engine.outcome import OrderResult, Outcome
from judge.engine.types import Phase
from judge.engine.visibility import Viewer, hides
from judge.variant_loader import load_variant
from tests.variants.v1885.adjudicate import ask, board, outcomes

VARIANT = load_variant("1885")


def _setup(orders: dict[str, list[str]]) -> set[str]:
    reply = ask({"phase": "DECB1884C", "orders": orders})
    assert reply["next_phase"] == "JAN1885M"
    return board(reply)


def test_the_choices_set_the_units_types() -> None:
    units = _setup({"ITALY": ["Build F Rom"], "RUSSIA": ["Build A Sev"],
                    "SWEDEN": ["Build F Osl"]})
    assert {"ITALY F rom", "RUSSIA A sev", "RUSSIA F stp", "SWEDEN F osl"} <= units
    assert len(units) == 31  # the rules' 31 starting units


def test_russia_choosing_st_petersburg_a_fleet_makes_sevastopol_an_army() -> None:
    assert {"RUSSIA F stp", "RUSSIA A sev"} <= _setup({"RUSSIA": ["Build F StP"]})


def test_no_choice_leaves_the_default_units() -> None:
    units = _setup({})
    assert {"ITALY A rom", "RUSSIA A stp", "RUSSIA F sev", "SWEDEN A osl"} <= units


def test_a_choice_elsewhere_or_by_another_power_is_refused() -> None:
    reply = ask({"phase": "DECB1884C",
                 "orders": {"ITALY": ["Build F Ven"], "AUSTRIA": ["Build F Vie"]}})
    assert [o[2] for o in outcomes(reply)] == ["illegal", "illegal"]
    assert "ITALY A ven" in board(reply)


def test_only_the_three_owe_a_choice() -> None:
    handler = VARIANT.rules.handler(VARIANT.start.phase)
    owed = {p: handler.owed(VARIANT.rules, VARIANT.start, p, ()) for p in VARIANT.rules.powers}
    assert {p for p, o in owed.items() if o} == {"ITALY", "RUSSIA", "SWEDEN"}
    assert handler.owed(VARIANT.rules, VARIANT.start, "ITALY", (Build("rom", "F"),)) == ()


def test_others_do_not_see_the_undetermined_units_before_the_first_move() -> None:
    visibility, start = VARIANT.rules.visibility, VARIANT.start
    january = start._replace(phase=Phase.parse("JAN1885M"))
    february = start._replace(phase=Phase.parse("FEB1885M"))
    for position in (start, january):
        seen = {(u.power, u.loc) for u in visibility.board(position, Viewer.player("AUSTRIA"))
                .units}
        assert ("ITALY", "rom") not in seen and ("RUSSIA", "sev") not in seen
        assert ("ITALY", "ven") in seen and ("AUSTRIA", "vie") in seen
        own = visibility.board(position, Viewer.player("ITALY")).units
        assert any(u.loc == "rom" for u in own) and not any(u.loc == "osl" for u in own)
        assert visibility.board(position, Viewer.master()) == position
        assert hides(visibility, position, Viewer.player("AUSTRIA"))
    assert visibility.board(february, Viewer.player("AUSTRIA")) == february
    assert not hides(visibility, february, Viewer.player("AUSTRIA"))


def test_a_choice_s_result_is_shown_to_its_player_and_the_master_only() -> None:
    reply = ask({"phase": "DECB1884C", "orders": {"ITALY": ["Build F Rom"]}})
    assert reply["results"][0]["reason"] == "set-up choice"
    result = OrderResult("ITALY", None, Build("rom", "F"), "", Outcome.SUCCEEDS, None,
                         "set-up choice")
    visibility = VARIANT.rules.visibility
    assert visibility.project([result], Viewer.player("AUSTRIA")) == ()
    assert visibility.project([result], Viewer.observer()) == ()
    assert visibility.project([result], Viewer.player("ITALY")) == (result,)
    assert visibility.project([result], Viewer.master()) == (result,)
