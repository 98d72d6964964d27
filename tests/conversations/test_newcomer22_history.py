"""HISTORY as an njudge player writes it (newcomer pass 22), by mail on both backends:
without a game name (the game he signed on to, or the only one his account has a seat
in), with a year for every phase of it, and refusals that quote what was not understood."""

from __future__ import annotations

import pytest

from judge.game.games import find_game
from judge.game.lifecycle import add_seat
from judge.store import repo
from judge.store.models import SeatRole
from tests.conversations.accounts_listings import (
    STRANGER,
    Player,
    details,
    hide_other_sides,
    process,
    send,
    standard_game,
)
from tests.conversations.harness import Conversation


def _three_turns(talk: Conversation) -> dict[str, Player]:
    """alpha plays S1901M (Paris and Munich bounce in Burgundy), F1901M and S1902M."""
    players = standard_game(talk)
    process(talk, "alpha", {"FRANCE": ["A par-bur"], "GERMANY": ["A mun-bur"]})
    process(talk, "alpha")
    process(talk, "alpha")
    return players


def _titles(lines: list[str]) -> list[str]:
    return [t.removeprefix("Standard Diplomacy: ") for t in lines
            if t.startswith("Standard Diplomacy: ")]


def test_history_alone_after_signon_is_the_signed_on_game(talk: Conversation) -> None:
    france = _three_turns(talk)["FRANCE"]
    standard_game(talk, "beta", players=0, start=False)  # a game he has no seat in
    body = f"SIGNON Falpha {france.password}\nHISTORY"
    lines = details(send(talk, france.address, body), "HISTORY")
    assert lines[:2] == ["alpha: the game you signed on to.",
                         "3 turns of alpha (S1901M to S1902M)."]
    assert "Report for: France" in lines


def test_history_alone_is_the_only_game_of_the_account(talk: Conversation) -> None:
    germany = _three_turns(talk)["GERMANY"]
    standard_game(talk, "beta", players=0, start=False)
    lines = details(send(talk, germany.address, "HISTORY 1901"), "HISTORY 1901")
    # No password was given: the public's view, and the reply says so.
    assert lines[:2] == [
        "alpha: the only game you have a seat in, as the public sees it (SIGNON first for "
        "what your seat was told).",
        "2 turns of alpha (S1901M to F1901M)."]
    assert "Report for: Public" in lines and "Report for: Germany" not in lines


def test_history_alone_with_seats_in_two_games_asks_which(talk: Conversation) -> None:
    _three_turns(talk)
    standard_game(talk, "beta", players=0, start=False)
    gina = "gm-alpha@example.org"  # alpha's master, who observes beta too
    with talk.judge.db.unit_of_work() as session:
        account = repo.account_by_address(session, gina)
        assert account is not None
        add_seat(session, find_game(session, "beta"), account, SeatRole.OBSERVER, "obs")
    assert details(send(talk, gina, "HISTORY"), "HISTORY") == [
        "say which game: you have seats in alpha, beta; write e.g. HISTORY alpha, or sign "
        "on first (SIGNON) to one of them"]


@pytest.mark.parametrize(("line", "titles"), [
    ("HISTORY alpha 1901", ["Spring 1901 Movement", "Fall 1901 Movement"]),
    ("HISTORY alpha 1902", ["Spring 1902 Movement"]),
    ("HISTORY alpha 1901 1902", ["Spring 1901 Movement", "Fall 1901 Movement",
                                 "Spring 1902 Movement"]),
    ("HISTORY alpha from 1902", ["Spring 1902 Movement"]),
    ("HISTORY alpha S1901M", ["Spring 1901 Movement", "Fall 1901 Movement",
                              "Spring 1902 Movement"]),
    ("HISTORY alpha F1901M 1902", ["Fall 1901 Movement", "Spring 1902 Movement"]),
])
def test_history_of_a_year(talk: Conversation, line: str, titles: list[str]) -> None:
    _three_turns(talk)
    assert _titles(details(send(talk, STRANGER, line), line)) == titles


def test_history_of_a_year_after_signon_keeps_the_seats_view(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    hide_other_sides(monkeypatch)
    france = _three_turns(talk)["FRANCE"]
    body = f"SIGNON Falpha {france.password}\nHIST 1901"
    text = "\n".join(details(send(talk, france.address, body), "HIST 1901"))
    assert "Report for: France" in text
    assert "A Paris -> Burgundy. (*bounce*)" in text
    assert "Munich" not in text  # Germany's army: not France's to know here


def test_history_refusals_quote_what_was_not_understood(talk: Conversation) -> None:
    france = _three_turns(talk)["FRANCE"]
    takes = ("HISTORY takes a year (1901: every phase of it), a phase (S1901M or Spring "
             "1901 Movement; S1901: the season's first phase: from it on), or two of them "
             "(from, to), e.g. HISTORY alpha 1901 or HISTORY alpha S1901M S1902M")
    reply = send(talk, france.address,
                 f"SIGNON Falpha {france.password}\nHISTORY lastyear\nHISTORY alpha 19o1")
    assert details(reply, "HISTORY lastyear") == [
        f"'lastyear' is neither a game nor a phase or a year of alpha. {takes}"]
    assert details(reply, "HISTORY alpha 19o1") == [
        f"'19o1' is not a phase or a year of alpha. {takes}"]
