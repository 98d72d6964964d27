"""Phase names of 1885-III's months in commands (issue #16 item 1): PHASE and HISTORY take
a month's phases in words or as codes; the March move (MAR) and the March builds (MARB)
share the name March, told apart by the kind (judge/game/history.py `parse_phase`)."""

from __future__ import annotations

from judge.game.history import parse_phase
from judge.variant_loader import load_variant
from tests.conversations.harness import Conversation
from tests.variants.v1885.mail_game import GAME, choose, orders, started

CALENDAR = load_variant("1885").rules.calendar


def test_month_names_read_as_the_phases_they_name() -> None:
    read = {text: str(parse_phase(CALENDAR, text)) for text in (
        "January 1885 Movement", "January 1885", "March 1885 Movement", "March 1885 Retreats",
        "March 1885 Adjustments", "March 1885 Builds", "December 1884 Set-up", "MARB1885A",
        "sep1886")}
    assert read == {"January 1885 Movement": "JAN1885M", "January 1885": "JAN1885M",
                    "March 1885 Movement": "MAR1885M", "March 1885 Retreats": "MAR1885R",
                    "March 1885 Adjustments": "MARB1885A", "March 1885 Builds": "MARB1885A",
                    "December 1884 Set-up": "DECB1884C", "MARB1885A": "MARB1885A",
                    "sep1886": "SEP1886M"}


def test_phase_and_history_by_mail_name_months(talk: Conversation) -> None:
    started(talk)
    choose(talk)
    ahead = orders(talk, "AUSTRIA", "PHASE March 1885 Adjustments", "Build A Vie")
    assert "Orders that follow are for MARB1885A" in ahead.body, ahead.body
    history = orders(talk, "ITALY", f"HISTORY {GAME} December 1884 Set-up")
    assert "error" not in history.body.lower(), history.body
    reports = [m.body for m in talk.mails_to("italy@example.org")]
    assert any("1885-III: December 1884 Set-up" in r for r in reports), reports
