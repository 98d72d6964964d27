"""Issue #11, items 13 and 19, by mail: a report marks what nobody ordered (a unit's hold,
a power that sent nothing, a build waived, a removal the rules chose), and lists each
power's units in one fixed order, by province name, whatever order the orders came in."""

from __future__ import annotations

from judge.engine.codec import position_to_json
from judge.engine.position import Position
from judge.engine.types import Phase, Unit
from judge.variant_loader import load_variant
from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import Table, change_open_turn, no_errors


def _report(table: Table, power: str) -> Mail:
    [report] = [m for m in table.talk.mails_to(table.address(power))
                if m.subject.endswith(" results")]
    return report


def test_a_movement_report_marks_every_unit_nobody_ordered(talk: Conversation) -> None:
    table = Table.started(talk)
    # France writes its orders in no particular order and leaves two units out; Russia
    # orders two of four; Germany sends nothing at all.
    no_errors(table.player("FRANCE", "A par-bur"))
    no_errors(table.player("RUSSIA", "A war H\nF sev-bla"))
    no_errors(table.master("PROCESS"))
    body = _report(table, "ITALY").body
    assert ("France:   F Brest HOLD (no order).\n"
            "France:   A Marseilles HOLD (no order).\n"
            "France:   A Paris -> Burgundy.\n\n") in body
    assert ("Germany:  No orders received.\n"
            "Germany:  A Berlin HOLD (no order).\n"
            "Germany:  F Kiel HOLD (no order).\n"
            "Germany:  A Munich HOLD (no order).\n\n") in body
    # An order to hold is an order: Warsaw is not marked.
    assert ("Russia:   A Moscow HOLD (no order).\n"
            "Russia:   F Sevastopol -> Black Sea.\n"
            "Russia:   F St Petersburg (sc) HOLD (no order).\n"
            "Russia:   A Warsaw HOLD.\n\n") in body
    # Nobody missed a deadline: the master processed the turn before it.
    assert "Missed the deadline" not in body


def test_units_are_listed_by_province_whatever_order_they_were_ordered_in(
        talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.player("ENGLAND", "A lvp-yor\nF lon-nth\nF edi-nwg"))
    no_errors(table.player("TURKEY", "A smy-arm\nA con-bul\nF ank-bla"))
    no_errors(table.master("PROCESS"))
    for power in ("ENGLAND", "FRANCE", "TURKEY"):
        body = _report(table, power).body
        assert ("England:  F Edinburgh -> Norwegian Sea.\n"
                "England:  A Liverpool -> Yorkshire.\n"
                "England:  F London -> North Sea.\n") in body
        assert ("Turkey:   F Ankara -> Black Sea.\n"
                "Turkey:   A Constantinople -> Bulgaria.\n"
                "Turkey:   A Smyrna -> Armenia.\n") in body


def _winter(table: Table) -> None:
    """The open turn becomes Winter 1901 with France and Turkey owed a build (Turkey has no
    free home centre), Germany one (Berlin free) and Russia a removal (Sevastopol lost to
    Turkey, its fleet still there)."""
    standard = load_variant("standard")
    units = [Unit(power, kind, loc) for power, kind, loc in (u.split() for u in (
        "FRANCE A bur", "FRANCE A spa", "FRANCE F bre", "GERMANY A mun", "GERMANY F kie",
        "RUSSIA A mos", "RUSSIA A war", "RUSSIA F sev", "RUSSIA F stp/sc",
        "TURKEY F ank", "TURKEY A con", "TURKEY A smy",
        "AUSTRIA A vie", "AUSTRIA A bud", "AUSTRIA F tri", "ENGLAND F lon", "ENGLAND F edi",
        "ENGLAND A lvp", "ITALY A rom", "ITALY A ven", "ITALY F nap"))]
    owners = {**standard.start.owners, "spa": "FRANCE", "sev": "TURKEY"}
    position = Position(Phase.parse("W1901A"), tuple(units), owners)
    change_open_turn(table, phase="W1901A", position_before=position_to_json(position))


def test_an_adjustment_report_marks_waived_builds_and_the_judges_removals(
        talk: Conversation) -> None:
    table = Table.started(talk)
    _winter(table)
    no_errors(table.player("GERMANY", "Build A ber"))
    no_errors(table.master("PROCESS"))
    body = _report(table, "AUSTRIA").body
    # France (4 centres, 3 units) and Turkey (4 and 3) sent nothing: each build is waived
    # for want of an order. Russia (3 centres, 4 units) sent nothing: the civil disorder
    # rule removes the unit farthest from its centres, the fleet on Turkey's Sevastopol
    # (one step from Moscow; the others stand on Russian centres).
    assert ("France:   No orders received.\n"
            "France:   (1 build waived: no order)\n\n"
            "Germany:  BUILD A Berlin.\n\n"
            "Russia:   No orders received.\n"
            "Russia:   F Sevastopol REMOVE (removed by the judge: no order).\n\n"
            "Turkey:   No orders received.\n"
            "Turkey:   (1 build waived: no order)\n\n") in body
    assert "civil disorder" not in body  # the rule's own name, no longer a result tag
