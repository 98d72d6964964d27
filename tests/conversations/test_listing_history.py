"""HISTORY and SUMMARY, by mail, on both backends."""

from __future__ import annotations

import pytest

from judge.commands import turn_history
from judge.game.games import find_game
from judge.game.lifecycle import add_seat, create_game
from judge.store import repo
from judge.store.models import SeatRole, SeatStatus
from tests.conversations.accounts_listings import (
    MASTER_PASSWORD,
    POWERS,
    STRANGER,
    Player,
    details,
    hide_other_sides,
    process,
    send,
    standard_game,
)
from tests.conversations.harness import Conversation


def _bounce(talk: Conversation) -> dict[str, Player]:
    """alpha's Spring 1901: Paris and Munich both try Burgundy; both bounce."""
    players = standard_game(talk)
    process(talk, "alpha", {"FRANCE": ["A par-bur"], "GERMANY": ["A mun-bur"]})
    return players


def test_history_shows_the_stored_report(talk: Conversation) -> None:
    _bounce(talk)
    detail = details(send(talk, STRANGER, "HISTORY alpha"), "HISTORY alpha")
    assert detail[:4] == ["1 turn of alpha (S1901M).", "",
                          "Standard Diplomacy: Spring 1901 Movement", "Report for: Public"]
    assert "France:   A Paris -> Burgundy. (*bounce*)" in detail
    assert "Germany:  A Munich -> Burgundy. (*bounce*)" in detail
    assert "France:   A Marseilles HOLD (no order)." in detail
    # The turn that followed is still open, so its deadline is worth showing.
    assert detail[-2:] == ["The next phase is Fall 1901 Movement.",
                           "Deadline: Thu 05 Nov 2026 09:00 UTC"]


