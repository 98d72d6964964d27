"""LIST, LIST game, HISTORY and SUMMARY, by mail, on both backends."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta

import pytest

from judge.commands import listing
from judge.engine.outcome import Event, OrderResult
from judge.engine.position import Position
from judge.engine.visibility import Role, Viewer
from judge.game.games import find_game
from judge.game.games import game_variant as real_game_variant
from judge.game.lifecycle import add_seat, create_game
from judge.store import repo
from judge.store.models import Game, GameState, SeatRole, SeatStatus
from judge.variant import Variant
from tests.conversations.accounts_listings import (
    MASTER_PASSWORD,
    Player,
    process,
    register,
    standard_game,
)
from tests.conversations.harness import Conversation, Mail

STRANGER = "someone@example.org"  # not registered: reads as an observer
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


class OwnSideOnly:
    """A stub visibility: a player sees only their own orders, units and centres, an
    observer nobody's, the master everything."""

    def project(self, events: Sequence[Event], viewer: Viewer) -> tuple[Event, ...]:
        if viewer.role == Role.MASTER:
            return tuple(events)
        return tuple(e for e in events
                     if not isinstance(e, OrderResult) or e.power == viewer.power)

    def board(self, position: Position, viewer: Viewer) -> Position:
        if viewer.role == Role.MASTER:
            return position
        units = tuple(u for u in position.units if u.power == viewer.power)
        owners = {c: p for c, p in position.owners.items() if p == viewer.power}
        return position.with_board(units, position.dislodged, owners)


@pytest.fixture
def hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game the listing commands read plays by OwnSideOnly."""
    def variant_of(game: Game) -> Variant:
        base = real_game_variant(game)
        return dataclasses.replace(
            base, rules=dataclasses.replace(base.rules, visibility=OwnSideOnly()))
    monkeypatch.setattr(listing, "game_variant", variant_of)


def _send(talk: Conversation, sender: str, body: str) -> Mail:
    reply = talk.send(sender, body)
    assert reply is not None
    return reply


def _detail(reply: Mail, line: str) -> list[str]:
    """The indented lines answering `line` in the reply, unindented."""
    lines = reply.body.split("\n")
    start = next(i for i, text in enumerate(lines) if text.endswith(f": {line}"))
    out = []
    for text in lines[start + 1:]:
        if text and not text.startswith("    "):
            break
        out.append(text[4:])
    while out and not out[-1]:
        out.pop()
    return out


def _set_state(talk: Conversation, name: str, state: GameState,
               result: dict[str, object] | None = None) -> None:
    with talk.judge.db.unit_of_work() as session:
        game = find_game(session, name)
        game.state, game.result = state, result


def test_list_without_games(talk: Conversation) -> None:
    reply = _send(talk, STRANGER, "LIST")
    assert _detail(reply, "LIST") == ["There are no games on this judge yet; a game master "
                                      "starts one with CREATE (see HELP CREATE)."]


def test_list_shows_forming_running_and_finished_games(talk: Conversation) -> None:
    standard_game(talk, "alpha")
    standard_game(talk, "beta", players=2, start=False)
    standard_game(talk, "gamma", players=0, start=False)
    _set_state(talk, "gamma", GameState.FINISHED,
               {"kind": "solo", "winners": ["FRANCE"], "phase": "F1905M"})
    standard_game(talk, "delta", players=0, start=False)
    _set_state(talk, "delta", GameState.FINISHED,
               {"kind": "draw", "winners": ["FRANCE", "GERMANY"], "phase": "S1910M"})
    assert _detail(_send(talk, STRANGER, "list"), "list") == [
        "Forming (JOIN <game> <password> to play):",
        "  beta: standard, forming, 2 of 7 players",
        "",
        "Running:",
        "  alpha: standard, active, S1901M, 7 players",
        "",
        "Finished:",
        "  delta: standard, finished, draw (France and Germany) in S1910M",
        "  gamma: standard, finished, won by France in F1905M",
        "",
        "LIST <game> tells more about one game.",
    ]
    _set_state(talk, "alpha", GameState.PAUSED)
    assert "  alpha: standard, paused, S1901M, 7 players" in _send(talk, STRANGER, "LIST").body


def test_list_a_forming_game_shows_who_joined(talk: Conversation) -> None:
    standard_game(talk, "beta", players=2, start=False)
    assert _detail(_send(talk, STRANGER, "LIST beta"), "LIST beta") == [
        "Game beta: Standard Diplomacy (standard), forming",
        "Master: Gina Master",
        "Players (2 of 7): Ann Archer, Ben Baker",
        "Powers are given out when the game starts.",
    ]


def test_list_a_running_game(talk: Conversation) -> None:
    players = standard_game(talk)
    france = players["FRANCE"]
    register(talk, "reader@example.org", "Rita Reader", "Europe/Paris")
    _send(talk, france.address, f"SIGNON Falpha {france.password}\nA par-bur\nA mar-spa\n"
                                "F bre-mao")
    detail = _detail(_send(talk, "reader@example.org", "LIST ALPHA"), "LIST ALPHA")
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
        _send(talk, "reader@example.org", "LIST alpha").body


def test_list_names_late_powers_only_to_those_who_see_them(talk: Conversation,
                                                           hidden: None) -> None:
    players = standard_game(talk)
    late = "Orders missing or incomplete: "
    assert f"{late}none" in _send(talk, STRANGER, "LIST alpha").body
    france = players["FRANCE"]
    # France's player, signed on: only France's units are in view.
    signed = f"SIGNON Falpha {france.password}\nLIST alpha"
    assert f"{late}France\n" in _send(talk, france.address, signed).body
    # The address alone opens no seat's view: a From line is easily forged.
    assert f"{late}none" in _send(talk, france.address, "LIST alpha").body
    master = _send(talk, "gm-alpha@example.org", f"SIGNON Malpha {MASTER_PASSWORD}\nLIST alpha")
    assert f"{late}{', '.join(POWERS)}\n" in master.body


def test_list_errors(talk: Conversation) -> None:
    reply = _send(talk, STRANGER, "LIST nosuch\nLIST alpha beta")
    assert reply.subject == "[errors] Re: commands"
    assert _detail(reply, "LIST nosuch") == [
        "no game called 'nosuch'; send LIST for the games on this judge"]
    assert _detail(reply, "LIST alpha beta") == [
        "write LIST for every game, or LIST <game>, e.g. LIST alpha"]


def _bounce(talk: Conversation) -> dict[str, Player]:
    """alpha's Spring 1901: Paris and Munich both try Burgundy; both bounce."""
    players = standard_game(talk)
    process(talk, "alpha", {"FRANCE": ["A par-bur"], "GERMANY": ["A mun-bur"]})
    return players


