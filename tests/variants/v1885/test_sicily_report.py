"""Sicily's owner in the reports (issue #16, last gaps item 2; l.24-27): Sicily is no supply
centre, but its owner, "the last Power to occupy it in any season", is Italy's build site's
condition, and public: every player reads it under the centre ownership."""

from __future__ import annotations

from judge.engine.turn import TurnResult
from judge.engine.types import Phase
from judge.variant_loader import load_variant
from tests.conversations.harness import Conversation
from tests.variants.v1885.adjudicate import folder_module
from tests.variants.v1885.mail_game import POWERS, address, choose, master, started

LINE = "Sicily (no supply centre; Italy builds there while she owns it): {}, the last power"


def test_every_player_reads_sicily_s_owner_under_the_centres(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    master(talk, "PROCESS")  # January 1885: nobody orders, every unit holds
    for power in POWERS:
        [report] = [m.body for m in talk.mails_to(address(power))
                    if "January 1885" in m.subject and "results" in m.subject]
        # Italy owns Sicily from the start (l.25).
        assert LINE.format("Italian") in report, report
        # In the centres' place (January changes none, so no centre list): after the
        # orders, before the next phase.
        orders, _, rest = report.partition(LINE.format("Italian"))
        assert "Turkey:" in orders and "The next phase is February 1885" in rest, report


def test_the_owner_is_the_last_power_to_occupy_it() -> None:
    variant = load_variant("1885")
    start = variant.start
    board = start._replace(state={**start.state, "sicily": "AUSTRIA"})
    turn = TurnResult(Phase(1885, "APR", "M"), (), board, (), None)
    view = folder_module("report").sicily_view(variant, turn, None, ())
    assert view.owner == "Austrian"
