"""The retreats a Stab Envoy reader is told (issue #13 item 3; docs/variants/envoy.md, 12b).

Worked out by hand: France's army in Burgundy is dislodged from Ruhr. Its neighbours are
Belgium, Gascony, Marseilles, Munich, Paris, Picardy and Ruhr. After the movement: France's
army stands in Marseilles; England's and Germany's units bounced in Picardy (two sides: told
to all, 12d); Germany's alone in Gascony; France's own in Belgium; Italy's, which France
ordered this turn, in Paris. Nothing is known of Munich.
"""

from __future__ import annotations

from judge.engine.outcome import Dislodgement
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from tests.variants.envoy.hidden import ENVOY
from variants.envoy.retreats import BOUNCES, told_retreats

ARMY = Unit("FRANCE", "A", "bur")
BOUNCED = {"pic": ["ENGLAND", "GERMANY"], "gas": ["GERMANY"], "bel": ["FRANCE"],
           "par": ["ITALY"]}
SIDE = {"ITALY": "FRANCE"}  # who ordered each neutral country in the movement


def told(viewer: str, seen: list[Unit]) -> tuple[str, ...]:
    position = Position(Phase.parse("F1914R"), (Unit("FRANCE", "A", "mar"),), {},
                        (Dislodgement(ARMY, "ruh", ("gas",)),), {BOUNCES: BOUNCED})
    (d,) = told_retreats(ENVOY.rules.geo, position, seen, viewer, SIDE)
    assert d.unit == ARMY and d.attacker_from == "ruh"
    return d.retreats


def test_the_owner_is_told_all_but_what_he_sees_and_the_bounces_told_to_him() -> None:
    # Not Marseilles (his army), Picardy (public), Belgium and Paris (his own), Ruhr.
    assert told("FRANCE", [Unit("FRANCE", "A", "mar")]) == ("gas", "mun")


def test_another_reader_knows_his_own_bounces_and_the_public_ones_only() -> None:
    # Not Picardy (public), Gascony (his own), Ruhr; he sees no army in Marseilles.
    assert told("GERMANY", []) == ("bel", "mar", "mun", "par")
