"""adv2 #6: the master's notices list late powers in the variant's order, as reports list
powers, not in the order the players joined."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.deadlines import DEADLINE, MASTER, Table


def test_the_masters_late_list_is_in_the_reports_order(database: Database) -> None:
    table = Table(database)  # powers drawn at random: seats are not in the variant's order
    joined = list(table.address)
    assert joined != sorted(joined)  # else the test proves nothing
    table.order("FRANCE", "ITALY")
    table.at(DEADLINE)
    [told] = [m for m in table.talk.mails_to(MASTER)
              if m.subject.endswith("deadline passed")]
    assert "\nLate: Austria, England, Germany, Russia, Turkey.\n" in told.body