def test_history_is_read_as_the_readers_seat(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    hide_other_sides(monkeypatch)
    france = _bounce(talk)["FRANCE"]
    as_france = send(talk, france.address,
                      f"SIGNON Falpha {france.password}\nHISTORY alpha").body
    assert "Report for: France" in as_france
    assert "A Paris -> Burgundy. (*bounce*)" in as_france
    assert "A Munich -> Burgundy." not in as_france
    as_observer = send(talk, STRANGER, "HISTORY alpha").body
    assert "Report for: Public" in as_observer
    assert "Burgundy" not in as_observer
    as_master = send(talk, "gm-alpha@example.org",
                      f"SIGNON Malpha {MASTER_PASSWORD}\nHISTORY alpha").body
    assert "Report for: Master" in as_master
    assert "Germany:  A Munich -> Burgundy. (*bounce*)" in as_master


def test_history_ranges_and_the_limit(talk: Conversation,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    standard_game(talk)
    for _ in range(3):  # S1901M, F1901M, S1902M: nobody orders, nothing to adjust
        process(talk, "alpha")
    monkeypatch.setattr(turn_history, "HISTORY_LIMIT", 2)

    def titles(line: str) -> list[str]:
        detail = details(send(talk, STRANGER, line), line)
        return [detail[0], *(t for t in detail if t.startswith("Standard Diplomacy: "))]

    assert titles("HISTORY alpha") == [
        "The last 2 of 3 turns of alpha (F1901M to S1902M); for earlier ones give phases, "
        "e.g. HISTORY alpha S1901M S1901M",
        "Standard Diplomacy: Fall 1901 Movement", "Standard Diplomacy: Spring 1902 Movement"]
    assert titles("HISTORY alpha S1901M F1901M") == [
        "2 turns of alpha (S1901M to F1901M).",
        "Standard Diplomacy: Spring 1901 Movement", "Standard Diplomacy: Fall 1901 Movement"]
    assert titles("HIST alpha from spring 1901 movement") == [
        "3 turns of alpha (S1901M to S1902M).", "Standard Diplomacy: Spring 1901 Movement",
        "Standard Diplomacy: Fall 1901 Movement", "Standard Diplomacy: Spring 1902 Movement"]


def test_history_shows_ten_turns_unless_asked() -> None:
    assert turn_history.HISTORY_LIMIT == 10


def test_history_of_a_game_not_yet_played(talk: Conversation) -> None:
    standard_game(talk, "beta", players=1, start=False)
    assert details(send(talk, STRANGER, "HISTORY beta"), "HISTORY beta") == [
        "No turn of beta has been processed yet."]


_TAKES = ("HISTORY takes a year (1901: every phase of it), a phase (S1901M or Spring 1901 "
          "Movement; S1901: the season's first phase: from it on), or two of them (from, "
          "to), e.g. HISTORY alpha 1901 or HISTORY alpha S1901M F1902M")


@pytest.mark.parametrize(("line", "reason"), [
    ("HISTORY", "say which game: write HISTORY [game] [from] [to], e.g. HISTORY alpha or "
                "HISTORY alpha 1901, or sign on first (SIGNON Falpha <password>) for your "
                "own game"),
    ("HISTORY 1901", "say which game: write HISTORY [game] [from] [to], e.g. HISTORY alpha "
                     "or HISTORY alpha 1901, or sign on first (SIGNON Falpha <password>) "
                     "for your own game"),
    ("HISTORY nosuch", "no game called 'nosuch'; send LIST for the games on this judge"),
    ("HISTORY alpha Summer 1901", f"'Summer 1901' is not a phase or a year of alpha. {_TAKES}"),
    ("HISTORY alpha S1901A", f"'S1901A' is not a phase or a year of alpha. {_TAKES}"),
    ("HISTORY alpha F1901M S1901M", "F1901M comes after S1901M; give the earlier one "
                                    "first, e.g. HISTORY alpha S1901M F1901M"),
    ("HISTORY alpha 1903 1901", "1903 comes after 1901; give the earlier one first, e.g. "
                                "HISTORY alpha 1901 1903"),
    ("HISTORY alpha S1901M F1901M S1902M", "give at most two phases or years, where to "
                                           "start and where to stop, e.g. HISTORY alpha "
                                           "S1901M F1901M"),
    ("HISTORY alpha F1901M", "no turn of alpha was processed in that range; send HISTORY "
                             "alpha for the latest turns"),
    ("HISTORY alpha 1902", "no turn of alpha was processed in that range; send HISTORY "
                           "alpha for the latest turns"),
])
def test_history_errors(talk: Conversation, line: str, reason: str) -> None:
    standard_game(talk, players=0, start=False)
    reply = send(talk, STRANGER, line)
    assert reply.subject == "[errors] Re: commands"
    assert details(reply, line) == [reason]


def _play_1901(talk: Conversation) -> dict[str, str]:
    """France takes Spain in 1901 and builds; Italy's player is replaced in the Winter."""
    players = standard_game(talk)
    process(talk, "alpha", {"FRANCE": ["A mar-spa"]})
    process(talk, "alpha")
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, "alpha")
        italy = next(s for s in game.seats if s.power == "ITALY")
        italy.status = SeatStatus.RESIGNED
        newcomer = repo.create_account(session, name="Nia New", address="nia@example.org")
        add_seat(session, game, newcomer, SeatRole.PLAYER, "pw", power="ITALY")
    process(talk, "alpha", {"FRANCE": ["build A mar"]})
    return {power: player.name for power, player in players.items()}


def test_summary(talk: Conversation) -> None:
    names = _play_1901(talk)
    detail = details(send(talk, STRANGER, "SUMMARY alpha"), "SUMMARY alpha")
    players = [f"  {p + ':':<10}{names[p.upper()]}" for p in POWERS]
    players[4] = f"  Italy:    {names['ITALY']} (resigned), then Nia New"
    assert detail == [
        "Game alpha: Standard Diplomacy, active",
        "Master: Gina Master",
        "",
        "Players:",
        *players,
        "",
        "Supply centres:",
        "             Start  1901",
        "  Austria        3     3",
        "  England        3     3",
        "  France         3     4",
        "  Germany        3     3",
        "  Italy          3     3",
        "  Russia         4     4",
        "  Turkey         3     3",
    ]


def test_summary_counts_only_what_the_reader_sees(
        talk: Conversation, monkeypatch: pytest.MonkeyPatch) -> None:
    hide_other_sides(monkeypatch)
    _play_1901(talk)
    with talk.judge.db.unit_of_work() as session:
        france = next(s for s in find_game(session, "alpha").seats if s.power == "FRANCE")
        address = france.account.addresses[0].address
    # The players' passwords are pw<i>, i the digit in their address (accounts_listings).
    body = f"SIGNON Falpha pw{address.split('-p')[1][0]}\nSUMM alpha"
    table = details(send(talk, address, body), "SUMM alpha")[-8:]
    # The others' centres are hidden from France: unknown, never a false 0.
    assert table == [f"  {p:<10}     ?     ?" for p in POWERS[:2]] + [
        "  France         3     4", *(f"  {p:<10}     ?     ?" for p in POWERS[3:]),
        "  (?: not known to you: this game hides other powers' centres)"]


def test_summary_of_a_forming_game(talk: Conversation) -> None:
    standard_game(talk, "beta", players=1, start=False)
    detail = details(send(talk, STRANGER, "SUMMARY beta"), "SUMMARY beta")
    assert "  Austria:  (nobody yet)" in detail
    assert detail[-1] == "No turn has been played yet, so there are no centre counts."


def test_summary_errors(talk: Conversation) -> None:
    with talk.judge.db.unit_of_work() as session:
        gm = repo.create_account(session, name="Gina", address="gm@example.org")
        create_game(session, name="alpha", password="x", variant="standard", master=gm)
    reply = send(talk, STRANGER, "SUMMARY\nSUMMARY nosuch\nSUMMARY alpha beta")
    assert details(reply, "SUMMARY") == ["write SUMMARY <game>, e.g. SUMMARY alpha"]
    assert details(reply, "SUMMARY nosuch") == [
        "no game called 'nosuch'; send LIST for the games on this judge"]
    assert details(reply, "SUMMARY alpha beta") == ["write SUMMARY <game>, e.g. SUMMARY alpha"]


def test_history_of_a_game_ended_by_its_master_shows_no_deadline(talk: Conversation) -> None:
    _bounce(talk)
    send(talk, "gm-alpha@example.org", f"SIGNON Malpha {MASTER_PASSWORD}\nEND GAME")
    lines = details(send(talk, STRANGER, "HISTORY alpha"), "HISTORY alpha")
    # F1901M was open when the game ended: it will never have a deadline.
    assert lines[-1] == "The next phase is Fall 1901 Movement."
    assert not [line for line in lines if line.startswith("Deadline")]


def test_summary_of_a_finished_game_gives_its_result(talk: Conversation) -> None:
    standard_game(talk)
    send(talk, "gm-alpha@example.org", f"SIGNON Malpha {MASTER_PASSWORD}\nEND GAME WIN Italy")
    lines = details(send(talk, STRANGER, "SUMMARY alpha"), "SUMMARY alpha")
    assert lines[:2] == ["Game alpha: Standard Diplomacy, finished",
                         "Result: won by Italy, ended in S1901M"]
