"""LIST and LIST game, by mail, on both backends."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.store.models import GameState
from tests.conversations.accounts_listings import (
    MASTER_PASSWORD,
    POWERS,
    STRANGER,
    details,
    hide_other_sides,
    register,
    send,
    set_state,
    standard_game,
)
from tests.conversations.harness import Conversation


def test_list_without_games(talk: Conversation) -> None:
    reply = send(talk, STRANGER, "LIST")
    assert details(reply, "LIST") == ["There are no games on this judge yet; a game master "
                                      "starts one with CREATE (see HELP CREATE)."]


def test_list_shows_forming_running_and_finished_games(talk: Conversation) -> None:
    standard_game(talk, "alpha")
    standard_game(talk, "beta", players=2, start=False)
    standard_game(talk, "gamma", players=0, start=False)
    set_state(talk, "gamma", GameState.FINISHED,
              {"kind": "solo", "winners": ["FRANCE"], "phase": "F1905M"})
    standard_game(talk, "delta", players=0, start=False)
    set_state(talk, "delta", GameState.FINISHED,
              {"kind": "draw", "winners": ["FRANCE", "GERMANY"], "phase": "S1910M"})
    assert details(send(talk, STRANGER, "list"), "list") == [
        "Forming (JOIN <game> <password> to play):",
        "  beta: standard, forming, 2 of 7 players",
        "",
        "Running:",
        "  alpha: standard, active, S1901M, 7 players",
        "",
        "Finished:",
        "  delta: standard, finished: draw between France and Germany, ended in S1910M",
        "  gamma: standard, finished: won by France, ended in F1905M",
        "",
        "LIST <game> tells more about one game.",
    ]
    set_state(talk, "alpha", GameState.PAUSED)
    assert "  alpha: standard, paused, S1901M, 7 players" in send(talk, STRANGER, "LIST").body


def test_list_a_forming_game_shows_who_joined(talk: Conversation) -> None:
    standard_game(talk, "beta", players=2, start=False)
    assert details(send(talk, STRANGER, "LIST beta"), "LIST beta") == [
        "Game beta: Standard Diplomacy (standard), forming",
        "Master: Gina Master",
        "Players (2 of 7): Ann Archer, Ben Baker",
        "Powers are given out when the game starts.",
    ]


def test_list_a_running_game(talk: Conversation) -> None:
    players = standard_game(talk)
    france = players["FRANCE"]
    register(talk, "reader@example.org", "Rita Reader", "Europe/Paris")
    send(talk, france.address, f"SIGNON Falpha {france.password}\nA par-bur\nA mar-spa\n"
                                "F bre-mao")
    detail = details(send(talk, "reader@example.org", "LIST ALPHA"), "LIST ALPHA")
    # The deadline is three days after the start (Monday 09:00 UTC), in Rita's zone.
    assert detail == [
        "Game alpha: Standard Diplomacy (standard), active",
        "Master: Gina Master",
        "Phase: Spring 1901 Movement (S1901M)",
        "Deadline: Thu 05 Nov 2026 10:00 Europe/Paris (3 days left)",
        "Orders missing or incomplete: Austria, England, Germany, Italy, Russia, Turkey",
        "Powers:",
        *(f"  {power + ':':<10}{players[power.upper()].name}" for power in POWERS),
    ]
    talk.clock.advance(timedelta(days=4))
    assert "Deadline: Thu 05 Nov 2026 10:00 Europe/Paris (passed)\n" in \
        send(talk, "reader@example.org", "LIST alpha").body


def test_list_names_late_powers_only_to_those_who_see_them(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    hide_other_sides(monkeypatch)
    players = standard_game(talk)
    late = "Orders missing or incomplete: "
    assert f"{late}none" in send(talk, STRANGER, "LIST alpha").body
    france = players["FRANCE"]
    # France's player, signed on: only France's units are in view.
    signed = f"SIGNON Falpha {france.password}\nLIST alpha"
    assert f"{late}France\n" in send(talk, france.address, signed).body
    # The address alone opens no seat's view: a From line is easily forged.
    assert f"{late}none" in send(talk, france.address, "LIST alpha").body
    master = send(talk, "gm-alpha@example.org", f"SIGNON Malpha {MASTER_PASSWORD}\nLIST alpha")
    assert f"{late}{', '.join(POWERS)}\n" in master.body


def test_list_errors(talk: Conversation) -> None:
    reply = send(talk, STRANGER, "LIST nosuch\nLIST alpha beta")
    assert reply.subject == "[errors] Re: commands"
    assert details(reply, "LIST nosuch") == [
        "no game called 'nosuch'; send LIST for the games on this judge"]
    assert details(reply, "LIST alpha beta") == [
        "write LIST for every game, or LIST <game>, e.g. LIST alpha"]


# A game ended by a vote or by its master keeps the turn that was open; it must not show.

EVERYONE = "Austria, England, France, Germany, Italy, Russia and Turkey"


def test_a_game_drawn_by_vote_lists_as_finished_with_no_phase(talk: Conversation) -> None:
    players = standard_game(talk)
    for power, player in players.items():
        send(talk, player.address, f"SIGNON {power[0]}alpha {player.password}\nSET DRAW")
    assert "  alpha: standard, finished: draw between " \
           f"{EVERYONE}, ended in S1901M\n" in send(talk, STRANGER, "LIST").body
    assert details(send(talk, STRANGER, "LIST alpha"), "LIST alpha") == [
        "Game alpha: Standard Diplomacy (standard), finished",
        "Master: Gina Master",
        f"Result: draw between {EVERYONE}, ended in S1901M",
        "Powers:",
        *(f"  {power + ':':<10}{players[power.upper()].name}" for power in POWERS),
    ]


def test_a_game_ended_by_its_master_lists_as_finished_with_no_phase(
        talk: Conversation) -> None:
    standard_game(talk)
    send(talk, "gm-alpha@example.org", f"SIGNON Malpha {MASTER_PASSWORD}\n"
                                       "END GAME DRAW France Germany")
    listed = details(send(talk, STRANGER, "LIST"), "LIST")
    assert listed[:2] == ["Finished:", "  alpha: standard, finished: draw between France "
                                       "and Germany, ended in S1901M"]
    lines = details(send(talk, STRANGER, "LIST alpha"), "LIST alpha")
    assert lines[2] == "Result: draw between France and Germany, ended in S1901M"
    assert not [line for line in lines if line.startswith(("Phase", "Deadline", "Orders"))]


def test_abandoned_and_conceded_games_say_so(talk: Conversation) -> None:
    results: dict[str, dict[str, object]] = {
        "beta": {"kind": "abandoned", "winners": [], "phase": None},
        "gamma": {"kind": "concession", "winners": ["RUSSIA"], "phase": "F1902M"}}
    for name, result in results.items():
        standard_game(talk, name, players=0, start=False)
        set_state(talk, name, GameState.FINISHED, result)
    assert details(send(talk, STRANGER, "LIST"), "LIST")[1:3] == [
        "  beta: standard, finished: abandoned without a result",
        "  gamma: standard, finished: won by Russia by concession, ended in F1902M"]