def test_history_shows_the_stored_report(talk: Conversation) -> None:
    _bounce(talk)
    detail = _detail(_send(talk, STRANGER, "HISTORY alpha"), "HISTORY alpha")
    assert detail[:4] == ["1 turn of alpha (S1901M).", "",
                          "Standard Diplomacy: Spring 1901 Movement", "Report for: Observer"]
    assert "France:   A Paris -> Burgundy. (*bounce*)" in detail
    assert "Germany:  A Munich -> Burgundy. (*bounce*)" in detail
    assert "France:   A Marseilles HOLD." in detail
    # The turn that followed is still open, so its deadline is worth showing.
    assert detail[-2:] == ["The next phase is Fall 1901 Movement.",
                           "Deadline: Thu 05 Nov 2026 09:00 UTC"]


def test_history_is_read_as_the_readers_seat(talk: Conversation, hidden: None) -> None:
    france = _bounce(talk)["FRANCE"]
    as_france = _send(talk, france.address,
                      f"SIGNON Falpha {france.password}\nHISTORY alpha").body
    assert "Report for: France" in as_france
    assert "A Paris -> Burgundy. (*bounce*)" in as_france
    assert "A Munich -> Burgundy." not in as_france
    as_observer = _send(talk, STRANGER, "HISTORY alpha").body
    assert "Report for: Observer" in as_observer
    assert "Burgundy" not in as_observer
    as_master = _send(talk, "gm-alpha@example.org",
                      f"SIGNON Malpha {MASTER_PASSWORD}\nHISTORY alpha").body
    assert "Report for: Master" in as_master
    assert "Germany:  A Munich -> Burgundy. (*bounce*)" in as_master


