"""Newcomer 22: ROLLBACK reopens a game a vote or END GAME ended, where it stood.

docs/master.md: "ROLLBACK reopens a finished game". A master whose game ended by END GAME
(a slip) or by a draw vote in its first phase was told "no phase of alpha has been
processed yet; there is nothing to roll back"; later on, ROLLBACK undid a whole processed
phase to reopen it. Now ROLLBACK alone opens again the phase that was open, with its orders,
and clears the votes (left standing, they would end the game again at once).
"""

from __future__ import annotations

from judge.store.models import GameState
from tests.conversations.harness import Conversation
from tests.conversations.master_helpers import Table, done, error, no_errors


def test_rollback_reopens_a_game_the_master_ended_in_its_first_phase(
        talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.player("FRANCE", "A par-bur"))
    no_errors(table.master("END GAME DRAW France Germany"))
    reopened = no_errors(table.master("ROLLBACK"))
    assert done(reopened, "ROLLBACK").startswith(
        "alpha is reopened at Spring 1901 Movement, where it ended; no phase was undone. Draw "
        "and concession votes were cleared; everyone was told. Now open: Spring 1901 "
        "Movement"), reopened.body
    [told] = [m for m in talk.mails_to(table.address("ITALY")) if "Re:" not in m.subject
              and "over" not in m.subject]
    assert told.subject == "alpha: the game is reopened"
    assert told.body.startswith(
        "The master of alpha has reopened the game: its end is undone, and it plays on from "
        "Spring 1901 Movement. Your orders for it stand; draw and concession votes were "
        "cleared.\nNew deadline: "), told.body
    assert table.state() == GameState.ACTIVE
    assert table.settings()["result"] is None
    assert table.open_phase() == "S1901M"
    assert table.orders("S1901M")["FRANCE"] == ["A par-bur"]
    assert table.actions()[-1] == "reopen"


def test_rollback_after_a_passed_draw_undoes_no_phase_and_clears_the_votes(
        talk: Conversation) -> None:
    table = Table.started(talk)
    no_errors(table.master("PROCESS S1901M"))
    for power in table.players:
        no_errors(table.player(power, "SET DRAW"))
    assert table.state() == GameState.FINISHED
    no_errors(table.master("ROLLBACK"))
    assert table.open_phase() == "F1901M"  # S1901M stays processed
    assert [p for p, _, _, processed in table.snapshot() if processed] == ["S1901M"]
    # The votes went with the draw: one more vote does not end the game again.
    again = no_errors(table.player("FRANCE", "SET DRAW"))
    assert "The vote has passed" not in again.body, again.body
    assert table.state() == GameState.ACTIVE


def test_a_game_abandoned_before_its_start_cannot_be_reopened(talk: Conversation) -> None:
    table = Table.seated(talk, players=3)
    no_errors(table.master("END GAME"))
    refused = table.master("ROLLBACK")
    assert error(refused, "ROLLBACK") == (
        "game alpha ended before its start; there is nothing to reopen")
