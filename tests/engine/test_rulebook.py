"""Each rule choice that is a setting gives the other edition's answer when changed."""

from __future__ import annotations

from judge.engine.orders import Build, Convoy, Hold, Move, Order, Support
from judge.engine.position import Position
from judge.engine.rulebook import (
    AdjacentConvoy,
    BuildSites,
    ConvoyDisruption,
    DuplicateOrders,
    ParadoxRule,
    RemovalDistance,
)
from judge.engine.turn import TurnResult, adjudicate
from judge.engine.types import Phase, Unit
from judge.variant import with_rulebook
from judge.variant_loader import load_variant

V = load_variant("standard")


def _play(choices: dict[str, object], phase: str, units: list[tuple[str, str, str]],
          orders: dict[str, list[Order]], owners: dict[str, str] | None = None) -> TurnResult:
    variant = with_rulebook(V, **choices) if choices else V
    board = Position(Phase.parse(phase), tuple(Unit(*u) for u in units), owners or {})
    return adjudicate(variant.rules, board, orders)


def _units(turn: TurnResult) -> set[str]:
    return {str(u) for u in turn.position.units}


def test_multi_route_convoy_disruption() -> None:
    """DATC 6.F.10's board: one of two routes is broken."""
    units = [("ENGLAND", "A", "lon"), ("ENGLAND", "F", "eng"), ("ENGLAND", "F", "nth"),
             ("FRANCE", "F", "bre"), ("FRANCE", "F", "mao")]
    orders: dict[str, list[Order]] = {
        "ENGLAND": [Move("lon", "bel"), Convoy("eng", "lon", "bel"), Convoy("nth", "lon", "bel")],
        "FRANCE": [Support("bre", "mao", "eng"), Move("mao", "eng")],
    }
    assert "A bel" in _units(_play({}, "S1901M", units, orders))  # 2000 rules, DATC 4.A.1 b
    old = _play({"convoy_disruption": ConvoyDisruption.ANY_ROUTE}, "S1901M", units, orders)
    assert "A lon" in _units(old)  # 1971 rules


def test_adjacent_convoy_by_own_fleet_or_only_via() -> None:
    """DATC 6.G.1: a swap by convoy with one's own fleet, without 'via convoy'."""
    units = [("ENGLAND", "A", "nwy"), ("ENGLAND", "F", "ska"), ("RUSSIA", "A", "swe")]
    orders: dict[str, list[Order]] = {
        "ENGLAND": [Move("nwy", "swe"), Convoy("ska", "nwy", "swe")],
        "RUSSIA": [Move("swe", "nwy")],
    }
    assert {"A swe", "A nwy"} <= _units(_play({}, "S1901M", units, orders))
    dptg = _play({"adjacent_convoy": AdjacentConvoy.VIA_ONLY}, "S1901M", units, orders)
    assert [str(u) for u in dptg.position.units if u.power == "RUSSIA"] == ["A swe"]


def test_kidnapping_an_army_under_the_1971_rules() -> None:
    """DATC 6.G.2: "If the 1971 rulebook is used, then the army in Norway is kidnapped and
    swaps with the army in Sweden. In all other rulebooks ... the armies fail to move."
    4.A.3: by the 1971 rules the convoy route counts only when the unit at the destination
    moves the opposite way, so 6.G.3's convoy (nobody moves back) leaves the land route."""
    units = [("ENGLAND", "A", "nwy"), ("RUSSIA", "F", "swe"), ("GERMANY", "F", "ska")]
    orders: dict[str, list[Order]] = {
        "ENGLAND": [Move("nwy", "swe")], "RUSSIA": [Move("swe", "nwy")],
        "GERMANY": [Convoy("ska", "nwy", "swe")],
    }
    assert _units(_play({}, "S1901M", units, orders)) == {"A nwy", "F swe", "F ska"}
    old = _play({"adjacent_convoy": AdjacentConvoy.RULE_1971}, "S1901M", units, orders)
    assert _units(old) == {"A swe", "F nwy", "F ska"}
    # 6.G.3's shape: the army moves by land, and is supported there as by land.
    units = [("FRANCE", "A", "pic"), ("FRANCE", "A", "bur"), ("ENGLAND", "F", "eng"),
             ("GERMANY", "A", "bel")]
    orders = {"FRANCE": [Move("pic", "bel"), Support("bur", "pic", "bel")],
              "ENGLAND": [Convoy("eng", "pic", "bel")], "GERMANY": [Hold("bel")]}
    land = _play({"adjacent_convoy": AdjacentConvoy.RULE_1971}, "S1901M", units, orders)
    assert "A bel" in _units(land) and [str(d.unit) for d in land.position.dislodged] == ["A bel"]


