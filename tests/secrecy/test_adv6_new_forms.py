"""Adversary advsec6 on what last session added to the reading of a message: njudge's
commands answered with what to write instead (judge/commands/foreign.py: WHOIS, GET,
SET PREFERENCE, I AM ALSO, MANUAL; a player's GET MAP), WHOGAME as LIST, M for a move, a
route over land (A Ven-Tyr-Mun), two orders on one line, a compass word for a coast and a
one-letter signature. Stab Envoy (tests/secrecy/test_envoy_items.py): Germany's A Munich
stays (game A) or walks unseen into Tyrolia (game B); France writes lines of every new
form naming Tyrolia and Munich, signed on and not, in the Spring after and the Autumn.
Everything France and the observer receive must be the same in both games."""

from __future__ import annotations

from judge.store.db import Database
from tests.secrecy.test_envoy_items import FRANCE_TAKES_SPAIN, autumn, tyrolia

NEW_FORMS = ("A ven M tyr\nA ven m mun\nA ven-tyr-mun\nA ven - tyr - boh\n"
             "A ven-tyr, A mar-bur\nA ven S A tyr M mun\nA ven-tyr A mar-spa\n"
             "A tyr M mun\nA mun m tyr\nA ven - tyr south\nF nap M ion\nM")
FOREIGN = ("WHOIS germany@example.org\nGET MAP\nGET beta\nI AM ALSO germany@example.org\n"
           "WHOGAME beta\nMANUAL\nSET PREFERENCE G\nWHOIS")


def test_the_new_forms_and_other_judges_commands_answer_alike(
        databases: tuple[Database, Database]) -> None:
    script = tyrolia(databases, "stab")
    france = script.france
    orders, _ = script.twin.send(france.address, f"{france.signon}\n{NEW_FORMS}")
    assert "No convoy crosses Tyrolia" in orders and "starts a second order" in orders
    assert "took it for your signature" in orders, orders
    for signon in (f"{france.signon}\n", ""):
        foreign, _ = script.twin.send(france.address, f"{signon}{FOREIGN}")
        assert "WHOIS is not a command" in foreign and "I AM ALSO is not" in foreign
        assert "Powers:" in foreign, foreign  # WHOGAME answered as LIST
    autumn(script, FRANCE_TAKES_SPAIN)
    script.france_writes(NEW_FORMS)
    assert script.leaks() == ""
