"""1885-III by mail, as far as the map goes (issue #16): nine players play the first move
after the set-up turn; a game is created with the option
`kiel_coasts`, its Kiel has two coasts, and a German fleet's orders are read and checked on
that map; on the default map Kiel is one coast, a canal between the Helgoland Bight and the
Baltic. Orders use the new map's names (the rules' abbreviations, Jäm included)."""

from __future__ import annotations

import random

from judge.game.games import find_game
from judge.game.lifecycle import join_game, start_game
from judge.store import repo
from tests.conversations.harness import Conversation, Mail
from tests.conversations.seating_helpers import MASTER, account, reply

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "SPAIN", "SWEDEN",
          "TURKEY")


def started(talk: Conversation, options: str) -> None:
    """Game `kiel` of 1885, created by mail with `options`, nine players seated by their
    preference (the power's name first), the start's mail read."""
    account(talk, MASTER, "Game Master")
    created = reply(talk, MASTER, f"CREATE kiel gmpw 1885 {options}".strip())
    assert "Game kiel (1885-III) is created" in created.body, created.body
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "kiel")
        for power in POWERS:
            address = f"{power.lower()}@example.org"
            player = repo.create_account(session, name=power.title(), address=address)
            join_game(session, game, player, "pw", [power])
        start_game(session, game, talk.clock, random.Random(1))
    # The set-up turn (l.9-15): the three choices, the master processes it.
    for power, letter, line in (("ITALY", "I", "Build A Rom"), ("RUSSIA", "R", "Build A StP"),
                                ("SWEDEN", "W", "Build A Osl")):
        assert "error" not in orders(talk, power, letter, line).body.lower()
    processed = reply(talk, MASTER, "SIGNON Mkiel gmpw\nPROCESS")
    assert "December 1884 Set-up is processed" in processed.body, processed.body
    for address in (MASTER, *(f"{p.lower()}@example.org" for p in POWERS)):
        talk.mails_to(address)


def orders(talk: Conversation, power: str, letter: str, *lines: str) -> Mail:
    return reply(talk, f"{power.lower()}@example.org",
                 "\n".join((f"SIGNON {letter}kiel pw", *lines)))


def test_a_game_with_kiel_coasts_plays_on_a_kiel_of_two_coasts(talk: Conversation) -> None:
    started(talk, "kiel_coasts=yes")
    with talk.judge.db.unit_of_work() as session:
        world = find_game(session, "kiel").variant_map
    assert world is not None
    assert {"F kie/ec"} <= set(world["units"]["GERMANY"])
    # The fleet in Kiel lies on the Baltic coast: the Helgoland Bight is out of its reach.
    refused = orders(talk, "GERMANY", "G", "F kie - hel")
    assert "line 2: F kie - hel\n    Kiel (ec) is not adjacent to Helgoland Bight" in \
        refused.body, refused.body
    taken = orders(talk, "GERMANY", "G", "F kie/ec - bal")
    assert "error" not in taken.body and "F Kiel (ec) -> Baltic Sea" in taken.body, taken.body


def test_on_the_default_map_kiel_is_a_canal_and_the_new_names_read(
        talk: Conversation) -> None:
    started(talk, "")
    taken = orders(talk, "GERMANY", "G", "F kie - hel")
    assert "error" not in taken.body and "F Kiel -> Helgoland Bight" in taken.body, taken.body
    swedish = orders(talk, "SWEDEN", "W", "A Sto - Jäm", "F Got - Cop", "A Osl - Lap")
    assert "error" not in swedish.body, swedish.body
    for line in ("A Stockholm -> Jämtland", "F Gothenburg -> Copenhagen",
                 "A Oslo -> Lapland"):
        assert line in swedish.body, swedish.body


SPRING = {
    ("AUSTRIA", "A"): ("A Clu - Rum", "F Spl - Adr", "A Vie H", "A Bud - Ser"),
    ("ENGLAND", "E"): ("F Edi - Hebrides", "F Lvp - Iri", "F Lon - Nth"),
    ("FRANCE", "F"): ("F Bre - BoB", "A Mar - Cat", "A Par - Bur"),
    ("GERMANY", "G"): ("F Kie - Jut", "A Ber H", "A Mun - Swa", "A Dre - Boh"),
    ("ITALY", "I"): ("F Nap - Sic", "A Ven H", "A Rom - Apu"),
    ("RUSSIA", "R"): ("F Sev - Rum", "A Sib - Per", "A StP - Lvn", "A Mos H", "A War H"),
    ("SPAIN", "S"): ("F Cad - Alboran", "F Val - Lyo", "A Mad - Por"),
    ("SWEDEN", "W"): ("A Sto - Jäm", "F Got - Cop", "A Osl - Lap"),
    ("TURKEY", "T"): ("F Sin - Bla", "A Con - Mac", "A Smy H"),
}


def test_nine_players_play_a_turn_on_the_new_map(talk: Conversation) -> None:
    # Every power's orders read on the new map and the turn adjudicated once the ninth set
    # is in.
    started(talk, "")
    for (power, letter), lines in SPRING.items():
        sent = orders(talk, power, letter, *lines)
        assert "error" not in sent.body, sent.body
    report = talk.mails_to("austria@example.org")[-1].body
    assert "1885-III: January 1885 Movement" in report, report
    for line in ("A Cluj -> Rumania. (*bounce*)", "F Sevastopol -> Rumania. (*bounce*)",
                 "F Edinburgh -> Hebridean Sea.", "F Naples -> Sicily.",
                 "F Cadiz -> Alboran Sea.", "A Siberia -> Persia.",
                 "A Stockholm -> Jämtland.", "A Constantinople -> Macedonia."):
        assert line in report, (line, report)
    # One move a month (l.15-17): January is followed by February.
    assert "The next phase is February 1885 Movement." in report, report
