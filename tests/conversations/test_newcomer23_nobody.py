"""Newcomer 23: a game nobody plays any more (every power in civil disorder) waits for its
deadlines; it used to process at each sweep, a phase an hour, since a power in civil
disorder is never waited for (docs/master.md, "Civil disorder"; njudge only slows such a
runaway, by its `min` hours between phases)."""

from __future__ import annotations

from datetime import timedelta

from judge.turns.deadlines import sweep_all
from tests.conversations.harness import START, Conversation
from tests.conversations.master_helpers import MASTER, Table, no_errors


def sweep_at(table: Table, hours: int) -> list[str]:
    table.talk.clock.set(START + timedelta(hours=hours))
    return sweep_all(table.talk.judge.db, table.talk.clock, table.talk.judge.postman)


def test_a_game_nobody_plays_waits_for_each_deadline(talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("SET NMR disorder"))
    sweep_at(table, 72)  # S1901M's deadline: everyone is late
    processed = " ".join(sweep_at(table, 96))  # grace ends: all seven in civil disorder
    assert processed.startswith("alpha S1901M: processed (grace ended; disorder for "), processed
    assert processed.count(", ") == 6, processed
    [told] = [m for m in talk.mails_to(MASTER) if m.subject == "alpha: civil disorder"]
    assert told.body.endswith(
        "Nobody plays alpha now: each phase is processed at its deadline, no sooner, until "
        "you REPLACE a power, PAUSE the game or END GAME.\n"), told.body
    deadline = table.open_turn()["deadline"]
    assert table.open_phase() == "F1901M"
    assert sweep_at(table, 97) == []  # nobody is owed, but nobody plays either
    table.talk.clock.set(deadline - timedelta(minutes=1))
    assert sweep_all(talk.judge.db, talk.clock, talk.judge.postman) == []
    assert table.open_phase() == "F1901M"
    talk.clock.set(deadline)
    done = sweep_all(talk.judge.db, talk.clock, talk.judge.postman)
    assert done == ["alpha F1901M: processed (the deadline passed with every power's orders "
                    "complete)"], done
    assert table.open_phase() == "S1902M"  # W1901A had nothing to adjust


def test_one_power_played_still_processes_as_soon_as_its_orders_are_in(
        talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("SET NMR disorder"))
    no_errors(table.player("FRANCE", "F bre H\nA mar H\nA par H"))
    sweep_at(table, 72)
    sweep_at(table, 96)  # the six others go into civil disorder
    [told] = [m for m in talk.mails_to(MASTER) if m.subject == "alpha: civil disorder"]
    assert "Nobody plays" not in told.body, told.body
    assert table.open_phase() == "F1901M"
    no_errors(table.player("FRANCE", "F bre H\nA mar H\nA par H"))
    assert table.open_phase() == "S1902M"  # W1901A had nothing to adjust


def test_a_game_every_player_resigned_from_waits_for_its_deadline(talk: Conversation) -> None:
    table = Table.started(talk)
    for power in sorted(table.players):
        no_errors(table.player(power, "RESIGN"))
    assert sweep_at(table, 1) == []
    assert table.open_phase() == "S1901M"
    done = sweep_at(table, 72)
    assert done == ["alpha S1901M: processed (the deadline passed with every power's orders "
                    "complete)"], done
