"""Issue #13, by mail: the counts a Stab or Secret Envoy report gives are those the reader's
rules let him know, and right.

Stab Envoy (rule 12e): after the Autumn a player is told the adjustments of the countries
he orders, and no one else's: not even of an opponent's Major Ally, whose units he sees
(12c) but whose centres he does not.
"""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, BOB, GAME, placed
from tests.conversations.harness import Conversation
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
