"""Stab Envoy (rule 12e) after an Autumn: each player's own countries' centres and
adjustments, every power's centre count unnamed in random order (the unowned centres as one
more power), eliminations, and the capture of the last unowned centre.

The board, worked out by hand: of the 34 centres only Belgium is unowned, and Italy holds
Venice alone. Germany (his Controlled Neutral: Austria, five centres) takes Belgium and
Venice with armies from Ruhr and Tyrolia, both empty of others; France walks Paris to
Picardy. Counts after the Autumn: Austria 5, England 3, France 6, Germany 7, Italy 0,
Russia 6, Turkey 7, unowned 0, so the list holds 7, 7, 6, 6, 5, 3; Italy is eliminated and
the last unowned centre is taken. Neither player's units met the other's.
"""

from __future__ import annotations

from judge.engine.turn import TurnResult
from judge.engine.visibility import Notice
from tests.variants.envoy.hidden import ENVOY, FRANCE, GERMANY, play, report, seen
from variants.envoy.stab import Topic

HELD = {"AUSTRIA": "vie bud tri rom nap", "ENGLAND": "lon edi lvp",
        "FRANCE": "bre par mar spa por tun", "GERMANY": "ber kie mun hol den", "ITALY": "ven",
        "RUSSIA": "mos stp war sev swe nwy", "TURKEY": "con ank smy bul gre rum ser"}
OWNERS = {c: p for p, cs in HELD.items() for c in cs.split()}
UNITS = ["GERMANY A ruh", "GERMANY A tyr", "GERMANY F hol", "GERMANY D ger", "GERMANY D aus",
         "FRANCE A par", "FRANCE A bur", "FRANCE D fra"]
ORDERS = {"GERMANY": ["A Ruh-Bel", "A Tyr-Ven"], "FRANCE": ["A Par-Pic", "D Fra-Spa"]}
COUNTS = [7, 7, 6, 6, 5, 3]


def autumn(**state: object) -> TurnResult:
    return play("F1914M", UNITS, ORDERS, "stab", owners=OWNERS, **state)


def counts(turn: TurnResult) -> tuple[int, ...]:
    (notice,) = [n for n in seen(turn, FRANCE) if isinstance(n, Notice)
                 and n.topic == Topic.COUNTS]
    return notice.numbers


def test_each_player_sees_the_centres_of_the_countries_he_builds_for() -> None:
    german, french = report(autumn(), GERMANY), report(autumn(), FRANCE)
    assert "Austria:   5  Budapest, Naples, Rome, Trieste, Vienna\n" in german
    assert "Germany:   7  Belgium, Berlin, Denmark, Holland, Kiel, Munich, Venice\n" in german
    assert "France:    6  Brest, Marseilles, Paris, Portugal, Spain, Tunis\n" in french
    assert "France:    6" not in german
    # Germany's gains, the moves that made them and his centres are not France's to know.
    for hidden in ("Belgium", "Venice", "Berlin", "Germany:   7", "Austria:   5"):
        assert hidden not in french
    assert "Picardy" not in german and "Spain" not in german


def test_adjustments_due_only_for_his_own_countries() -> None:
    german, french = report(autumn(), GERMANY), report(autumn(), FRANCE)
    assert "Germany:  builds" in german and "Austria:  builds" in german
    assert "France:   builds" in french
    assert "France:   builds" not in german
    assert "Germany:  builds" not in french and "Austria:  builds" not in french


def test_every_count_in_an_order_that_names_no_power() -> None:
    # Without a seed the counts run from largest to smallest: an order that tells nothing.
    assert counts(autumn()) == tuple(COUNTS)
    line = "  7, 7, 6, 6, 5, 3\n"
    assert line in report(autumn(), FRANCE) and line in report(autumn(), GERMANY)


def test_the_random_order_comes_from_the_games_seed() -> None:
    drawn = counts(autumn(seed=7))
    assert sorted(drawn, reverse=True) == COUNTS
    assert counts(autumn(seed=7)) == drawn  # reproducible (G15)
    assert len({counts(autumn(seed=s)) for s in range(1, 9)}) > 1
    assert ", ".join(map(str, drawn)) in report(autumn(seed=7), GERMANY)


def test_an_elimination_and_the_last_unowned_centre_are_announced() -> None:
    for viewer in (FRANCE, GERMANY):
        text = report(autumn(), viewer)
        assert "Italy has been eliminated.\n" in text
        assert "The last unowned supply centre has been captured.\n" in text


def test_nothing_is_counted_after_a_spring() -> None:
    spring = play("S1914M", UNITS, ORDERS, "stab", owners=OWNERS)
    text = report(spring, FRANCE)
    assert "counts" not in text and "eliminated" not in text


def test_an_opponents_builds_are_not_told() -> None:
    winter = play("W1914A", ["GERMANY A bel", "GERMANY F hol", "GERMANY D ger",
                             "FRANCE A pic", "FRANCE A bur", "FRANCE D spa"],
                  {"GERMANY": ["Build A Kie"], "FRANCE": ["Build A Par"]}, "stab",
                  owners=OWNERS)
    german, french = report(winter, GERMANY), report(winter, FRANCE)
    assert "BUILD A Kiel." in german and "BUILD A Paris." in french
    assert "Kiel" not in french and "Paris" not in german


def test_the_board_a_player_reads_keeps_the_seed_and_others_centres_out() -> None:
    board = ENVOY.rules.visibility.board(autumn(seed=7).position, FRANCE)
    assert "seed" not in board.state
    assert set(board.owners.values()) == {"FRANCE"}
    assert ENVOY.rules.visibility.board(autumn(seed=7).position, GERMANY).owners["bel"] == \
        "GERMANY"
