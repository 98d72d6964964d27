"""A fast-ferried army that cannot land and the province it left (shared/rules/1885-iii.txt
l.34-39): "If a fleet attempts to FF an army, but is unable to disembark the army, then the
army remains on board the fleet and an A/F is formed." Whether the army stood in its
province during the month (the ferry is "a convoy as described in the Diplomacy rulebook",
whose army stays where it was when its move fails) or was aboard all month ("remains on
board"), the text leaves open: the option `ferry_bounce` (docs/variants/1885-iii.md).
Predicted from the text before they were run."""

from __future__ import annotations

import pytest

from judge.game.instance import variant_instance

from .adjudicate import ask, board, units
from .board import V1885, dislodged, move, standing

ABOARD = variant_instance("1885", {"ferry_bounce": "aboard"}, 0)

# England ferries London's army to Belgium, which France holds: it cannot land. France's
# army in Wales moves on London at the same time.
FERRY = ["ENGLAND A lon", "ENGLAND F eng", "FRANCE A bel", "FRANCE A wal"]
FERRY_ORDERS = {"ENGLAND": ["A Lon - Bel", "F Eng C A Lon - Bel"], "FRANCE": ["A Wal - Lon"]}
SUPPORTED = {"ENGLAND": FERRY_ORDERS["ENGLAND"],
             "FRANCE": ["A Wal - Lon", "A Yor S A Wal - Lon"]}


def test_by_default_the_army_stands_in_london_for_the_month() -> None:
    # ferry_bounce=stands: the army's move fails, so it holds London (1 against 1) and
    # France bounces; after the month it is aboard the Channel's fleet (l.37-39).
    out = move(V1885, FERRY, FERRY_ORDERS)
    assert standing(out) == {"ENGLAND AF eng", "FRANCE A bel", "FRANCE A wal"}


def test_by_default_a_stronger_attack_dislodges_it_in_london() -> None:
    # 2 against 1 in London: dislodged there, so no A/F is formed; it may retreat onto
    # its fleet (l.72-73).
    out = move(V1885, [*FERRY, "FRANCE A yor"], SUPPORTED)
    assert set(dislodged(out)) == {"ENGLAND A lon"}
    assert dislodged(out)["ENGLAND A lon"].retreats == ("eng",)
    assert "ENGLAND F eng" in standing(out)


def test_aboard_leaves_london_empty_for_the_month() -> None:
    # ferry_bounce=aboard: the army was on board all month, so France's unsupported army
    # walks into an empty London.
    out = move(ABOARD, FERRY, FERRY_ORDERS)
    assert standing(out) == {"ENGLAND AF eng", "FRANCE A bel", "FRANCE A lon"}
    assert not dislodged(out)


def test_aboard_the_army_is_never_dislodged_in_london() -> None:
    out = move(ABOARD, [*FERRY, "FRANCE A yor"], SUPPORTED)
    assert not dislodged(out)
    assert standing(out) == {"ENGLAND AF eng", "FRANCE A bel", "FRANCE A lon",
                             "FRANCE A yor"}


def test_aboard_its_own_country_may_follow_it_into_london() -> None:
    # No unit stays in London to be dislodged by its own country (DATC 6.D.10 applies to a
    # unit there): York's army enters.
    out = move(ABOARD, ["ENGLAND A lon", "ENGLAND F eng", "FRANCE A bel", "ENGLAND A yor"],
               {"ENGLAND": ["A Lon - Bel", "F Eng C A Lon - Bel", "A Yor - Lon"]})
    assert standing(out) == {"ENGLAND AF eng", "FRANCE A bel", "ENGLAND A lon"}


def test_aboard_a_disrupted_ferry_leaves_the_army_home() -> None:
    # The Channel's fleet dislodged: the ferry carried nobody (the page's reading), the
    # army stays in London and holds it against Wales (1 against 1).
    out = move(ABOARD, [*FERRY, "FRANCE F bre", "FRANCE F mao"],
               {"ENGLAND": FERRY_ORDERS["ENGLAND"],
                "FRANCE": ["A Wal - Lon", "F Bre - Eng", "F Mao S F Bre - Eng"]})
    assert "ENGLAND A lon" in standing(out) and "FRANCE A wal" in standing(out)
    assert set(dislodged(out)) == {"ENGLAND F eng"}


@pytest.mark.parametrize(("state", "london"), [({}, "FRANCE A wal"),
                                               ({"ferry_bounce": "aboard"}, "FRANCE A lon")])
def test_judge_adjudicate_takes_the_reading_from_the_requests_state(
        state: dict[str, str], london: str) -> None:
    reply = ask({"phase": "JAN1885M", "units": units(*FERRY), "orders": FERRY_ORDERS,
                 "state": state})
    assert london in board(reply) and "ENGLAND AF eng" in board(reply)
