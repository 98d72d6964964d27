"""Draw and concession votes (SET DRAW / NODRAW, SET CONCEDE / NOCONCEDE), on SQLite and
PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.game.settings import DrawSettings
from judge.store.models import Vote
from judge.store.repo_games import current_turn
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import (
    MASTER,
    POWERS,
    address_of,
    configure,
    game_row,
    reply,
    say,
    started_game,
)


def notices(talk: Conversation, address: str) -> list[str]:
    """Subjects of the mail queued for `address` since the last look, replies left out."""
    return [m.subject for m in talk.mails_to(address) if "Re:" not in m.subject]


def not_dias(talk: Conversation) -> None:
    configure(talk, "alpha", lambda s: replace(s, draw=DrawSettings(dias=False)))


# Draws

def test_a_dias_draw_passes_when_every_survivor_votes(talk: Conversation) -> None:
    players = started_game(talk)
    for power in list(POWERS)[:6]:
        body = say(talk, players[power], "SET DRAW")
        assert "Your draw vote is recorded. Votes are secret; everyone hears when a draw " \
               "passes." in body
        assert "The vote has passed" not in body
    # Nobody is told of a vote until the draw passes.
    assert all(notices(talk, p.address) == [] for p in players.values())
    assert notices(talk, MASTER) == []
    assert game_row(talk)["state"] == "active"

    body = say(talk, players["TURKEY"], "SET DRAW")
    everyone = ("a draw between Austria, England, France, Germany, Italy, Russia and Turkey, "
                "agreed by every surviving player.")
    assert f"The vote has passed. The game is over: {everyone}" in body
    assert game_row(talk) == {"state": "finished", "result": {
        "kind": "draw", "winners": list(POWERS), "by": "vote", "phase": "S1901M",
        "at": "2026-11-02T09:00:00+00:00"}}
    for address in (MASTER, *(p.address for p in players.values())):
        [mail] = [m for m in talk.mails_to(address) if "Re:" not in m.subject]
        assert mail.subject == "alpha: the game is over"
        assert f"Game alpha is over: {everyone}" in mail.body


def test_a_withdrawn_vote_does_not_count(talk: Conversation) -> None:
    players = started_game(talk)
    for power in POWERS:
        if power != "TURKEY":
            say(talk, players[power], "SET DRAW")
    assert "Your draw vote is withdrawn." in say(talk, players["ITALY"], "SET NODRAW")
    assert "You had no draw vote." in say(talk, players["ITALY"], "SET NODRAW")
    assert "The vote has passed" not in say(talk, players["TURKEY"], "SET DRAW")
    assert game_row(talk)["state"] == "active"
    with talk.judge.db.unit_of_work() as session:
        assert len(session.scalars(sa.select(Vote)).all()) == 6


def test_dias_refuses_a_vote_naming_powers(talk: Conversation) -> None:
    players = started_game(talk)
    body = say(talk, players["FRANCE"], "SET DRAW France Germany")
    assert "in alpha a draw includes every surviving power (DIAS), so a vote cannot name " \
           "powers; write SET DRAW alone" in body
    with talk.judge.db.unit_of_work() as session:
        assert session.scalars(sa.select(Vote)).all() == []


def test_a_named_draw_passes_when_every_vote_names_the_same_powers(talk: Conversation) -> None:
    players = started_game(talk)
    not_dias(talk)
    for power in list(POWERS)[:6]:
        body = say(talk, players[power], "SET DRAW France, Germany")
        assert "Your draw vote (France, Germany) is recorded." in body
    body = say(talk, players["TURKEY"], "SET DRAW GF")  # the same two, as initials
    assert "The game is over: a draw between France and Germany" in body
    result = game_row(talk)["result"]
    assert isinstance(result, dict) and result["winners"] == ["FRANCE", "GERMANY"]


def test_different_draws_do_not_pass(talk: Conversation) -> None:
    players = started_game(talk)
    not_dias(talk)
    for power in list(POWERS)[:6]:
        say(talk, players[power], "SET DRAW France Germany")
    body = say(talk, players["TURKEY"], "SET DRAW France Germany Turkey")
    assert "The vote has passed" not in body
    assert game_row(talk)["state"] == "active"


@pytest.mark.parametrize(("line", "reason"), [
    ("SET DRAW France", "a draw needs two or more powers, e.g. SET DRAW France Austria; "
                        "to give one power the game, SET CONCEDE it"),
    ("SET DRAW France Prussia", "'Prussia' is not a power of Standard Diplomacy"),
])
def test_named_draw_errors(talk: Conversation, line: str, reason: str) -> None:
    players = started_game(talk)
    not_dias(talk)
    assert reason in say(talk, players["FRANCE"], line)


@pytest.mark.parametrize(("body", "reason"), [
    ("SET DRAW", "sign on first"),
    ("SIGNON Malpha gmpass\nSET DRAW", "only a player with a power can do this"),
    ("SIGNON Malpha gmpass\nSET NODRAW", "only a player with a power can do this"),
])
def test_draw_errors(talk: Conversation, body: str, reason: str) -> None:
    started_game(talk)
    assert reason in reply(talk, MASTER, body).body


def test_no_votes_after_the_end(talk: Conversation) -> None:
    players = started_game(talk)
    for power in POWERS:
        say(talk, players[power], "SET DRAW")
    body = say(talk, players["FRANCE"], "SET DRAW")
    assert "game alpha is over (draw between Austria, England, France, Germany, Italy, " \
        "Russia and Turkey, ended in S1901M); SUMMARY alpha tells how it went" in body


def test_a_power_without_a_player_is_drawn_in_but_does_not_vote(talk: Conversation) -> None:
    players = started_game(talk)
    say(talk, players["AUSTRIA"], "RESIGN")
    for power in [p for p in POWERS if p != "AUSTRIA"][:-1]:
        assert "The vote has passed" not in say(talk, players[power], "SET DRAW")
    body = say(talk, players["TURKEY"], "SET DRAW")
    assert "a draw between Austria, England, France, Germany, Italy, Russia and Turkey" in body


def test_an_eliminated_power_neither_votes_nor_shares_the_draw(talk: Conversation) -> None:
    players = started_game(talk)
    with talk.judge.db.unit_of_work() as session:  # Austria wiped off the board
        turn = current_turn(session, find_game(session, "alpha"))
        assert turn is not None
        before = dict(turn.position_before)
        before["units"] = [u for u in before["units"] if u["power"] != "AUSTRIA"]
        before["owners"] = {c: p for c, p in before["owners"].items() if p != "AUSTRIA"}
        turn.position_before = before
    assert "Austria is out of the game; only surviving powers vote" in say(
        talk, players["AUSTRIA"], "SET DRAW")
    for power in [p for p in POWERS if p != "AUSTRIA"]:
        body = say(talk, players[power], "SET DRAW")
    assert "a draw between England, France, Germany, Italy, Russia and Turkey," in body


# Concessions

def test_a_concession_to_the_leader_passes_when_all_others_concede(talk: Conversation) -> None:
    players = started_game(talk)
    # Russia starts with four supply centres, every other power with three.
    others = [p for p in POWERS if p != "RUSSIA"]
    for power in others[:5]:
        body = say(talk, players[power], "SET CONCEDE")
        assert "Your concession to Russia is recorded. Votes are secret" in body
        assert "The vote has passed" not in body
    assert notices(talk, address_of("RUSSIA")) == []
    body = say(talk, players[others[5]], "SET CONCEDE russia")
    assert "The game is over: Russia wins: every other surviving player conceded." in body
    result = game_row(talk)["result"]
    assert isinstance(result, dict)
    assert (result["kind"], result["winners"]) == ("concession", ["RUSSIA"])
    [mail] = [m for m in talk.mails_to(address_of("RUSSIA")) if "over" in m.subject]
    assert "Game alpha is over: Russia wins" in mail.body


def test_a_withdrawn_concession_does_not_count(talk: Conversation) -> None:
    players = started_game(talk)
    others = [p for p in POWERS if p != "RUSSIA"]
    for power in others[:5]:
        say(talk, players[power], "SET CONCEDE")
    assert "Your concession is withdrawn." in say(talk, players["AUSTRIA"], "SET NOCONCEDE")
    assert "You had not conceded." in say(talk, players["AUSTRIA"], "SET NOCONCEDE")
    assert "The vote has passed" not in say(talk, players[others[5]], "SET CONCEDE")


@pytest.mark.parametrize(("power", "line", "reason"), [
    ("RUSSIA", "SET CONCEDE", "you cannot concede to yourself"),
    ("FRANCE", "SET CONCEDE Prussia", "'Prussia' is not a surviving power of alpha; write "
                                      "e.g. SET CONCEDE Austria"),
    ("FRANCE", "SET CONCEDE France", "you cannot concede to yourself"),
])
def test_concession_errors(talk: Conversation, power: str, line: str, reason: str) -> None:
    players = started_game(talk)
    assert reason in say(talk, players[power], line)


def test_concede_without_a_single_leader_needs_a_name(talk: Conversation) -> None:
    players = started_game(talk)
    # Turkey owns neutral Rumania in the books: Russia and Turkey share the lead with four.
    with talk.judge.db.unit_of_work() as session:
        turn = current_turn(session, find_game(session, "alpha"))
        assert turn is not None
        before = dict(turn.position_before)
        before["owners"] = {**before["owners"], "rum": "TURKEY"}
        turn.position_before = before
    body = say(talk, players["FRANCE"], "SET CONCEDE")
    assert "no single power leads in supply centres; name the one you concede to, e.g. " \
           "SET CONCEDE Austria" in body
