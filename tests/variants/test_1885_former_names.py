"""A player used to the 1971 board writes its places on 1885-III's map, by mail (polish18
item 2): the reply named only 'Den' as unknown. The map's own record of the places it
replaced (variants/1885/former.csv, from docs/variants/1885-iii.md: Denmark became Jutland
and Copenhagen, Sinope is the regular Ankara, Croatia takes Trieste's borders) now says
what to write instead, on 1885 and on Engineered played on 1885's map; a misspelling is
answered with the closest names, and the 1971 board is unchanged."""

from __future__ import annotations

import pytest

from tests.conversations.harness import Conversation
from tests.variants.folder_games import started
from tests.variants.test_1885_by_mail import orders
from tests.variants.test_1885_by_mail import started as started_1885


def test_the_1971_boards_names_are_answered_with_their_1885_places(talk: Conversation) -> None:
    started_1885(talk, "")
    body = orders(talk, "GERMANY", "G", "F Kie - Den", "A Mun - Trieste", "A Ber - Stockh").body
    assert ("line 2: F Kie - Den\n    'Den' is not a province on this map: Denmark is now "
            "Jutland (jut) and Copenhagen (cop); write the one you mean.") in body, body
    assert "'Trieste' is not a province on this map: Trieste is now Croatia (cro)." in body
    assert "'Stockh' is not a province on this map; did you mean Stockholm (sto)?" in body
    spain = orders(talk, "FRANCE", "F", "A Mar - Spa").body
    assert ("'Spa' is not a province on this map: it names the power Spain. Spain is now "
            "Madrid (mad), Asturia (ast), Navarre (nav), Catalonia (cat), Valencia (val) "
            "and Cadiz (cad); write the one you mean.") in spain, spain
    # A unit letter of another game (Engineered's N for a navy) is no place either.
    navy = orders(talk, "SWEDEN", "W", "N Osl - Ska").body
    assert ("'N' is not a province on this map; a unit is written A (army) or F (fleet) in "
            "this game.") in navy, navy
    # The places named are the map's: the player's next line is taken.
    taken = orders(talk, "GERMANY", "G", "F Kie - Jut").body
    assert "error" not in taken.lower() and "F Kiel -> Jutland" in taken, taken


@pytest.mark.parametrize(("options", "players", "answer"), [
    ({"map": "1885"}, 9, "'Den' is not a province on this map: Denmark is now Jutland (jut) "
                        "and Copenhagen (cop); write the one you mean."),
    ({}, 7, None)])
def test_engineered_brings_the_maps_former_names_with_it(
        talk: Conversation, options: dict[str, str], players: int, answer: str | None) -> None:
    seats = started(talk, "engineered", players=players, options=options)
    address, signon = seats["GERMANY"]
    reply = talk.send(address, f"{signon}\nN Kie - Den\nN Kie - Jut\n")
    assert reply is not None
    if answer is None:  # the 1971 board has Denmark, and no Jutland
        assert "line 2: N Kie - Den\n    error" not in reply.body
        assert "'Jut' is not a province on this map; write the province's full name or its " \
               "abbreviation." in reply.body, reply.body
    else:
        assert answer in reply.body, reply.body
