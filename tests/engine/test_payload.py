"""A unit's payload (issue #12 item 7): carried wherever the unit goes, stored and read back,
and never there for standard units, whose stored turns stay as they were."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.engine.codec import position_from_json, position_to_json, unit_from_json, unit_to_json
from judge.engine.orders import Move, Order, Retreat, Support
from judge.engine.turn import adjudicate
from judge.engine.types import Unit
from judge.variant_loader import load_variant

STANDARD = load_variant("standard")
ARMY = Unit("ENGLAND", "A", "lon")
CARRIER = Unit("ENGLAND", "F", "nth").carrying(aboard=ARMY, since=1901)


def test_facts_are_set_read_and_removed() -> None:
    assert CARRIER.carried("aboard") == ARMY and CARRIER.carried("since") == 1901
    assert CARRIER.payload == (("aboard", ARMY), ("since", 1901))  # sorted by name
    assert CARRIER.carrying(since=None).payload == (("aboard", ARMY),)
    assert CARRIER.carried("captor") is None
    assert Unit("ENGLAND", "F", "nth") != CARRIER  # what it carries is part of the unit


def test_a_moving_unit_keeps_its_payload() -> None:
    start = STANDARD.start._replace(units=(CARRIER, Unit("ENGLAND", "F", "lon")))
    turn = adjudicate(STANDARD.rules, start, {"ENGLAND": [Move("nth", "nwy", "F")]})
    assert Unit("ENGLAND", "F", "nwy").carrying(aboard=ARMY, since=1901) in \
        turn.position.units


def test_a_retreating_unit_keeps_its_payload() -> None:
    units = (CARRIER, Unit("GERMANY", "F", "hel"), Unit("GERMANY", "F", "den"))
    start = STANDARD.start._replace(units=units)
    attack: dict[str, list[Order]] = {
        "GERMANY": [Move("hel", "nth", "F"), Support("den", "hel", "nth", "F")]}
    after = adjudicate(STANDARD.rules, start, attack).position
    [dislodged] = after.dislodged
    assert dislodged.unit == CARRIER
    retreated = adjudicate(STANDARD.rules, after, {"ENGLAND": [Retreat("nth", "nwg", "F")]})
    assert CARRIER.moved("nwg") in retreated.position.units


def test_standard_units_are_stored_as_before() -> None:
    assert unit_to_json(Unit("FRANCE", "A", "par")) == \
        {"power": "FRANCE", "type": "A", "loc": "par"}


values = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8))
plain_units = st.builds(Unit, st.sampled_from(["FRANCE", "ITALY"]), st.sampled_from("AF"),
                        st.sampled_from(["par", "stp/nc", "nth"]))
facts = st.dictionaries(st.text(min_size=1, max_size=6),
                        st.one_of(values.filter(lambda v: v is not None), plain_units),
                        max_size=3)


@given(plain_units, facts)
def test_a_payload_round_trips_through_the_store(unit: Unit, carried: dict[str, object]) -> None:
    loaded = unit.carrying(**carried)  # type: ignore[arg-type]
    assert unit_from_json(unit_to_json(loaded)) == loaded
    position = STANDARD.start._replace(units=(loaded,))
    assert position_from_json(position_to_json(position)) == position