def test_paradox_szykman_or_all_hold() -> None:
    """DATC 6.F.14, the simple convoy paradox: by the Szykman rule the convoy fails and the
    Channel's fleet is dislodged; by the All Hold rule (DATC 4.A.2) every order of the
    paradox fails, so every unit stands where it was."""
    units = [("ENGLAND", "F", "lon"), ("ENGLAND", "F", "wal"), ("FRANCE", "A", "bre"),
             ("FRANCE", "F", "eng")]
    orders: dict[str, list[Order]] = {
        "ENGLAND": [Support("lon", "wal", "eng"), Move("wal", "eng")],
        "FRANCE": [Move("bre", "lon"), Convoy("eng", "bre", "lon")],
    }
    szykman = _play({}, "S1901M", units, orders)
    assert _units(szykman) == {"F lon", "F eng", "A bre"}
    assert [str(d.unit) for d in szykman.position.dislodged] == ["F eng"]
    held = _play({"paradox": ParadoxRule.ALL_HOLD}, "S1901M", units, orders)
    assert _units(held) == {"F lon", "F wal", "A bre", "F eng"}
    assert not held.position.dislodged


def test_paradox_by_the_1971_rule() -> None:
    """DATC 6.F.17, Pandin's extended paradox: by the Szykman rule the convoy fails and
    nobody is dislodged; by the 1971 rule (XII.5) the army does not cut London's support
    of the attack on its convoying fleet, which stands, and the army dislodges London."""
    units = [("ENGLAND", "F", "lon"), ("ENGLAND", "F", "wal"), ("FRANCE", "A", "bre"),
             ("FRANCE", "F", "eng"), ("FRANCE", "F", "yor"), ("GERMANY", "F", "nth"),
             ("GERMANY", "F", "bel")]
    orders: dict[str, list[Order]] = {
        "ENGLAND": [Support("lon", "wal", "eng"), Move("wal", "eng")],
        "FRANCE": [Move("bre", "lon"), Convoy("eng", "bre", "lon"),
                   Support("yor", "bre", "lon")],
        "GERMANY": [Support("nth", "bel", "eng"), Move("bel", "eng")],
    }
    assert not _play({}, "S1901M", units, orders).position.dislodged
    old = _play({"paradox": ParadoxRule.RULE_1971}, "S1901M", units, orders)
    assert [str(d.unit) for d in old.position.dislodged] == ["F lon"]
    assert "A lon" in _units(old)


def test_civil_disorder_distance_from_owned_or_home_centres() -> None:
    """DATC 4.D.8: Italy owns Naples and Tunis, not Rome or Venice, and must remove one of
    three units: by the 2023 rules the one farthest from an owned centre (A Venice, two
    moves from Naples), by the 1971 rules from a home centre (F Tunis, two from Naples)."""
    units = [("ITALY", "F", "tun"), ("ITALY", "A", "ven"), ("ITALY", "F", "nap")]
    owners = {"nap": "ITALY", "tun": "ITALY", "rom": "FRANCE", "ven": "FRANCE"}
    now = _play({}, "W1901A", units, {}, owners)
    assert _units(now) == {"F tun", "F nap"}
    old = _play({"removal_distance": RemovalDistance.HOME}, "W1901A", units, {}, owners)
    assert _units(old) == {"A ven", "F nap"}


def test_two_orders_for_one_unit() -> None:
    units = [("FRANCE", "A", "par")]
    orders: dict[str, list[Order]] = {"FRANCE": [Move("par", "bur"), Move("par", "pic")]}
    assert _units(_play({}, "S1901M", units, orders)) == {"A par"}  # DATC 4.D.3 c
    last = _play({"duplicate_orders": DuplicateOrders.LAST}, "S1901M", units, orders)
    assert _units(last) == {"A pic"}


def test_build_sites() -> None:
    units = [("FRANCE", "A", "par")]
    owners = {"par": "FRANCE", "bel": "FRANCE"}
    orders: dict[str, list[Order]] = {"FRANCE": [Build("bel", "A")]}
    assert _units(_play({}, "W1901A", units, orders, owners)) == {"A par"}  # DATC 6.I.6
    anywhere = _play({"build_sites": BuildSites.ANY_OWNED}, "W1901A", units, orders, owners)
    assert _units(anywhere) == {"A par", "A bel"}


def test_retreat_to_the_convoyed_attackers_origin() -> None:
    """DATC 6.H.11 / 4.A.5: after a convoy from an adjacent province."""
    units = [("FRANCE", "A", "gas"), ("FRANCE", "A", "bur"), ("FRANCE", "F", "mao"),
             ("FRANCE", "F", "wes"), ("FRANCE", "F", "lyo"), ("ITALY", "A", "mar")]
    orders: dict[str, list[Order]] = {
        "FRANCE": [Move("gas", "mar", via_convoy=True), Support("bur", "gas", "mar"),
                   Convoy("mao", "gas", "mar"), Convoy("wes", "gas", "mar"),
                   Convoy("lyo", "gas", "mar")],
        "ITALY": [Hold("mar")],
    }
    (d,) = _play({}, "S1901M", units, orders).position.dislodged
    assert "gas" in d.retreats
    (d,) = _play({"retreat_to_convoy_origin": False}, "S1901M", units, orders).position.dislodged
    assert "gas" not in d.retreats
