"""Newcomer 25: players who know njudge make a newcomer's mistakes, by mail, reading only
docs/commands.md and docs/orders.md. Two replies they could not act on, now put right:

* a build in a centre that is no home centre (or one not owned) said only "Belgium is
  not a home centre of France": it now names where he may build, or tells him to WAIVE
  when no site is free (the site each tried by the phase's own handler);
* a retreat for a unit that has none was answered "it may retreat to nowhere: it must
  disband" beside "You owe no orders this phase": it now says the unit is disbanded and
  that no order is owed for it, as the report said ("has no retreat and is destroyed").

The rest is what such a player reads today, kept so: orders in any case, with "F." and
full names, in an HTML-only mail, under a quoted reply, above a signature; an order of
another phase, for another power's unit, two for one unit, press to no power, HELP on a
misspelt command.
"""

from __future__ import annotations

from email.message import EmailMessage

from tests.conversations.game_setup import started_game
from tests.conversations.harness import JUDGE, Conversation
from tests.conversations.orders_board import entry, put_board, send
from tests.conversations.seating_helpers import MASTER, Player

HELP = "HELP ORDERS shows how to write orders, with examples."


def test_a_build_where_he_may_not_says_where_he_may(talk: Conversation) -> None:
    players = started_game(talk)
    put_board(talk, "W1901A", ["FRANCE A bur", "GERMANY A mun"],
              {"par": "FRANCE", "bre": "FRANCE", "mar": "FRANCE", "bel": "FRANCE"})
    reply = send(talk, players["FRANCE"], "Build A Belgium", "build a bur", "B F par")
    assert entry(reply, 2, "Build A Belgium", "Belgium is not a home centre of France. France "
                 "may build in Brest, Marseilles, Paris."), reply.body
    assert entry(reply, 3, "build a bur", "France does not own Burgundy. France may build in "
                 "Brest, Marseilles, Paris."), reply.body
    assert entry(reply, 4, "B F par", "fleets cannot go to Paris (land)"), reply.body
    taken = send(talk, players["FRANCE"], "Build A par", "Build F bre", "B F mun")
    assert entry(taken, 4, "B F mun", "France does not own Munich. France may build in "
                 "Marseilles."), taken.body


def test_a_build_with_no_site_free_says_to_waive(talk: Conversation) -> None:
    players = started_game(talk)
    put_board(talk, "W1901A", ["FRANCE A par", "FRANCE A bre", "FRANCE A mar", "FRANCE A bur"],
              {"par": "FRANCE", "bre": "FRANCE", "mar": "FRANCE", "bel": "FRANCE",
               "spa": "FRANCE"})
    reply = send(talk, players["FRANCE"], "Build A Spain")
    assert entry(reply, 2, "Build A Spain", "Spain is not a home centre of France. France has "
                 "no centre free to build in now: WAIVE the build."), reply.body
    assert "[errors]" not in send(talk, players["FRANCE"], "WAIVE").subject


def test_a_retreat_for_a_unit_with_none_says_nothing_is_owed(talk: Conversation) -> None:
    players = started_game(talk)
    france = players["FRANCE"]
    # Burgundy is attacked with two supports; every space round it is held by England.
    put_board(talk, "F1901M", ["FRANCE A bur", "FRANCE F bre", "GERMANY A mun", "GERMANY A ruh",
                               "GERMANY A mar", "ENGLAND A par", "ENGLAND A pic",
                               "ENGLAND A bel", "ENGLAND A gas"], {"bre": "FRANCE"})
    send(talk, players["GERMANY"], "A mun - bur", "A ruh S A mun - bur", "A mar S A mun - bur")
    talk.send(MASTER, "SIGNON Malpha gmpw\nPROCESS F1901M")
    report = talk.mails_to(france.address)[-1]
    assert "The French A Burgundy has no retreat and is destroyed." in report.body, report.body
    reply = send(talk, france, "A bur R pic")
    assert entry(reply, 2, "A bur R pic", "A Burgundy was dislodged and may retreat nowhere: it "
                 "is disbanded, and you owe no order for it"), reply.body
    assert "You owe no orders this phase." in reply.body, reply.body


def html_only(player: Player, *lines: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = player.address, JUDGE, "my orders"
    msg["Message-ID"] = "<html-only@players.example>"
    paragraphs = "".join(f"<p>{line}</p>" for line in (player.signon(), *lines))
    msg.set_content(f"<html><body>{paragraphs}</body></html>", subtype="html")
    return msg.as_bytes()


def test_the_ways_a_newcomer_writes_orders_are_read(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    shouted = send(talk, france, "a PAR-bur", "f BRE - mao", "a Mar H")
    assert "  A Paris -> Burgundy.\n  F Brest -> Mid-Atlantic Ocean.\n  A Marseilles HOLD.\n" \
        in shouted.body, shouted.body
    dotted = send(talk, france, "F. Brest - English Channel", "Army Marseilles hold")
    assert "  F Brest -> English Channel.\n" in dotted.body, dotted.body
    html = talk.deliver(html_only(france, "A par - pic"))
    assert html is not None and "  A Paris -> Picardy.\n" in html.body, html
    quoted = send(talk, france, "A par - gas", "", "On Mon, judge wrote:", "> A par - bur",
                  "> F bre - eng")
    assert "  A Paris -> Gascony.\n  F Brest -> English Channel.\n" in quoted.body, quoted.body
    signed = send(talk, france, "A par - bur", "", "Cheers,", "Jean-Luc")
    assert "line 4: Cheers,\n    not read, and neither is anything after it (to line 5)" \
        in signed.body, signed.body
    assert "  A Paris -> Burgundy.\n" in signed.body, signed.body


def test_a_newcomers_wrong_lines_are_each_answered(talk: Conversation) -> None:
    france = started_game(talk)["FRANCE"]
    reply = send(talk, france, "Build A par", "A mun - ruh", "A par - bur", "A par - pic")
    assert entry(reply, 2, "Build A par", "'Build A par' is a build, but Spring 1901 Movement "
                 f"takes only holds, moves, supports and convoys; {HELP} If it is meant for "
                 "Winter 1901 Adjustments, send it after a line PHASE W1901A: orders for a "
                 "later phase need PHASE first (HELP PHASE)"), reply.body
    assert entry(reply, 3, "A mun - ruh", "A Munich belongs to Germany, not France"), reply.body
    assert "lines 4 and 5 give A Paris different orders in one message, so none of them " \
        "stands" in reply.body, reply.body
    press = send(talk, france, "PRESS TO Prussia", "Shall we?", "ENDPRESS")
    assert entry(press, 2, "PRESS TO Prussia", "'Prussia' is not a power of Standard "
                 "Diplomacy; write e.g. PRESS TO Austria, or PRESS TO master"), press.body
    helped = talk.send(france.address, "HELP JION")
    assert helped is not None and "no command JION; did you mean JOIN, SIGNON?" in helped.body
