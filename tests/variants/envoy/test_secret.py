"""Secret Envoy (rule 11): armies and fleets are public; a diplomat's moves and place only
reach its owner, unless it came into contact with the other player's diplomats.

Diplomat neighbours (docs/variants/envoy.md): fra borders bel, eng, ger, ita, lyo, mao,
spa; ger borders aus, bal, bel, den, fra, hel, hol, rus; bel borders eng, fra, ger, hol;
hol borders bel, den, ger; eng borders bel, fra.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from judge.engine.outcome import Outcome, Reason
from judge.engine.visibility import Viewer
from judge.reports import render_report
from judge.variant_loader import load_variant_folder
from tests.variants.envoy.hidden import (
    ENVOY,
    FRANCE,
    GERMANY,
    board_units,
    play,
    report,
    results,
    sighted,
)

QUIET = {"FRANCE": ["D Fra-Spa", "A Par-Bur"], "GERMANY": ["D Ger-Den", "A Mun-Ruh"]}
QUIET_UNITS = ["FRANCE D fra", "FRANCE A par", "GERMANY D ger", "GERMANY A mun"]


def test_diplomats_out_of_contact_reach_only_their_owner() -> None:
    turn = play("S1914M", QUIET_UNITS, QUIET, "secret")
    german, french = report(turn, GERMANY), report(turn, FRANCE)
    # Armies are public (11): each sees the other's army move.
    assert "France:   A Paris -> Burgundy." in german
    assert "Germany:  A Munich -> Ruhr." in french
    # Diplomats are not: the French diplomat's move and new place appear nowhere.
    assert "Spain" not in german and "D France" not in german
    assert "Denmark" not in french and "D Germany" not in french
    assert "Germany:  D Germany -> Denmark." in german
    assert set(results(turn, GERMANY)) == {"FRANCE A par", "GERMANY A mun", "GERMANY D ger"}
    assert board_units(turn, GERMANY) == {"FRANCE A bur", "GERMANY A ruh", "GERMANY D den"}


def test_a_standoff_between_diplomats_is_a_contact_both_see() -> None:
    turn = play("S1914M", ["FRANCE D bel", "FRANCE D fra", "GERMANY D ger"],
                {"FRANCE": ["D Bel-Hol", "D Fra-Spa"], "GERMANY": ["D Ger-Hol"]}, "secret")
    for viewer in (FRANCE, GERMANY):
        text = report(turn, viewer)
        assert "France:   D Belgium -> Holland. (*bounce*)" in text
        assert "Germany:  D Germany -> Holland. (*bounce*)" in text
    assert "Spain" not in report(turn, GERMANY)
    assert results(turn, GERMANY)["FRANCE D bel"][4:6] == (Outcome.FAILS, Reason.BOUNCED)


def test_an_attacked_diplomat_is_seen_in_its_space_its_support_is_not() -> None:
    # Holland attacks Belgium, which bounces it (1 v 1) but loses its support, so the
    # French move to the Channel goes on alone into an empty space.
    turn = play("S1914M", ["FRANCE D bel", "FRANCE D fra", "GERMANY D hol"],
                {"FRANCE": ["D Bel S D Fra-Eng", "D Fra-Eng"], "GERMANY": ["D Hol-Bel"]},
                "secret")
    german = report(turn, GERMANY)
    assert "France:   D Belgium (order not reported)." in german
    assert "Germany:  D Holland -> Belgium. (*bounce*)" in german
    assert "English Channel" not in german and "D France" not in german
    assert sighted(turn, GERMANY) == {"FRANCE D bel"}
    assert "France:   D Belgium SUPPORT D France -> English Channel. (*cut*)" in report(
        turn, FRANCE)


def test_a_support_into_the_other_players_diplomat_is_a_contact() -> None:
    # Two French diplomats (France, supported from the Channel) dislodge the German one in
    # Belgium: the supporting diplomat touched it too. The one in Spain touched nothing.
    turn = play("S1914M", ["FRANCE D fra", "FRANCE D eng", "FRANCE D spa", "GERMANY D bel"],
                {"FRANCE": ["D Fra-Bel", "D Eng S D Fra-Bel", "D Spa H"],
                 "GERMANY": ["D Bel H"]}, "secret")
    german = report(turn, GERMANY)
    assert "France:   D France -> Belgium." in german
    assert "France:   D English Channel SUPPORT D France -> Belgium." in german
    assert "Spain" not in german
    assert "Germany:  D Belgium HOLD. (*dislodged*)" in german


def test_supporting_the_other_players_diplomat_is_a_contact() -> None:
    turn = play("S1914M", ["FRANCE D den", "GERMANY D hol", "GERMANY D ger"],
                {"FRANCE": ["D Den S D Hol"], "GERMANY": ["D Hol H", "D Ger-Bal"]}, "secret")
    assert "France:   D Denmark SUPPORT D Holland." in report(turn, GERMANY)
    french = report(turn, FRANCE)
    # The supported diplomat is seen where it stands; Germany's other diplomat is not.
    assert "Germany:  D Holland (order not reported)." in french
    assert "Baltic" not in french and "D Germany" not in french


def test_diplomats_sent_to_one_space_at_placement_are_a_contact() -> None:
    start = [f"{u.power} {u}" for u in ENVOY.start.units]
    turn = play("W1913P", start, {"FRANCE": ["Build D Bel", "Build D Spa"],
                                  "GERMANY": ["Build D Bel", "Build D Den", "Build A Kie"]},
                "secret")
    german, french = report(turn, GERMANY), report(turn, FRANCE)
    # Rule 4: one of each sent home from Belgium; both sides read it (11 names rule 4).
    # A result names the diplomat where it ends: back home.
    assert "France:   BUILD D France. (*bounce*)" in german
    assert "Germany:  BUILD D Germany. (*bounce*)" in french
    sent = results(turn, GERMANY)["FRANCE D fra"]
    assert sent.order is not None and sent.order.loc == "bel"
    assert "Spain" not in german and "Denmark" not in french
    assert "Germany:  BUILD A Kiel." in french  # an army is a regular unit: public


def test_the_master_and_chosen_observers_see_every_diplomat() -> None:
    turn = play("S1914M", QUIET_UNITS, QUIET, "secret")
    assert "Spain" not in report(turn, Viewer.observer())
    assert "France:   D France -> Spain." in report(turn, Viewer.master())
    shown = play("S1914M", QUIET_UNITS, QUIET, "secret", observers_see_all=True)
    assert "France:   D France -> Spain." in report(shown, Viewer.observer())
    assert "Spain" not in report(shown, GERMANY)


def test_the_board_hides_others_diplomats_and_their_control() -> None:
    # The French diplomat makes Italy France's Controlled Neutral: Germany must not learn it.
    turn = play("S1914M", ["FRANCE D fra", "GERMANY D ger"], {"FRANCE": ["D Fra-Ita"]},
                "secret", seed=3)
    board = ENVOY.rules.visibility.board(turn.position, GERMANY)
    assert board.state["control"] == {}
    # Nor may an observer learn which neutrals no diplomat ever reached (Major Neutrals).
    assert ENVOY.rules.visibility.board(turn.position, Viewer.observer()).state["control"] == {}
    assert "seed" not in board.state
    assert ENVOY.rules.visibility.board(turn.position, Viewer.master()).state["seed"] == 3
    assert ENVOY.rules.visibility.board(turn.position, FRANCE).state["control"] == {
        "ITALY": ["controlled neutral", "FRANCE"]}


def test_without_a_choice_in_the_game_the_variant_option_holds(tmp_path: Path) -> None:
    turn = play("S1914M", QUIET_UNITS, QUIET, "none")
    assert "France:   D France -> Spain." in report(turn, GERMANY)  # plain Envoy
    folder = tmp_path / "envoy"
    shutil.copytree(ENVOY.folder, folder, ignore=shutil.ignore_patterns("__pycache__"))
    toml = folder / "variant.toml"
    text = toml.read_text(encoding="utf-8")
    assert 'hidden = "none"' in text  # the variant's default, replaced by this copy's
    toml.write_text(text.replace('hidden = "none"', 'hidden = "secret"', 1), encoding="utf-8")
    secret = load_variant_folder(folder)
    state = {k: v for k, v in turn.position.state.items() if k != "hidden"}
    text = render_report(secret, turn._replace(position=turn.position._replace(state=state)),
                         GERMANY)
    assert "Spain" not in text and "France:   A Paris -> Burgundy." in text
