"""Who may support a move out of the High Ocean Box (shared/rules/1885-iii.txt l.101-104):
"A Fleet within the Box may support another Fleet within the Box attempting to move into
an adjacent sea space. Similarly a Fleet in an adjacent sea space may also support another
Fleet within the Box attempting to move into an adjacent sea space." Whether that second
fleet must also touch the sea the move goes to (the 1971 rules' supporter) or only the
Box, the text leaves open: the option `box_support_from` (docs/variants/1885-iii.md)."""

from __future__ import annotations

import pytest

from judge.engine.outcome import Outcome
from judge.game.instance import variant_instance

from .adjudicate import ask, board, units
from .board import V1885, dislodged, move, result, standing

# Spain's fleet leaves the Box for the Mid-Atlantic, held by England; Spain's fleet in the
# Indian Ocean, next to the Box but not to the Mid-Atlantic, supports it.
FROM_INDIA = (["SPAIN F hob", "SPAIN F ind", "ENGLAND F mao"],
              {"SPAIN": ["F Hob - Mao", "F Ind S F Hob - Mao"], "ENGLAND": ["F Mao H"]})


def test_by_default_the_supporter_must_reach_the_sea_the_move_goes_to() -> None:
    # box_support_from=reach: the Indian Ocean does not touch the Mid-Atlantic, so the
    # support is refused and Spain bounces (1 against 1).
    out = move(V1885, *FROM_INDIA)
    assert result(out, "SPAIN", "loc='ind'").outcome == Outcome.ILLEGAL
    assert standing(out) == {"SPAIN F hob", "SPAIN F ind", "ENGLAND F mao"}


def test_a_fleet_beside_both_supports_under_either_reading() -> None:
    # The South Atlantic touches the Box and the Mid-Atlantic: 2 against 1.
    out = move(V1885, ["SPAIN F hob", "SPAIN F sao", "ENGLAND F mao"],
               {"SPAIN": ["F Hob - Mao", "F Sao S F Hob - Mao"], "ENGLAND": ["F Mao H"]})
    assert set(dislodged(out)) == {"ENGLAND F mao"}


def test_box_side_lets_any_sea_next_to_the_box_support_its_move_out() -> None:
    # box_support_from=box_side: "adjacent" of the Box, as in the sentence before:
    # 2 against 1, England's fleet is dislodged and may not retreat into the Box.
    side = variant_instance("1885", {"box_support_from": "box_side"}, 0)
    out = move(side, *FROM_INDIA)
    assert standing(out) == {"SPAIN F mao", "SPAIN F ind"}
    gone = dislodged(out)["ENGLAND F mao"]
    assert "hob" not in gone.retreats


def test_box_side_keeps_the_supporter_of_the_1971_rules() -> None:
    # The Irish Sea touches the Mid-Atlantic but not the Box: its support stands under
    # box_side too, as the 1971 rules' (it reaches the sea moved to): 2 against 1.
    side = variant_instance("1885", {"box_support_from": "box_side"}, 0)
    out = move(side, ["SPAIN F hob", "SPAIN F iri", "ENGLAND F mao"],
               {"SPAIN": ["F Hob - Mao", "F Iri S F Hob - Mao"], "ENGLAND": ["F Mao H"]})
    assert set(dislodged(out)) == {"ENGLAND F mao"}


@pytest.mark.parametrize(("state", "spain"), [({}, {"SPAIN F hob", "SPAIN F ind"}),
                                              ({"box_support_from": "box_side"},
                                               {"SPAIN F mao", "SPAIN F ind"})])
def test_judge_adjudicate_takes_the_reading_from_the_requests_state(
        state: dict[str, str], spain: set[str]) -> None:
    reply = ask({"phase": "JAN1885M", "units": units(*FROM_INDIA[0]), "orders": FROM_INDIA[1],
                 "state": state})
    assert {u for u in board(reply) if u.startswith("SPAIN")} == spain
