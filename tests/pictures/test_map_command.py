"""MAP by mail (issue #14): the reply carries the picture the reader was mailed with a
report, the latest or a past one; the master gets the whole board, a Stab Envoy player
only what he may see."""

from __future__ import annotations

from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation, Mail
from tests.conversations.orders_board import play_holds
from tests.conversations.seating_helpers import MASTER, Player, fill, reply
from tests.conversations.seating_helpers import create as create_standard
from tests.pictures.mailed import picture_parts, png_of, svg_source, units_drawn, wired

OUTSIDER = "someone@example.org"


def asked(talk: Conversation, address: str, body: str) -> tuple[Mail, list[str]]:
    """The reply to `body`, and the files it carries (their names)."""
    answer = reply(talk, address, body)
    message = wired(talk, address, "")[-1]
    return answer, [str(p.get_filename()) for p in message.iter_attachments()]


def standard_game(talk: Conversation) -> dict[str, Player]:
    create_standard(talk)
    players = fill(talk)
    play_holds(talk, players, {"FRANCE": "A par-bur\nA mar H\nF bre-mao"})
    return players


def test_map_sends_the_picture_the_report_carried(talk: Conversation) -> None:
    players = standard_game(talk)
    france = players["FRANCE"]
    [report] = wired(talk, france.address, "Spring 1901 Movement results")

    for body in (f"{france.signon()}\nMAP", f"{france.signon()}\nMAP S1901M",
                 f"{france.signon()}\nMAP alpha Spring 1901 Movement", "MAP alpha S1901M"):
        answer, files = asked(talk, france.address, body)
        assert "The board of alpha after Spring 1901 Movement" in answer.body, answer.body
        assert files == ["alpha-S1901M.png", "alpha-S1901M.svg"]
        mailed = wired(talk, france.address, "")[-1]
        assert picture_parts(mailed)[1].get_content_disposition() == "inline"
        assert png_of(mailed) == png_of(report)
    assert "as France sees it" in asked(talk, france.address, f"{france.signon()}\nMAP")[0].body
    assert "as the observer sees it" in asked(talk, OUTSIDER, "MAP alpha")[0].body


def test_map_before_the_first_turn_is_the_start_notices_picture(talk: Conversation) -> None:
    create_standard(talk)
    players = fill(talk)
    [notice] = wired(talk, MASTER, "the game has started")
    answer, files = asked(talk, MASTER, "SIGNON Malpha gmpass\nMAP")
    assert "The board of alpha before Spring 1901 Movement, as the master sees it" \
        in answer.body
    assert files == ["alpha-start.png", "alpha-start.svg"]
    assert png_of(wired(talk, MASTER, "")[-1]) == png_of(notice)
    assert players  # every seat was dealt


def test_map_explains_what_it_cannot_show(talk: Conversation) -> None:
    create_standard(talk)
    answer, files = asked(talk, OUTSIDER, "MAP alpha")
    assert "alpha has not started, so it has no board yet" in answer.body and files == []
    answer, _ = asked(talk, OUTSIDER, "MAP")
    assert "say which game: write MAP [game] [phase]" in answer.body
    answer, _ = asked(talk, OUTSIDER, "MAP gamma")
    assert "no game called 'gamma'" in answer.body
    players = fill(talk)
    play_holds(talk, players)
    answer, files = asked(talk, OUTSIDER, "MAP alpha F1905M")
    assert "alpha has not played Fall 1905 Movement (F1905M); leave the phase out for " \
        "the latest picture" in answer.body and files == []
    france = players["FRANCE"]
    answer, _ = asked(talk, france.address, f"{france.signon()}\nMAP gamma")
    assert "'gamma' is neither a game nor a phase of alpha" in answer.body


def test_map_in_stab_envoy_shows_each_reader_his_own_board(talk: Conversation) -> None:
    players = placed(talk, hidden="stab")
    say(talk, players["FRANCE"], "F bre-mao\nA par h\nA mar h\nA ven h\nA rom h\nF nap h")
    say(talk, players["GERMANY"], "F kie-hel\nA ber h\nA mun h\nF tri h\nA vie h\nA bud h")

    reply(talk, ANN, f"{players['FRANCE'].signon('beta')}\nMAP beta S1914M")
    reply(talk, BOB, f"{players['GERMANY'].signon('beta')}\nMAP")
    reply(talk, MASTER, "SIGNON Mbeta gmpw\nMAP S1914M")
    reply(talk, OUTSIDER, "MAP beta")
    ann, bob, master, outsider = (svg_source(wired(talk, who, "")[-1])
                                  for who in (ANN, BOB, MASTER, OUTSIDER))
    assert {p for p, _ in units_drawn(ann)} == {"FRANCE", "ITALY", "AUSTRIA"}
    assert ("FRANCE", "D") in units_drawn(ann) and "kie - hel" not in ann
    assert {p for p, _ in units_drawn(bob)} == {"GERMANY", "AUSTRIA", "ITALY"}
    assert {("FRANCE", "D"), ("GERMANY", "D"), ("ENGLAND", "F")} <= set(units_drawn(master))
    # An observer of a game whose observers do not see all: the Major Allies' units only.
    assert {p for p, _ in units_drawn(outsider)} == {"AUSTRIA", "ITALY"}