def test_history_ranges_and_the_limit(talk: Conversation,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    standard_game(talk)
    for _ in range(3):  # S1901M, F1901M, S1902M: nobody orders, nothing to adjust
        process(talk, "alpha")
    monkeypatch.setattr(listing, "HISTORY_LIMIT", 2)

    def titles(line: str) -> list[str]:
        detail = _detail(_send(talk, STRANGER, line), line)
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
    assert listing.HISTORY_LIMIT == 10


def test_history_of_a_game_not_yet_played(talk: Conversation) -> None:
    standard_game(talk, "beta", players=1, start=False)
    assert _detail(_send(talk, STRANGER, "HISTORY beta"), "HISTORY beta") == [
        "No turn of beta has been processed yet."]


@pytest.mark.parametrize(("line", "reason"), [
    ("HISTORY", "write HISTORY <game> [from phase] [to phase], e.g. HISTORY alpha S1901M "
                "F1901M"),
    ("HISTORY nosuch", "no game called 'nosuch'; send LIST for the games on this judge"),
    ("HISTORY alpha Spring 1901", "'Spring 1901' is not a phase of this game; write a phase "
                                  "as S1901M or Spring 1901 Movement"),
    ("HISTORY alpha S1901A", "'S1901A' is not a phase of this game; write a phase as "
                             "S1901M or Spring 1901 Movement"),
    ("HISTORY alpha F1901M S1901M", "F1901M comes after S1901M; give the earlier phase "
                                    "first, e.g. HISTORY alpha S1901M F1901M"),
    ("HISTORY alpha S1901M F1901M S1902M", "give at most two phases, where to start and "
                                           "where to stop, e.g. HISTORY alpha S1901M F1901M"),
    ("HISTORY alpha F1901M", "no turn of alpha was processed in that range; send HISTORY "
                             "alpha for the latest turns"),
])
def test_history_errors(talk: Conversation, line: str, reason: str) -> None:
    standard_game(talk, players=0, start=False)
    reply = _send(talk, STRANGER, line)
    assert reply.subject == "[errors] Re: commands"
    assert _detail(reply, line) == [reason]


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
    detail = _detail(_send(talk, STRANGER, "SUMMARY alpha"), "SUMMARY alpha")
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


def test_summary_counts_only_what_the_reader_sees(talk: Conversation, hidden: None) -> None:
    _play_1901(talk)
    with talk.judge.db.unit_of_work() as session:
        france = next(s for s in find_game(session, "alpha").seats if s.power == "FRANCE")
        address = france.account.addresses[0].address
    # The players' passwords are pw<i>, i the digit in their address (accounts_listings).
    body = f"SIGNON Falpha pw{address.split('-p')[1][0]}\nSUMM alpha"
    table = _detail(_send(talk, address, body), "SUMM alpha")[-7:]
    assert table == [f"  {p:<10}     0     0" for p in POWERS[:2]] + [
        "  France         3     4", *(f"  {p:<10}     0     0" for p in POWERS[3:])]


def test_summary_of_a_forming_game(talk: Conversation) -> None:
    standard_game(talk, "beta", players=1, start=False)
    detail = _detail(_send(talk, STRANGER, "SUMMARY beta"), "SUMMARY beta")
    assert "  Austria:  (nobody yet)" in detail
    assert detail[-1] == "No turn has been played yet, so there are no centre counts."


def test_summary_errors(talk: Conversation) -> None:
    with talk.judge.db.unit_of_work() as session:
        gm = repo.create_account(session, name="Gina", address="gm@example.org")
        create_game(session, name="alpha", password="x", variant="standard", master=gm)
    reply = _send(talk, STRANGER, "SUMMARY\nSUMMARY nosuch\nSUMMARY alpha beta")
    assert _detail(reply, "SUMMARY") == ["write SUMMARY <game>, e.g. SUMMARY alpha"]
    assert _detail(reply, "SUMMARY nosuch") == [
        "no game called 'nosuch'; send LIST for the games on this judge"]
    assert _detail(reply, "SUMMARY alpha beta") == ["write SUMMARY <game>, e.g. SUMMARY alpha"]
