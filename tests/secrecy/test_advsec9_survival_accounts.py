"""Adversary advsec9 on the survival game's anonymity (rn45 F2: the judge never tells who
plays another power) through what belongs to France's player rather than to her seat: her
account's time zone. Game A: Alice, at UTC; game B: Carol, in Tokyo. Both write the same
bytes from their own addresses; the others and an observer must receive the same mail
through the turn: replies, lists, votes, late notices, and the deadline an absence moves
(SET ABSENCE read its dates in the writer's zone: "moves to Sat 07 Nov 2026 00:00 UTC" for
Alice, "Fri 06 Nov 2026 15:00 UTC" for Carol; now in UTC where who plays is secret)."""

from __future__ import annotations

from datetime import timedelta

from judge.store.db import Database
from tests.secrecy.noninterference import Seat
from tests.secrecy.test_adversary_madman_notice import sweep_at
from tests.secrecy.test_adversary_survival import (
    GAME,
    MASTER,
    OBSERVER,
    send_as_france,
    survival_table,
)
from tests.secrecy.twin import Twin

ZONES = ("UTC", "Asia/Tokyo")
READS = f"LIST {GAME}\nLIST\nSUMMARY {GAME}\nHISTORY {GAME}\nWHOAMI"


def _table(twin: Twin) -> tuple[dict[str, Seat], list[str]]:
    return survival_table(twin, ZONES)


def _read(twin: Twin, players: dict[str, Seat]) -> None:
    for seat in (players["RUSSIA"], OBSERVER):
        twin.send(seat.address, f"{seat.signon}\n{READS}")


def test_france_players_time_zone_is_not_told(databases: tuple[Database, Database]) -> None:
    twin = Twin(databases)
    players, watched = _table(twin)
    france = f"SIGNON F{GAME} pw-FRANCE"
    appointed = twin.send(MASTER.address, f"{MASTER.signon}\nSET COMMENTATOR observer")
    assert "commentator" in appointed[0].lower(), appointed[0]
    _read(twin, players)
    sent = send_as_france(twin, f"{france}\nPRESS TO Russia\nGuess who.\nENDPRESS")
    assert "commentator" in sent[0], sent[0]
    send_as_france(twin, f"{france}\nSET DRAW\nSET WAIT\nA Par H\nBROADCAST\nHi.\nENDPRESS")
    russia = players["RUSSIA"]
    twin.send(russia.address, f"{russia.signon}\nSET DRAW\nPRESS TO France\nWho?\nENDPRESS")
    _read(twin, players)
    sweep_at(twin, -timedelta(hours=25))
    sweep_at(twin, -timedelta(hours=1))
    sweep_at(twin, timedelta(minutes=1))
    _read(twin, players)
    sweep_at(twin, timedelta(days=3))
    _read(twin, players)
    got = "\n".join(twin.transcript(russia.address))
    assert "Hi." in got and "deadline extended" in got, got[-3000:]
    column = "\n".join(twin.transcript(OBSERVER.address))
    assert "commentator's copy" in column and "Guess who." in column, column[-3000:]
    told = twin.differences(watched)
    assert told == "", told


def test_france_players_absence_moves_the_deadline_alike(
        databases: tuple[Database, Database]) -> None:
    """SET ABSENCE reads its dates in the writer's time zone (judge/commands/absence.py):
    the same line from Alice (UTC) and Carol (Tokyo) moves the deadline to different
    times, which everyone is told."""
    twin = Twin(databases)
    players, watched = _table(twin)
    replies = send_as_france(twin, f"SIGNON F{GAME} pw-FRANCE\nSET ABSENCE 2026-11-05 2026-11-06")
    assert "Absence recorded" in replies[0], replies[0]
    _read(twin, players)
    told = twin.differences(watched)
    assert told == "", told


def test_the_end_notice_and_a_resignation_name_no_player(
        databases: tuple[Database, Database]) -> None:
    """France resigns (the master is asked to replace her), then the master ends the game.
    The notices everyone gets name powers only; after the end LIST and SUMMARY name the
    players (docs/variants/engineered.md F2: "until the game is over"), so the reads after
    it are the master's choice to publish and are not compared."""
    twin = Twin(databases)
    players, watched = _table(twin)
    resigned = send_as_france(twin, f"SIGNON F{GAME} pw-FRANCE\nRESIGN")
    assert "master" in resigned[0], resigned[0]
    _read(twin, players)
    twin.send(MASTER.address, f"{MASTER.signon}\nEND GAME DRAW")
    got = "\n".join(twin.transcript(players["RUSSIA"].address))
    assert "draw" in got.lower(), got[-3000:]
    told = twin.differences(watched)
    assert told == "", told
