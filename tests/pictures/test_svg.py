"""The SVG text: what it holds element by element, that it is the same bytes for the same
input, and that nothing outside its input gets into it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from judge.engine.orders import Move
from judge.engine.outcome import OrderResult, Outcome, Reason
from judge.engine.position import Position
from judge.engine.types import Unit
from judge.pictures import render_png, render_svg
from tests.pictures import scenarios

STANDARD = scenarios.STANDARD
NS = {"s": "http://www.w3.org/2000/svg"}


def tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def orders_drawn(root: ET.Element) -> dict[str, tuple[str, bool]]:
    """data-order -> (class, dashed) for each arrow line."""
    return {e.get("data-order", ""): (e.get("class", ""), e.get("stroke-dasharray") is not None)
            for e in root.iterfind(".//s:polyline", NS)}


def test_each_unit_is_one_symbol_with_its_power_and_kind() -> None:
    root = tree(render_svg(STANDARD, STANDARD.start, [], "Start"))
    drawn = sorted((g.get("data-power"), g.get("data-kind"))
                   for g in root.iterfind(".//s:g[@class='unit']", NS))
    assert drawn == sorted((u.power, u.kind) for u in STANDARD.start.units)
    assert len(drawn) == 22


def test_moves_supports_and_convoys_are_drawn_and_failures_dashed() -> None:
    position, events = scenarios.movement()
    drawn = orders_drawn(tree(render_svg(STANDARD, position, events, "F1901M")))
    assert drawn == {
        "F nth C A lon - nwy": ("convoy", False), "A lon - nwy": ("move", False),
        "F edi S F nth": ("support-hold", False), "A par - bur": ("move", False),
        "A mar S A par - bur": ("support", False), "A mun - bur": ("move", True),
        "F sev - bla": ("move", True), "F ank - bla": ("move", True),
        "A boh - tyr": ("move", False), "A ven S A boh - tyr": ("support", False),
    }  # A tyr H: a hold draws nothing


def test_a_dislodged_unit_with_its_retreat_options() -> None:
    position, events = scenarios.movement()
    root = tree(render_svg(STANDARD, position, events, "F1901M"))
    (moved,) = root.iterfind(".//s:g[@class='dislodged']", NS)
    assert (moved.get("data-power"), moved.get("data-kind")) == ("GERMANY", "A")
    options = {e.get("data-retreat") for e in root.iterfind(".//s:line", NS)}
    assert options == {"tyr pie", "tyr tri", "tyr vie"}


def test_an_illegal_order_is_not_drawn() -> None:
    unit = Unit("FRANCE", "A", "par")
    illegal = OrderResult("FRANCE", unit, Move("par", "mos"), "A par - mos", Outcome.ILLEGAL,
                          Reason.ILLEGAL)
    root = tree(render_svg(STANDARD, STANDARD.start, [illegal], "S1901M"))
    assert orders_drawn(root) == {}


def test_title_and_legend_with_centre_counts() -> None:
    position, events = scenarios.retreat()  # after the autumn: England owns nwy
    root = tree(render_svg(STANDARD, position, events, "Game <one> & W1901A"))
    (title,) = root.iterfind(".//s:text[@class='title']", NS)
    assert title.text == "Game <one> & W1901A"
    legend = {e.get("data-power"): e.text
              for e in root.iterfind(".//s:g[@class='legend']/s:text[@data-power]", NS)}
    assert legend == {"AUSTRIA": "Austria 3", "ENGLAND": "England 4", "FRANCE": "France 3",
                      "GERMANY": "Germany 3", "ITALY": "Italy 3", "RUSSIA": "Russia 4",
                      "TURKEY": "Turkey 3"}


def test_province_fill_follows_the_owner() -> None:
    owners = {**STANDARD.start.owners, "bel": "FRANCE"}
    root = tree(render_svg(STANDARD, STANDARD.start.with_board(STANDARD.start.units,
                                                               owners=owners), [], "x"))
    fills = {e.get("fill") for e in root.iterfind(".//s:path[@data-province='bel']", NS)}
    assert fills == {"#bde9ef"}  # France's tint in variants/standard/drawing/drawing.toml


def test_diplomats_stacked_in_one_space_show_their_count() -> None:
    position, events = scenarios.envoy()
    root = tree(render_svg(scenarios.ENVOY, position, events, "S1914M"))
    austrian = [g for g in root.iterfind(".//s:g[@class='unit']", NS)
                if g.get("data-power") == "AUSTRIA"]
    assert len(austrian) == 1
    assert [t.text for t in austrian[0].iterfind("s:text", NS)] == ["2"]
    assert orders_drawn(root) == {"F lon - nth": ("move", False),
                                  "D fra - ita": ("move", True)}


def test_same_input_same_bytes() -> None:
    position, events = scenarios.movement()
    again, events_again = scenarios.movement()
    assert render_svg(STANDARD, position, events, "t") == \
        render_svg(STANDARD, again, events_again, "t")
    assert render_png(STANDARD, position, events, "t") == \
        render_png(STANDARD, again, events_again, "t")


def test_only_the_given_board_is_drawn() -> None:
    """What the position does not hold is nowhere in the SVG, and what a viewer is not shown
    (a variant's state, here a secret seed) changes nothing."""
    position, _ = scenarios.movement()
    seen = tuple(u for u in position.units if u.power != "GERMANY")
    viewer = Position(position.phase, seen, position.owners, (), {"seed": "s3cret"})
    other = Position(position.phase, seen, position.owners, (), {"seed": "other"})
    svg = render_svg(STANDARD, viewer, [], "x")
    assert svg == render_svg(STANDARD, other, [], "x")
    assert "s3cret" not in svg
    for hiding in ("display", "visibility", "opacity", "<defs", "<use"):
        assert hiding not in svg  # no hidden layer, nothing drawn by reference
    root = tree(svg)
    assert {g.get("data-power") for g in root.iterfind(".//s:g[@data-kind]", NS)} == \
        {u.power for u in seen}


def test_a_build_is_ringed_and_a_removal_crossed() -> None:
    position, events = scenarios.adjustment()
    root = tree(render_svg(STANDARD, position, events, "W1901A"))
    (build,) = root.iterfind(".//s:circle[@class='build']", NS)
    assert (build.get("data-order"), build.get("stroke")) == ("A par B", "#1fa9bd")
    (removal,) = root.iterfind(".//s:path[@class='disband']", NS)
    assert (removal.get("data-order"), removal.get("stroke")) == ("A ruh D", "#555555")
    units = sorted((g.get("data-power"), g.get("data-kind"))
                   for g in root.iterfind(".//s:g[@class='unit']", NS))
    assert units == [("FRANCE", "A"), ("FRANCE", "A"), ("GERMANY", "A"), ("GERMANY", "A"),
                     ("GERMANY", "F")]  # the new A par in, A ruh gone
