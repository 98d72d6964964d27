"""Pictures by mail (issue #14): every turn report and start notice carries its reader's
picture, the PNG inline with a Content-ID and the same picture as SVG; a Stab Envoy player's
picture draws no unit he may not see."""

from __future__ import annotations

import io

from PIL import Image

from judge.pictures.png import svg_to_png
from tests.conversations.envoy.envoy_setup import ANN, BOB, envoy_game, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import play_holds
from tests.conversations.seating_helpers import MASTER, fill
from tests.conversations.seating_helpers import create as create_standard
from tests.pictures.mailed import legend, picture_parts, svg_source, units_drawn, wired

# Each power's units in the standard start, by kind.
START = {"AUSTRIA": {"A": 2, "F": 1}, "ENGLAND": {"A": 1, "F": 2}, "FRANCE": {"A": 2, "F": 1},
         "GERMANY": {"A": 2, "F": 1}, "ITALY": {"A": 2, "F": 1}, "RUSSIA": {"A": 2, "F": 2},
         "TURKEY": {"A": 2, "F": 1}}


def test_a_standard_report_carries_the_picture_inline_and_as_svg(talk: Conversation) -> None:
    create_standard(talk)
    players = fill(talk)
    svg_to_png.cache_clear()
    play_holds(talk, players, {"FRANCE": "A par-bur\nA mar H\nF bre-mao",
                               "GERMANY": "A mun-bur\nA ber H\nF kie H"})
    # The turn leaves the PNG to the sender (issue #18: judge/mail/outbound/drawn.py): no
    # PNG is drawn in the turn's transaction at all.
    assert (svg_to_png.cache_info().misses, svg_to_png.cache_info().hits) == (0, 0)

    pngs = set()
    for address in (MASTER, *(p.address for p in players.values())):
        [report] = wired(talk, address, "Spring 1901 Movement results")
        text, png, svg = picture_parts(report)
        assert text.get_content_type() == "text/plain"
        assert "A Paris -> Burgundy." in text.get_content()
        assert (png.get_content_type(), png.get_content_disposition(),
                png.get_filename()) == ("image/png", "inline", "alpha-S1901M.png")
        assert png["Content-ID"] == "<1." + str(report["Message-ID"]).strip("<>") + ">"
        assert (svg.get_content_type(), svg.get_content_disposition(),
                svg.get_filename()) == ("image/svg+xml", "attachment", "alpha-S1901M.svg")
        data = png.get_payload(decode=True)
        assert isinstance(data, bytes)
        pngs.add(data)
    # Standard Diplomacy hides nothing: every reader gets the same picture.
    [data] = pngs
    assert Image.open(io.BytesIO(data)).size == (1140, 888)
    source = svg_source(wired(talk, MASTER, "Spring 1901 Movement results")[0])
    assert "alpha: Spring 1901 Movement" in source
    # The bounce in Burgundy, dashed, and Brest's fleet arriving.
    assert 'data-order="A par - bur"' in source and 'data-order="A mun - bur"' in source
    assert 'data-order="F bre - mao"' in source
    assert units_drawn(source) == {(p, k): n for p, kinds in START.items()
                                   for k, n in kinds.items()}


def test_the_start_notice_carries_each_seats_picture(talk: Conversation) -> None:
    envoy_game(talk, hidden="stab")
    ann = svg_source(wired(talk, ANN, "the game has started")[0])
    master = svg_source(wired(talk, MASTER, "the game has started")[0])
    [notice] = wired(talk, ANN, "the game has started")
    _, png, _ = picture_parts(notice)
    assert (png.get_filename(), png.get_content_disposition()) == ("beta-start.png", "inline")
    assert "beta: before Winter 1913 Placement" in ann
    # Stab Envoy (12): Ann sees France's units only, the master every power's.
    assert set(units_drawn(ann)) == {("FRANCE", "A"), ("FRANCE", "F")}
    assert {p for p, _ in units_drawn(master)} == set(START)


def test_a_stab_envoy_picture_draws_only_what_its_reader_may_see(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    say(talk, players["FRANCE"], "F bre-mao\nA par h\nA mar h\nA ven h\nA rom h\nF nap h")
    say(talk, players["GERMANY"], "F kie-hel\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h")

    ann, bob, master = (svg_source(wired(talk, who, "Spring 1914 Movement results")[0])
                        for who in (ANN, BOB, MASTER))
    # Ann plays France with Italy as Major Ally; every Major Ally's armies and fleets are
    # public (12c), Austria's too; her own diplomats only (12b).
    assert {p for p, _ in units_drawn(ann)} == {"FRANCE", "ITALY", "AUSTRIA"}
    assert ("FRANCE", "D") in units_drawn(ann)
    assert not {k for p, k in units_drawn(ann) if p != "FRANCE"} & {"D"}
    assert 'data-order="F bre - mao"' in ann and "kie - hel" not in ann
    assert {p for p, _ in units_drawn(bob)} == {"GERMANY", "AUSTRIA", "ITALY"}
    assert "bre - mao" not in bob and 'data-order="F kie - hel"' in bob
    # The master's picture has both players' diplomats and every neutral's units.
    drawn = units_drawn(master)
    assert {("FRANCE", "D"), ("GERMANY", "D")} <= set(drawn)
    assert {p for p, _ in drawn} == set(START)
    # Ann knows her countries' centres only: the others' counts are not 0 but unknown.
    assert legend(ann) == {"AUSTRIA": "Austria ?", "ENGLAND": "England ?", "FRANCE": "France 3",
                           "GERMANY": "Germany ?", "ITALY": "Italy 3", "RUSSIA": "Russia ?",
                           "TURKEY": "Turkey ?"}
    assert legend(master)["GERMANY"] == "Germany 3" and legend(master)["RUSSIA"] == "Russia 4"
