"""Issue #11, item 14, by mail: BOARD (or STATUS) shows the board now, as the reader may
see it: units by power in province order, supply centres with counts, builds and removals
due, dislodged units with their retreats; Envoy's hidden units never appear."""

from __future__ import annotations

from judge.engine.codec import position_to_json
from tests.conversations.envoy.envoy_setup import GAME, placed, say
from tests.conversations.harness import Conversation, Mail
from tests.conversations.master_helpers import Table, change_open_turn, error
from tests.reports import scenarios

STRANGER = "stranger@example.org"
START_UNITS = (
    "Austria:  A Budapest\nAustria:  F Trieste\nAustria:  A Vienna\n\n"
    "England:  F Edinburgh\nEngland:  A Liverpool\nEngland:  F London\n\n"
    "France:   F Brest\nFrance:   A Marseilles\nFrance:   A Paris\n\n"
    "Germany:  A Berlin\nGermany:  F Kiel\nGermany:  A Munich\n\n"
    "Italy:    F Naples\nItaly:    A Rome\nItaly:    A Venice\n\n"
    "Russia:   A Moscow\nRussia:   F Sevastopol\nRussia:   F St Petersburg (sc)\n"
    "Russia:   A Warsaw\n\n"
    "Turkey:   F Ankara\nTurkey:   A Constantinople\nTurkey:   A Smyrna\n\n")



def _lines(reply: Mail) -> str:
    """The reply's answer to its BOARD line, as the board's own lines."""
    body = reply.body
    start = body.index("\n", body.index(": BOARD") if ": BOARD" in body
                       else body.index(": STATUS")) + 1
    return "\n".join(line[4:] for line in body[start:].split("\n")
                     if line.startswith("    ") or not line) + "\n"


def test_a_player_sees_the_whole_board_of_a_standard_game(talk: Conversation) -> None:
    table = Table.started(talk)
    text = _lines(table.player("FRANCE", "BOARD"))
    assert text.startswith("Standard Diplomacy: Spring 1901 Movement\nBoard for: France\n\n"
                           + START_UNITS)
    assert ("Supply centre ownership:\n"
            "Austria:   3  Budapest, Trieste, Vienna\n"
            "England:   3  Edinburgh, Liverpool, London\n") in text
    assert "Russia:    4  Moscow, Sevastopol, St Petersburg, Warsaw\n" in text
    assert "Deadline: Thu 05 Nov 2026 09:00 UTC\n" in text
    assert "Adjustments" not in text and "dislodged" not in text


def test_anyone_may_ask_for_a_games_public_board(talk: Conversation) -> None:
    Table.started(talk)
    reply = talk.send(STRANGER, "STATUS alpha")
    assert reply is not None
    assert _lines(reply).startswith("Standard Diplomacy: Spring 1901 Movement\n"
                                    "Board for: Public\n\n" + START_UNITS)


def test_a_retreat_phase_shows_the_dislodged_units_and_their_retreats(
        talk: Conversation) -> None:
    table = Table.started(talk)
    # Spring 1901 Retreats of the report scenarios: Holland (German) was dislodged with
    # Helgoland Bight and Kiel open; Sevastopol (Russian) has nowhere to go.
    change_open_turn(table, phase="S1901R",
                     position_before=position_to_json(scenarios.spring().position))
    text = _lines(table.master("BOARD"))
    assert text.startswith("Standard Diplomacy: Spring 1901 Retreats\nBoard for: Master\n\n")
    assert ("The following units were dislodged:\n"
            "  The German F Holland can retreat to Helgoland Bight, Kiel.\n"
            "  The Russian A Sevastopol has no retreat and is destroyed.\n") in text
    assert "Germany:  A Munich\n\n" in text  # Holland's fleet is off the board


def test_an_adjustment_phase_shows_the_builds_and_removals_due(talk: Conversation) -> None:
    table = Table.started(talk)
    # After the scenarios' Fall 1901: England took Brest and Holland (5 centres, 4 units),
    # France is down to 2 centres with 3 units, Russia lost Sevastopol (3 for 4), Turkey
    # took it (4 centres, 2 units), Austria took Rumania (4 for 3), Germany and Italy kept
    # 3 centres with 2 units each.
    change_open_turn(table, phase="W1901A",
                     position_before=position_to_json(scenarios.fall().position))
    text = _lines(table.player("ITALY", "BOARD"))
    assert ("Adjustments:\n"
            "Austria:  builds 1 unit\nEngland:  builds 1 unit\nFrance:   removes 1 unit\n"
            "Germany:  builds 1 unit\nItaly:    builds 1 unit\nRussia:   removes 1 unit\n"
            "Turkey:   builds 2 units\n") in text
    assert "England:   5  Brest, Edinburgh, Holland, Liverpool, London\n" in text


def test_board_errors_say_what_to_write(talk: Conversation) -> None:
    table = Table.seated(talk)
    reply = talk.send(STRANGER, "BOARD\nBOARD nosuch\nBOARD alpha\nBOARD alpha beta")
    assert reply is not None
    assert error(reply, "BOARD").startswith("say which game: write BOARD [game], e.g. "
                                            "BOARD alpha, or sign on first")
    assert error(reply, "BOARD nosuch") == ("no game called 'nosuch'; send LIST for the "
                                            "games on this judge")
    assert error(reply, "BOARD alpha") == ("alpha has not started, so it has no board yet; "
                                           "LIST alpha shows who has joined")
    assert error(reply, "BOARD alpha beta").startswith("write BOARD [game], e.g. BOARD alpha")
    assert table.state().value == "forming"


def test_secret_envoy_never_shows_another_players_diplomats(talk: Conversation) -> None:
    players = placed(talk, "secret")
    german = _lines(say(talk, players["GERMANY"], "BOARD"))
    french = _lines(say(talk, players["FRANCE"], "BOARD"))
    stranger = talk.send(STRANGER, f"BOARD {GAME}")
    assert stranger is not None
    # Armies and fleets are public (rule 11); a player's diplomats are his own to see.
    for text in (german, french, _lines(stranger)):
        assert "France:   A Paris\n" in text and "Germany:  A Berlin\n" in text
    assert "France:   D Spain\n" in french and "Germany:  D Denmark\n" in german
    assert "France:   D" not in german and "Germany:  D" not in french
    assert "  D " not in _lines(stranger) and ":   D " not in _lines(stranger)
    assert "This game hides part of the board" in german


def test_stab_envoy_shows_a_player_only_his_own_side(talk: Conversation) -> None:
    players = placed(talk, "stab")
    german = _lines(say(talk, players["GERMANY"], "BOARD"))
    assert "Germany:  A Berlin\n" in german
    assert "France:" not in german and "Paris" not in german
    assert "Supply centre ownership:\n" in german and "France: " not in german
