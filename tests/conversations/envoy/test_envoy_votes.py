"""Envoy draws and concessions by mail (rule 10: "A game may be drawn by mutual consent or
conceded by any player"): only the players share a draw or are conceded to; the neutral
countries, which have units and centres, are nobody's to vote for (issue #5).

Ann plays France, Bob Germany; the five other powers are neutral countries.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy as sa

from judge.game.settings import DrawSettings
from judge.store.models import Vote
from tests.conversations.envoy.envoy_setup import GAME, envoy_game, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import configure, game_row


def votes_stored(talk: Conversation) -> int:
    with talk.judge.db.unit_of_work() as session:
        return len(session.scalars(sa.select(Vote)).all())


def test_a_dias_draw_passes_with_both_players_and_names_only_them(
        talk: Conversation) -> None:
    players = envoy_game(talk)
    first = say(talk, players["FRANCE"], "SET DRAW").body
    assert "Your draw vote is recorded." in first and "The vote has passed" not in first
    second = say(talk, players["GERMANY"], "SET DRAW").body
    assert ("The vote has passed. The game is over: a draw between France and Germany, "
            "agreed by every surviving player.") in second
    result = game_row(talk, GAME)
    assert result["state"] == "finished"
    assert isinstance(result["result"], dict)
    assert (result["result"]["kind"], result["result"]["winners"]) == (
        "draw", ["FRANCE", "GERMANY"])


def test_a_concession_to_a_neutral_country_is_refused(talk: Conversation) -> None:
    players = envoy_game(talk)
    answer = say(talk, players["FRANCE"], "SET CONCEDE Italy")
    assert answer.subject == "[errors] Re: commands"
    assert ("'Italy' is not played in beta: only the powers played (France, Germany) can "
            "be conceded to") in answer.body
    assert votes_stored(talk) == 0 and game_row(talk, GAME)["state"] == "active"


def test_a_concession_to_the_other_player_ends_the_game(talk: Conversation) -> None:
    players = envoy_game(talk)
    body = say(talk, players["FRANCE"], "SET CONCEDE Germany").body
    assert ("The vote has passed. The game is over: Germany wins: every other surviving "
            "player conceded.") in body
    result = game_row(talk, GAME)["result"]
    assert isinstance(result, dict)
    assert (result["kind"], result["winners"]) == ("concession", ["GERMANY"])


def test_a_concession_to_the_leader_looks_at_the_players_only(talk: Conversation) -> None:
    # Russia, a neutral, holds four centres; France and Germany three each: no player
    # leads, so a concession must name its power.
    players = envoy_game(talk)
    answer = say(talk, players["FRANCE"], "SET CONCEDE")
    assert "no single power leads in supply centres" in answer.body
    assert votes_stored(talk) == 0


def test_a_draw_naming_a_neutral_country_is_refused(talk: Conversation) -> None:
    players = envoy_game(talk)
    configure(talk, GAME, lambda s: replace(s, draw=DrawSettings(dias=False)))
    answer = say(talk, players["FRANCE"], "SET DRAW France Italy Russia")
    assert ("'Italy' and 'Russia' are not played in beta: only the powers played (France, "
            "Germany) can share a draw") in answer.body
    assert votes_stored(talk) == 0
    # Naming both players names every survivor: the vote is one for all of them.
    both = say(talk, players["FRANCE"], "SET DRAW France Germany").body
    assert "Your draw vote is recorded." in both
    assert "The vote has passed" in say(talk, players["GERMANY"], "SET DRAW").body


def test_the_leader_is_counted_as_rule_10_counts(talk: Conversation) -> None:
    # Italy becomes France's Major Ally (3 centres), Russia Germany's (4). Rule 10 counts
    # France 3 + Paris again + 3 = 7, Germany 3 + Berlin again + 4 = 8: Germany leads,
    # though both hold three centres of their own.
    players = envoy_game(talk)
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], "Build D Rus\nBuild D Rus\nBuild D Den\nBuild D Hol")
    body = say(talk, players["FRANCE"], "SET CONCEDE").body
    assert "Your concession to Germany is recorded." in body


def test_a_concession_to_the_leader_must_name_him_when_counts_are_hidden(
        talk: Conversation) -> None:
    players = envoy_game(talk, hidden="stab")
    answer = say(talk, players["FRANCE"], "SET CONCEDE")
    assert answer.subject == "[errors] Re: commands"
    assert ("name the power you concede to: SET CONCEDE <power>, e.g. SET CONCEDE Germany "
            "(beta does not show you who holds which centres") in answer.body
    assert "leads" not in answer.body and votes_stored(talk) == 0


# Issue #13 item 5. Two Secret Envoy games that differ only in Germany's diplomats, which
# meet none of France's (rule 11 hides them from France): Russia is Germany's Major Ally
# (two diplomats, rule 6: Germany counts 3 + Berlin again + 4 = 8 to France's 7) or his
# Controlled Neutral (one: Germany counts 4). France's unnamed concession must read the same
# in both, so it is counted on France's own view: France 3 + Paris + Italy's 3 = 7, Germany
# 3 + Berlin = 4.
@pytest.mark.parametrize("germany", [
    "Build D Rus\nBuild D Rus\nBuild D Den\nBuild D Hol",
    "Build D Rus\nBuild D Den\nBuild D Hol\nBuild D Hol",
])
def test_an_unnamed_concession_tells_nothing_of_a_hidden_major_ally(
        talk: Conversation, germany: str) -> None:
    players = envoy_game(talk, hidden="secret")
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], germany)
    answer = say(talk, players["FRANCE"], "SET CONCEDE")
    assert answer.subject == "[errors] Re: commands"
    assert answer.body.split("Errors\n------\n")[1] == (
        "line 2: SET CONCEDE\n"
        "    you lead on the board as you see it (beta hides what you may not know), and "
        "cannot concede to yourself; name the power you concede to, e.g. SET CONCEDE "
        "Germany, or propose a draw with SET DRAW\n")
    assert votes_stored(talk) == 0
    # Named, the concession stands whoever leads.
    named = say(talk, players["FRANCE"], "SET CONCEDE Germany").body
    assert "Your concession to Germany is recorded." in named
    assert "leads on the board" not in named


def test_an_unnamed_concession_in_secret_envoy_names_the_leader_the_reader_sees(
        talk: Conversation) -> None:
    # France's Major Ally Italy is hidden from Germany; Germany's Russia is his own: he
    # sees Germany 8, France 4, and leads; France sees Italy, not Russia, and leads too.
    players = envoy_game(talk, hidden="secret")
    say(talk, players["FRANCE"], "Build D Ita\nBuild D Ita\nBuild D Spa\nBuild D Bel")
    say(talk, players["GERMANY"], "Build D Rus\nBuild D Rus\nBuild D Den\nBuild D Hol")
    for power in ("FRANCE", "GERMANY"):
        body = say(talk, players[power], "SET CONCEDE").body
        assert "you lead on the board as you see it" in body, power
