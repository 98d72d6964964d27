"""rn45 C4 4c, "A P unit must stay with the capturing unit or be disbanded" (issue #15 item
4): nothing limits the disbanding to the Winter, so its captor's country may disband a
prison with its Spring or Fall orders too; the losing country may then recreate its
engineer (3b)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.engine.outcome import Outcome
from judge.engine.types import Unit
from judge.store.db import Database
from tests.conversations.harness import Conversation
from tests.conversations.orders_board import edit_board
from tests.variants.engineered.scenario import board, happened, result, run
from tests.variants.folder_games import send_orders, started

TURKISH = {"bud": "TURKEY"}


def test_a_prison_is_disbanded_with_the_spring_orders() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS"], {"TUR": ["REMOVE P Bud", "A Bud - Ser"]},
               "S1902M", owners=TURKISH)
    assert board(turn) == {"TUR A ser"}  # the prison did not go with its captor
    assert result(turn, "TUR", "bud", "P").outcome == Outcome.SUCCEEDS
    assert "released TUR P bud" in happened(turn)


def test_a_prison_still_takes_no_move_and_only_its_holder_disbands_it() -> None:
    turn = run(["TUR A bud", "TUR P bud AUS"], {"TUR": ["P Bud - Ser"], "AUS": ["disband P Bud"]},
               "F1902M", owners=TURKISH)
    assert board(turn) == {"TUR A bud", "TUR P bud"}
    moved = result(turn, "TUR", "bud", "P")
    assert moved.outcome == Outcome.ILLEGAL
    assert moved.message == ("a prison goes only with its captor, or is disbanded: REMOVE P Bud "
                             "(rn45 C4 4c)")
    assert result(turn, "AUS", "bud", "P").message == (
        "you hold no prison in bud: an engineer captured becomes its captor's prison at the "
        "end of the season (rn45 C4 4a), and REMOVE P disbands one you hold (C4 4c)")


@pytest.fixture
def talk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Conversation]:
    monkeypatch.setenv("JUDGE_PICTURES", "off")
    yield Conversation(database)


def test_a_prison_disbanded_by_mail_in_the_fall(talk: Conversation) -> None:
    seats = started(talk, "engineered", players=7)
    units = (Unit("TURKEY", "A", "bul"), Unit("TURKEY", "P", "bul", (("owner", "AUSTRIA"),)),
             Unit("AUSTRIA", "A", "ser"))
    edit_board(talk, "F1901M", lambda position: position._replace(
        units=units, owners={"bul": "TURKEY", "ser": "AUSTRIA"}))
    reply = send_orders(talk, seats["TURKEY"], "REMOVE P Bul", "A Bul H")
    assert "[errors]" not in reply.subject, reply.body
    assert "  P Bulgaria DISBAND.\n" in reply.body
    send_orders(talk, seats["AUSTRIA"], "A Ser H")  # the others have no units
    report = [m for m in talk.mails_to(seats["AUSTRIA"][0]) if "results" in m.subject][-1]
    assert "Turkey:   P Bulgaria DISBAND.\n" in report.body
    assert ("Turkish P Bulgaria (taken from Austria): disbanded by its captor's country "
            "(C4 4c).") in report.body
