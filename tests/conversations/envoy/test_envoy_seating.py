"""Envoy by mail: CREATE with the game's options, JOIN with preference lists, the start."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from judge.game.games import find_game
from judge.store.models import Seat
from tests.conversations.envoy.envoy_setup import ANN, BOB, create, envoy_game, join, start_state
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER, account, reply, seats


def test_create_keeps_the_options_and_waits_for_the_number_of_players(
        talk: Conversation) -> None:
    answer = create(talk, "players=3 hidden=stab observers_see_all=yes")
    assert "Game beta (Envoy) is created" in answer.body
    assert "it starts when all 3 have joined" in answer.body
    with talk.judge.db.unit_of_work() as session:
        assert find_game(session, "beta").variant_options == {
            "players": 3, "hidden": "stab", "observers_see_all": True}
    join(talk, ANN, "F")
    assert "Players so far: 2 of 3" in join(talk, BOB, "G").body
    assert "has started" in join(talk, "cat@example.org", "E").body
    assert [p for _, role, p, _ in seats(talk, "beta") if role == "player"] == [
        "FRANCE", "GERMANY", "ENGLAND"]


@pytest.mark.parametrize(("options", "reason"), [
    ("players=8", "players=8 is not allowed: players must be a number from 2 to 7"),
    ("players=1", "players=1 is not allowed: players must be a number from 2 to 7"),
    ("players=two", "players=two is not allowed: players must be a number from 2 to 7"),
    ("hidden=maybe", "hidden=maybe is not allowed: hidden must be none or secret or stab"),
    ("observers_see_all=perhaps", "observers_see_all must be yes or no"),
    ("speed=fast", "'speed=fast' is not an option; write option=value, e.g. "
                   "victory_centres=17; the options are players, hidden, observers_see_all, "),
])
def test_create_errors(talk: Conversation, options: str, reason: str) -> None:
    answer = create(talk, options)
    assert answer.subject == "[errors] Re: commands"
    assert reason in answer.body
    with talk.judge.db.unit_of_work() as session:
        assert session.scalars(sa.select(Seat)).all() == []


def test_first_choices_that_differ_are_given_and_the_start_state_is_written(
        talk: Conversation) -> None:
    create(talk, "hidden=secret")
    join(talk, ANN, "Italy France")  # completed in the variant's order: I F A E G R T
    join(talk, BOB, "France Italy")
    assert [p for _, role, p, _ in seats(talk, "beta") if role == "player"] == [
        "ITALY", "FRANCE"]
    state = start_state(talk)
    assert state["players"] == ["FRANCE", "ITALY"]
    assert (state["hidden"], state["observers_see_all"]) == ("secret", False)
    assert isinstance(state["seed"], int) and 0 <= state["seed"] < 2 ** 63
    notice = talk.mails_to(ANN)[-1]
    assert notice.subject == "beta: the game has started"
    assert "You play Italy." in notice.body
    assert "Sign on with: SIGNON Ibeta <your password>" in notice.body
    assert "seed" not in notice.body
    roster = talk.mails_to(MASTER)[-1].body
    assert "  France: bob <bob@example.org>\n  Italy: ann <ann@example.org>" in roster


def test_identical_lists_are_settled_by_lot_first_and_second_choice(
        talk: Conversation) -> None:
    create(talk)
    join(talk, ANN, "G F E I A R T")
    join(talk, BOB, "G F E I A R T")
    # Rule 2: the winner of the lot gets Germany, the loser his second choice, France.
    got = sorted(p or "" for _, role, p, _ in seats(talk, "beta") if role == "player")
    assert got == ["FRANCE", "GERMANY"]


def test_a_full_envoy_game_takes_no_third_player(talk: Conversation) -> None:
    envoy_game(talk)
    account(talk, "cat@example.org")
    answer = reply(talk, "cat@example.org", "JOIN beta pw-c E")
    assert "game beta has already started" in answer.body


def test_list_counts_the_seats_the_game_takes(talk: Conversation) -> None:
    # Issue #13, also found: an Envoy game of three players was listed as "0 of 7".
    create(talk, "players=3")
    join(talk, ANN, "F")
    account(talk, "cat@example.org")
    listed = reply(talk, "cat@example.org", "LIST").body
    assert "      beta: envoy, forming, 1 of 3 players\n" in listed
    described = reply(talk, "cat@example.org", "LIST beta").body
    assert "    Players (1 of 3): ann\n" in described
