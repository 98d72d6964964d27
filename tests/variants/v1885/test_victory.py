"""1885-III's victories (issue #16 item 4; Victory Requirements, l.17-24), through `judge
adjudicate`: 24 centres alone at any time centres change hands; two powers with at least 34
together and 12 each, or three with at least 38 and 8 each, at the end of a Fall move,
which is September by default (game option `alliance_months`)."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.types import Phase
from judge.game.instance import variant_instance
from judge.variant_loader import load_variant
from tests.variants.v1885.adjudicate import ask

CENTRES = sorted(load_variant("1885").rules.geo.supply_centres)


def _deal(**counts: int) -> dict[str, list[str]]:
    """The first centres to the first power named, and so on; the rest one by one to the
    powers not named (at most 3 each: no third party to an alliance)."""
    left, dealt = list(CENTRES), {}
    for power, n in counts.items():
        dealt[power.upper()], left = left[:n], left[n:]
    others = [p for p in ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "SWEDEN", "TURKEY",
                          "ENGLAND", "FRANCE", "SPAIN") if p not in dealt]
    for i, centre in enumerate(left):
        dealt.setdefault(others[i % len(others)], []).append(centre)
    return dealt


def _end_of(month: str, centres: dict[str, list[str]]) -> dict[str, Any]:
    return ask({"phase": f"{month}1886M", "units": [], "centers": centres, "orders": {}})


def test_47_centres() -> None:
    assert len(CENTRES) == 47


def test_24_centres_win_alone_after_any_build_month() -> None:
    reply = _end_of("JUN", _deal(england=24, france=10))
    assert reply["winners"] == ["ENGLAND"]
    assert _end_of("JUN", _deal(england=23, france=10)).get("winners") in (None, [])


@pytest.mark.parametrize(("deal", "won"), [
    ({"england": 22, "france": 12}, ["ENGLAND", "FRANCE"]),       # 34, 12 each
    ({"england": 23, "france": 11}, []),                          # France under 12
    ({"england": 21, "france": 12}, []),                          # 33 together
    ({"england": 14, "france": 8, "spain": 16}, ["ENGLAND", "FRANCE", "SPAIN"]),  # 38
    ({"england": 15, "france": 7, "spain": 16}, []),              # France under 8
    ({"england": 13, "france": 8, "spain": 16}, []),              # 37 together
])
def test_alliances_at_the_end_of_september(deal: dict[str, int], won: list[str]) -> None:
    reply = _end_of("SEP", _deal(**deal))
    assert sorted(reply.get("winners") or []) == won


def test_no_alliance_at_the_end_of_june_by_default() -> None:
    assert not _end_of("JUN", _deal(england=22, france=12)).get("winners")
    assert not _end_of("DEC", _deal(england=22, france=12)).get("winners")


@pytest.mark.parametrize(("option", "months"), [
    ("sep", {"SEP"}), ("builds", {"MAR", "JUN", "SEP", "DEC"}), ("dec", {"DEC"})])
def test_the_option_names_the_months_whose_end_counts(option: str, months: set[str]) -> None:
    variant = variant_instance("1885", {"alliance_months": option}, 0)
    owners = {c: p for p, cs in _deal(england=22, france=12).items() for c in cs}
    won = {month for month in ("JAN", "MAR", "JUN", "AUG", "SEP", "NOV", "DEC")
           if variant.rules.victory(variant.rules, variant.start._replace(
               phase=Phase.parse(f"{month}1886R"), owners=owners))}
    assert won == months
