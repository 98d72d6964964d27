"""Issue #13, by mail: the counts a Stab or Secret Envoy report gives are those the reader's
rules let him know, and right.

Stab Envoy (rule 12e): after the Autumn a player is told the adjustments of the countries
he orders, and no one else's: not even of an opponent's Major Ally, whose units he sees
(12c) but whose centres he does not.

Secret Envoy (rules 9, 11): a build spent on a diplomat must read, to everyone but its
player, as a build left unused (item 9).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from judge.engine.position import Position
from judge.engine.types import Unit
from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.conversations.seating_helpers import MASTER, account, reply

EVE = "eve@example.org"  # an observer; Stab hides from her what it hides from a player


def observe(talk: Conversation) -> None:
    account(talk, EVE)
    assert "[errors]" not in reply(talk, EVE, f"OBSERVE {GAME} pw-e").subject


def process(talk: Conversation) -> None:
    assert "[errors]" not in reply(talk, MASTER, f"SIGNON M{GAME} gmpw\nPROCESS").subject


def report(talk: Conversation, address: str, phase: str) -> str:
    [found] = [m for m in talk.mails_to(address) if m.subject == f"{GAME}: {phase} results"]
    return found.body


def adjustments(body: str) -> str:
    """The report's Adjustments section, its heading left out ('' when there is none)."""
    head = "Adjustments:\n"
    if head not in body:
        return ""
    return body.split(head, 1)[1].split("\n\n", 1)[0] + "\n"


def reports(talk: Conversation, phase: str) -> dict[str, str]:
    return {who: report(talk, who, phase) for who in (ANN, BOB, EVE, MASTER)}


def test_stab_autumn_adjustments_name_only_the_readers_countries(talk: Conversation) -> None:
    # After `placed`: France holds Brest, Marseilles and Paris with three armies and fleets
    # and orders Italy (three centres, three units); Germany likewise with Austria. Every
    # unit holds through 1914, so no centre changes hands. France's capital counts twice
    # (rule 3): France and Germany build one each; Italy and Austria, 3 - 3, nothing.
    placed(talk, hidden="stab")
    observe(talk)
    process(talk)  # Spring 1914
    process(talk)  # Fall 1914
    found = reports(talk, "Fall 1914 Movement")
    assert adjustments(found[MASTER]) == ("France:   builds 1 unit\n"
                                          "Germany:  builds 1 unit\n")
    # Each player sees the other's Major Ally's units (12c); its count is not his to know.
    assert "Major Ally of Germany: Austria: A Budapest, A Vienna, F Trieste." in found[ANN]
    assert adjustments(found[ANN]) == "France:   builds 1 unit\n"
    assert "Major Ally of France: Italy: F Naples, A Rome, A Venice." in found[BOB]
    assert adjustments(found[BOB]) == "Germany:  builds 1 unit\n"
    assert adjustments(found[EVE]) == ""


# Winter 1914 of a Secret Envoy game: France holds its three home centres with A Burgundy,
# A Marseilles and F Brest (Paris vacant; its capital counts twice, rule 3: builds 1);
# Germany has taken Holland and Denmark and stands in Ruhr, Holland and Munich (five
# centres and Berlin twice, three units: builds 3; Berlin and Kiel vacant). The neutrals
# owe nothing.
WINTER_UNITS = {"FRANCE": ("A bur", "A mar", "F bre"), "GERMANY": ("A ruh", "F hol", "A mun")}
ONE_BUILD_LEFT = "Build A Kie\nBuild D Ber"  # rule 9: a diplomat for one build, one unused
TWO_BUILDS_LEFT = "Build A Kie"
SECRET_WINTER_FOR = """\
Envoy: Winter 1914 Adjustments
Report for: {}

Adjustments:
France:   builds 1 unit
Germany:  builds 3 units

France:   BUILD A Paris.

Germany:  BUILD A Kiel.

The next phase is Spring 1915 Movement.
"""


def secret_winter(position: Position) -> Position:
    kept = tuple(u for u in position.units
                 if u.kind == "D" or u.power not in WINTER_UNITS)
    units = tuple(Unit(power, text[0], text[2:]) for power, texts in WINTER_UNITS.items()
                  for text in texts)
    return position._replace(units=kept + units,
                             owners={**position.owners, "hol": "GERMANY", "den": "GERMANY"})


@pytest.mark.parametrize("germany", [ONE_BUILD_LEFT, TWO_BUILDS_LEFT])
def test_secret_reports_do_not_tell_a_diplomat_build_from_a_build_left_unused(
        talk: Conversation, germany: str) -> None:
    """Rules 9 and 11: what France and an observer read of Germany's winter is the same
    whether Germany spent a build on a diplomat or left it unused."""
    players = placed(talk, hidden="secret")
    observe(talk)
    edit_board(talk, "W1914A", secret_winter)
    assert "[errors]" not in say(talk, players["FRANCE"], "Build A Par").subject
    assert "[errors]" not in say(talk, players["GERMANY"], germany).subject
    process(talk)
    found = reports(talk, "Winter 1914 Adjustments")
    assert before_deadline(found[ANN]) == SECRET_WINTER_FOR.format("France")
    assert before_deadline(found[EVE]) == SECRET_WINTER_FOR.format("Observer")
    unused = 1 if germany == ONE_BUILD_LEFT else 2
    waived = f"Germany:  ({unused} build{'s' if unused > 1 else ''} waived: no order)\n"
    assert waived in found[BOB] and waived in found[MASTER]


def before_deadline(body: str) -> str:
    """The report after the game's name, up to its deadline line."""
    return body.split("\n\n", 1)[1].split("Deadline:", 1)[0]


def without_german_diplomats(position: Position) -> Position:
    board = secret_winter(position)
    return board._replace(units=tuple(u for u in board.units
                                      if u.kind != "D" or u.power != "GERMANY"))


@pytest.mark.parametrize("edit", [secret_winter, without_german_diplomats])
def test_a_secret_board_shows_the_public_counts_whoever_has_diplomats(
        talk: Conversation, edit: Callable[[Position], Position]) -> None:
    """Rule 11: the builds due are counted from centres and armies and fleets, all public;
    BOARD gives them to France whether or not Germany has diplomats on the board."""
    players = placed(talk, hidden="secret")
    edit_board(talk, "W1914A", edit)
    board = say(talk, players["FRANCE"], "BOARD").body.replace("\n    ", "\n")
    assert adjustments(board) == "France:   builds 1 unit\nGermany:  builds 3 units\n"
